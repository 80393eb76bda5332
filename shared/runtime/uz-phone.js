// The Uzbek mobile number rule, once, for the API (lib/phone.ts) and the storefront (`isUzPhone` in
// shared/src/format.ts): plain ESM JavaScript so that node runs it from the API's dist/ without a build
// step (docs/decisions.md "One rule, one copy"). Types: uz-phone.d.ts.

/**
 * Uzbek mobile operator codes (the two digits after +998). Landline area codes such as 71 (Tashkent)
 * or 62 (Khorezm) are not here: an SMS code cannot reach them.
 */
export const UZ_MOBILE_CODES = Object.freeze(['20', '33', '50', '55', '77', '88', '90', '91', '93', '94', '95', '97', '98', '99']);

/**
 * Normalises a phone typed in any common form — "+998 90 123-45-67", "(90) 123 45 67",
 * "998901234567", "90 123 45 67" — to E.164 "+998901234567". Returns null for anything that is not an
 * Uzbek mobile number.
 */
export function normalizeUzMobile(input) {
  if (input.length > 40) return null;
  if (!/^[\d\s\-().+]+$/.test(input.trim())) return null;
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+') && !digits.startsWith('998')) return null;
  if (digits.length === 9) digits = `998${digits}`;
  if (digits.length !== 12 || !digits.startsWith('998')) return null;
  if (!UZ_MOBILE_CODES.includes(digits.slice(3, 5))) return null;
  return `+${digits}`;
}

/** True for an Uzbek mobile number in any common spelling: exactly what the API accepts. */
export function isUzPhone(input) {
  return normalizeUzMobile(input) !== null;
}
