// Types of uz-phone.js (hand-written: the module is plain JavaScript so node runs it as it is).

/** Uzbek mobile operator codes (the two digits after +998); landline area codes are not here. */
export const UZ_MOBILE_CODES: readonly ['20', '33', '50', '55', '77', '88', '90', '91', '93', '94', '95', '97', '98', '99'];

/** "+998 90 123-45-67", "(90) 123 45 67", "901234567"… → "+998901234567"; null when not an Uzbek mobile. */
export function normalizeUzMobile(input: string): string | null;

/** True for an Uzbek mobile number in any common spelling: exactly what the API accepts. */
export function isUzPhone(input: string): boolean;
