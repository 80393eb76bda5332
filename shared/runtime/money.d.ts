// Types of money.js (hand-written: the module is plain JavaScript so node runs it as it is).

/** A whole number with the language's digit groups: uz and ru "1 250 000" (no-break spaces), en "1,250,000". */
export function formatCount(n: number, lang: 'uz' | 'ru' | 'en'): string;

/** An integer sum in so'm as the shop shows it: uz "1 250 000 soʻm", ru "1 250 000 сум", en "1,250,000 UZS" (no-break spaces). */
export function formatSum(amount: number, lang: 'uz' | 'ru' | 'en'): string;
