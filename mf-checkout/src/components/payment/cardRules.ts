/**
 * True for a card number the API takes: spaces and dashes dropped, exactly 16 digits (Uzcard, Humo,
 * Visa, Mastercard) with a valid Luhn checksum. The API's rule (cards.schema.ts and `luhnValid` in
 * api/src/providers/payments/payment.ts) is the authority; the API cannot be imported here, so both
 * copies run the same table, shared/test/vectors/card-numbers.json. Change the two together.
 */
export function luhnValid(input: string): boolean {
  const digits = input.replace(/[\s-]/g, '');
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

/** True for "MM/YY" with a real month that has not ended yet. */
export function expiryValid(input: string, now: Date = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(input);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
