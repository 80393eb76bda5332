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
 * True for an Uzbek mobile number in any common spelling ("+998 90 123-45-67", "(90) 123 45 67",
 * "901234567"): exactly what the API accepts, since it is the API's own rule (`@bozor/shared-runtime`,
 * runtime/uz-phone.js).
 */
export { isUzPhone } from '@bozor/shared-runtime/uz-phone';

/** "+998 90 123 45 67" for display; returns the input unchanged when it is not a full number. */
export function formatPhone(input: string): string {
  const d = normalizePhone(input);
  if (!/^998\d{9}$/.test(d)) return input;
  return `+998 ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10, 12)}`;
}
