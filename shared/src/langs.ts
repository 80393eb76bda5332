// The shop's languages (docs/product.md "The shop"). Kept apart from the zod schemas so that the `@bozor/shared` singleton,
// which every page loads before its first render, does not pull zod in for two constants.
export const LANGS = ['uz', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'uz';
