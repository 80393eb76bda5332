import type { Lang } from './schemas';

const NBSP = '\u00a0';

/**
 * An integer sum in so'm as the shop shows it: uz "1 250 000 soʻm", ru "1 250 000 сум",
 * en "1,250,000 UZS". No fraction digits; the groups are joined by a no-break space in uz and ru.
 */
export function formatSum(amount: number, lang: Lang): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole));
  const sep = lang === 'en' ? ',' : NBSP;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const sign = whole < 0 ? '-' : '';
  switch (lang) {
    case 'uz':
      return `${sign}${grouped}${NBSP}soʻm`;
    case 'ru':
      return `${sign}${grouped}${NBSP}сум`;
    case 'en':
      return `${sign}${grouped}${NBSP}UZS`;
  }
}

/** Digits of an Uzbek phone number, always with the 998 country code: "90 123-45-67" → "998901234567". */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 9) return `998${digits}`;
  return digits;
}

/**
 * The two digits after +998 that belong to mobile operators. Landline area codes (71 Tashkent, 62
 * Khorezm…) are left out: a sign-in code cannot be texted to them, so the API refuses them.
 */
const UZ_MOBILE_CODES: readonly string[] = ['20', '33', '50', '55', '77', '88', '90', '91', '93', '94', '95', '97', '98', '99'];

/**
 * True for an Uzbek mobile number in any common spelling ("+998 90 123-45-67", "(90) 123 45 67",
 * "901234567"): exactly what the API accepts. The API's `normalizeUzMobile` (api/src/lib/phone.ts) is
 * the rule; the API cannot import this package, so the rule is written twice and both copies run
 * the same table, shared/test/vectors/uz-phones.json. Change the two together.
 */
export function isUzPhone(input: string): boolean {
  if (input.length > 40) return false;
  const trimmed = input.trim();
  if (!/^[\d\s\-().+]+$/.test(trimmed)) return false;
  const digits = normalizePhone(input);
  if (trimmed.startsWith('+') && !input.replace(/\D/g, '').startsWith('998')) return false;
  return /^998\d{9}$/.test(digits) && UZ_MOBILE_CODES.includes(digits.slice(3, 5));
}

/** "+998 90 123 45 67" for display; returns the input unchanged when it is not a full number. */
export function formatPhone(input: string): string {
  const d = normalizePhone(input);
  if (!/^998\d{9}$/.test(d)) return input;
  return `+998 ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10, 12)}`;
}
