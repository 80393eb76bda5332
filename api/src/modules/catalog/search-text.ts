/**
 * Search text normalisation (docs/architecture.md "Data and search"): lower case, every Uzbek apostrophe variant
 * unified (and then dropped, so "oʻ", "o'", "o`" and plain "o" all meet), Uzbek Cyrillic and
 * Russian transliterated to Uzbek Latin. The same function runs over product names when they are
 * stored and over the shopper's query, so both sides always agree.
 */
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'j', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'x', ц: 's', ч: 'ch', ш: 'sh', щ: 'sh', ъ: '',
  ы: 'i', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Uzbek Cyrillic letters.
  ў: 'o', қ: 'q', ғ: 'g', ҳ: 'h',
};

/** ʻ ‘ ’ ` ' ʼ ′ and the modifier letters Uzbek is typed with. */
const APOSTROPHES = /[ʻʼʹ‘’`'′´]/g;

export function normaliseSearchText(input: string): string {
  const lower = input.normalize('NFC').toLowerCase().replace(APOSTROPHES, '');
  let out = '';
  for (const ch of lower) out += CYRILLIC[ch] ?? ch;
  return out
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // ä → a (Kärcher), é → e
    .replace(/[^a-z0-9.,×x+-]+/g, ' ')
    .replace(/(\d),(\d)/g, '$1.$2') // "1,7" and "1.7" are the same volume
    .replace(/\s+/g, ' ')
    .trim();
}

/** Query words worth matching: at most 8, each 1–40 characters, duplicates dropped. */
export function searchTokens(query: string): string[] {
  const words = normaliseSearchText(query)
    .split(' ')
    .map((w) => w.replace(/^[.,+-]+|[.,+-]+$/g, ''))
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, 40));
  return [...new Set(words)].slice(0, 8);
}

/**
 * The words a search matches on: one-letter words ("l" of "1.7 l", "x") are in almost every
 * product, so they only count when the query has nothing longer.
 */
export function matchTokens(tokens: string[]): string[] {
  const longer = tokens.filter((t) => t.length > 1);
  return longer.length > 0 ? longer : tokens;
}
