// The card number rule, once, for the API (cards.schema.ts) and the checkout's card form: plain ESM
// JavaScript so that node runs it from the API's dist/ without a build step
// (docs/decisions.md "One rule, one copy"). Types: card-number.d.ts.

/** "8600 0691 9540 6311" → "8600069195406311": the spaces and dashes people type, dropped. */
export function cardDigits(input) {
  return input.replace(/[\s-]/g, '');
}

/**
 * True for exactly 16 digits (Uzcard 8600…, Humo 9860… and the Visa and Mastercard cards issued in
 * Uzbekistan all have 16) with a valid Luhn checksum.
 */
export function luhnValid(digits) {
  if (!/^\d{16}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True for a card number, as typed, that POST /api/payments/card/create takes. */
export function cardNumberValid(input) {
  return luhnValid(cardDigits(input));
}
