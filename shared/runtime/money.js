// Sums of money as the shop writes them, once, for the API (its texts) and the storefront (`formatSum`,
// `formatCount` in shared/src/format.ts): plain ESM JavaScript so that node runs it from the API's dist/
// without a build step (docs/decisions.md "One rule, one copy"). Types: money.d.ts.

const NBSP = '\u00a0';

/**
 * A whole number with the language's digit groups: uz and ru "1 250 000" (no-break spaces), en "1,250,000".
 * Written by hand, as Chromium's ICU data groups Uzbek with commas.
 */
export function formatCount(n, lang) {
  const whole = Math.round(n);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : NBSP);
  return whole < 0 ? `-${grouped}` : grouped;
}

/**
 * An integer sum in so'm as the shop shows it: uz "1 250 000 soʻm", ru "1 250 000 сум",
 * en "1,250,000 UZS". No fraction digits; the groups are joined by a no-break space in uz and ru.
 */
export function formatSum(amount, lang) {
  const count = formatCount(amount, lang);
  switch (lang) {
    case 'uz':
      return `${count}${NBSP}soʻm`;
    case 'ru':
      return `${count}${NBSP}сум`;
    default:
      return `${count}${NBSP}UZS`;
  }
}
