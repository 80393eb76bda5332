export const LANGS = ['uz', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'uz';

/** Reads the X-LANG header (docs/product.md "Request headers"); anything unknown falls back to Uzbek. */
export function parseLang(header: string | string[] | undefined): Lang {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  return (LANGS as readonly string[]).includes(value ?? '') ? (value as Lang) : DEFAULT_LANG;
}

/**
 * The request's language: its X-LANG when it sends one, else the first shop language of its `Accept-Language`
 * by preference (`ru-RU,ru;q=0.9,en;q=0.8` → ru; `uz-Cyrl` → uz), else Uzbek.
 */
export function requestLang(xLang: string | string[] | undefined, acceptLanguage: string | undefined): Lang {
  if (xLang !== undefined && xLang !== '') return parseLang(xLang);
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().toLowerCase().split(';');
      const q = options.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().slice(0, 2), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => (LANGS as readonly string[]).includes(w.lang) && w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (wanted[0]?.lang as Lang | undefined) ?? DEFAULT_LANG;
}

/** A text in the three shop languages. */
export type Localized = Record<Lang, string>;

/** Picks the text in `lang`, falling back to Uzbek when that translation is missing. */
export function pick(text: Partial<Localized> | null | undefined, lang: Lang): string {
  if (!text) return '';
  return text[lang] || text.uz || text.ru || text.en || '';
}

/** A span of time in each language, in whole hours when it is whole hours ("48 soat", "48 часов", "48 hours"), else in minutes. */
export function timeSpan(minutes: number): Localized {
  const [unit, n] = minutes % 60 === 0 ? (['hour', minutes / 60] as const) : (['minute', minutes] as const);
  const say = (lang: Lang) => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
  return { uz: say('uz'), ru: say('ru'), en: say('en') };
}
