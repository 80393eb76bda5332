/**
 * Uzbek mobile operator codes (the two digits after +998). Landline area codes such as
 * 71 (Tashkent) or 62 (Khorezm) are not here: an SMS code cannot reach them.
 */
export const UZ_MOBILE_CODES = ['20', '33', '50', '55', '77', '88', '90', '91', '93', '94', '95', '97', '98', '99'] as const;

/**
 * Normalises a phone typed in any common form — "+998 90 123-45-67", "(90) 123 45 67",
 * "998901234567", "90 123 45 67" — to E.164 "+998901234567". Returns null for anything
 * that is not an Uzbek mobile number. The storefront's `isUzPhone` (shared/src/format.ts) copies this
 * rule; both run shared/test/vectors/uz-phones.json, so change the two together.
 */
export function normalizeUzMobile(input: string): string | null {
  if (input.length > 40) return null;
  if (!/^[\d\s\-().+]+$/.test(input.trim())) return null;
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+') && !digits.startsWith('998')) return null;
  if (digits.length === 9) digits = `998${digits}`;
  if (digits.length !== 12 || !digits.startsWith('998')) return null;
  const operator = digits.slice(3, 5);
  if (!(UZ_MOBILE_CODES as readonly string[]).includes(operator)) return null;
  return `+${digits}`;
}

/** "+998901234567" → "+998 90 ***-**-67", for showing where a code went. */
export function maskPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 12) return phone;
  return `+${d.slice(0, 3)} ${d.slice(3, 5)} ***-**-${d.slice(10)}`;
}
