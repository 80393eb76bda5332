// A fake of the catalogue API's lists over a small set of cards, following docs/api.md: the filter body
// of POST …/resources/products (422 for price_min > price_max, and for a sum past 2 147 483 647), search words, pages with
// their total, and facets that each ignore their own filter and leave out entries of count 0; the
// search box's GET …/products/search (12 by default); the brand list. Names and labels may be given
// per language and are answered in the request's X-LANG.
import type { CategoryNode, Lang } from '@bozor/shared';
import type { CatalogFilter } from '../src/api/filter';

export type Text = string | Record<Lang, string>;

/** A node of the shell's category tree (GET …/resources/categories), its picture, description and count left empty. */
export function fakeCategory(id: number, slug: string, name: string, children: CategoryNode[] = []): CategoryNode {
  return { id, slug, name, children, description: '', icon: null, image_url: null, products_count: 0 };
}
const say = (text: Text, lang: Lang) => (typeof text === 'string' ? text : text[lang]);

export interface FakeOption {
  code: string;
  name: Text;
  value: string;
  label: Text;
}

/** A product of the fake catalogue: the card's fields the filter reads, the rest as card() makes it. */
export interface FakeProduct {
  id: number;
  name: string;
  price: number;
  brand: { slug: string; name: string };
  category: { slug: string; name: string };
  selected_variant?: { id: number; sku: string; options: FakeOption[] } | null;
  [field: string]: unknown;
}

/** Every brand of the fake shop (GET …/resources/brands), some without products. */
export const fakeBrands = [
  { id: 1, slug: 'tefal', name: 'Tefal' },
  { id: 2, slug: 'lg', name: 'LG' },
  { id: 3, slug: 'karcher', name: 'Kärcher' },
  { id: 4, slug: 'philips', name: 'Philips' },
];

/** The listing's body as the shop sends it (what the fake reads of it). */
type Filter = Partial<CatalogFilter>;

type Skip = 'brands' | 'price' | 'category' | `option:${string}`;

const words = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);
const optionsOf = (p: FakeProduct) => p.selected_variant?.options ?? [];

function matches(p: FakeProduct, f: Filter, skip?: Skip): boolean {
  if (f.q && !words(f.q).every((w) => `${p.name} ${p.brand.name}`.toLowerCase().includes(w))) return false;
  if (skip !== 'category' && f.category && p.category.slug !== f.category) return false;
  if (skip !== 'brands' && f.brands?.length && !f.brands.includes(p.brand.slug)) return false;
  if (skip !== 'price' && f.price_min !== undefined && p.price < f.price_min) return false;
  if (skip !== 'price' && f.price_max !== undefined && p.price > f.price_max) return false;
  if (f.in_stock && p.in_stock === false) return false;
  for (const [code, values] of Object.entries(f.options ?? {}))
    if (skip !== `option:${code}` && values.length && !optionsOf(p).some((o) => o.code === code && values.includes(o.value))) return false;
  return true;
}

/** The card as the API answers it, in `lang`. */
function cardIn(p: FakeProduct, lang: Lang) {
  const variant = p.selected_variant;
  return variant ? { ...p, selected_variant: { ...variant, options: variant.options.map((o) => ({ ...o, name: say(o.name, lang), label: say(o.label, lang) })) } } : p;
}

function count<T>(items: T[], keyOf: (item: T) => string): Map<string, { item: T; n: number }> {
  const out = new Map<string, { item: T; n: number }>();
  for (const item of items) {
    const key = keyOf(item);
    out.set(key, { item, n: (out.get(key)?.n ?? 0) + 1 });
  }
  return out;
}

/** POST …/resources/products: [status, answer]. */
export function fakeList(all: FakeProduct[], f: Filter, lang: Lang): [number, unknown] {
  // sums past a 32-bit integer: refused as the API did before it clamped them (the shop must not send them)
  for (const field of ['price_min', 'price_max'] as const)
    if ((f[field] ?? 0) > 2_147_483_647) return [422, { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { [field]: 'Too long.' } } }];
  if (f.price_min !== undefined && f.price_max !== undefined && f.price_min > f.price_max)
    return [422, { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { price_max: 'Must not be below price_min.' } } }];
  const found = all.filter((p) => matches(p, f));
  const perPage = f.per_page ?? 24;
  const page = f.page ?? 1;
  const brands = count(all.filter((p) => matches(p, f, 'brands')), (p) => p.brand.slug);
  const priced = all.filter((p) => matches(p, f, 'price')).map((p) => p.price);
  const categories = count(all.filter((p) => matches(p, f, 'category')), (p) => p.category.slug);
  const codes = [...new Set(all.flatMap((p) => optionsOf(p).map((o) => o.code)))];
  const options = codes.flatMap((code) => {
    const values = count(all.filter((p) => matches(p, f, `option:${code}`)).flatMap((p) => optionsOf(p).filter((o) => o.code === code)), (o) => o.value);
    const first = [...values.values()][0]?.item;
    return first ? [{ code, name: say(first.name, lang), values: [...values.values()].map(({ item, n }) => ({ value: item.value, label: say(item.label, lang), count: n })) }] : [];
  });
  return [
    200,
    {
      data: found.slice((page - 1) * perPage, page * perPage).map((p) => cardIn(p, lang)),
      meta: { total: found.length, page, per_page: perPage, last_page: Math.max(1, Math.ceil(found.length / perPage)), sort: f.q ? 'relevance' : 'popular' },
      facets: {
        brands: [...brands.values()].map(({ item, n }) => ({ ...item.brand, count: n })),
        price: { min: priced.length ? Math.min(...priced) : null, max: priced.length ? Math.max(...priced) : null },
        options,
        categories: [...categories.values()].map(({ item, n }) => ({ ...item.category, parent: null, count: n })),
      },
    },
  ];
}

/** GET …/resources/products/search?q=&limit= (the search box: the first `limit`, 12 by default, and how many match in all). */
export function fakeSearch(all: FakeProduct[], q: string, limit: number, lang: Lang) {
  const found = all.filter((p) => matches(p, { q }));
  return { data: found.slice(0, limit).map((p) => cardIn(p, lang)), categories: [], brands: [], meta: { q, total: found.length } };
}

/** GET …/resources/brands. */
export function fakeBrandList(all: FakeProduct[]) {
  return { data: fakeBrands.map((b) => ({ ...b, logo_url: null, products_count: all.filter((p) => p.brand.slug === b.slug).length })) };
}

/** What the fake API answers to one of a page's server-side requests (src/ssr.tsx `dataRequests`). */
export function fakeDataAnswer(all: FakeProduct[], request: { method: string; path: string; body?: Record<string, unknown> }, lang: Lang): unknown {
  if (request.path.endsWith('/resources/brands')) return fakeBrandList(all);
  if (request.method === 'POST' && request.path.endsWith('/resources/products')) {
    const [status, answer] = fakeList(all, request.body ?? {}, lang);
    return status === 200 ? answer : undefined;
  }
  return undefined;
}
