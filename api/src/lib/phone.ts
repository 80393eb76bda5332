/**
 * "+998 90 123-45-67", "(90) 123 45 67", "998901234567", "90 123 45 67" → "+998901234567"; null for
 * anything that is not an Uzbek mobile number. One rule for the API and the storefront's `isUzPhone`:
 * `@bozor/shared-runtime/uz-phone` (docs/decisions.md "One rule, one copy").
 */
export { normalizeUzMobile } from '@bozor/shared-runtime/uz-phone';

/** "+998901234567" → "+998 90 ***-**-67", for showing where a code went. */
export function maskPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 12) return phone;
  return `+${d.slice(0, 3)} ${d.slice(3, 5)} ***-**-${d.slice(10)}`;
}
