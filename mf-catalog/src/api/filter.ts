// The catalogue filter lives in the URL (shareable, the back button restores it). These two functions
// are the only translation between the query string and the API's filter body.
import type { Body } from '@bozor/shared';

/** The listing's filter as POST …/resources/products takes it. */
export type ProductsBody = Body<'/backend/api/ext/v1/resources/products', 'post'>;

export const SORTS = ['popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
export type Sort = (typeof SORTS)[number];
export const PER_PAGE = 24;

export interface CatalogFilter {
  category?: string;
  brands?: string[];
  price_min?: number;
  price_max?: number;
  options?: Record<string, string[]>;
  in_stock?: boolean;
  discounted?: boolean;
  q?: string;
  sort?: Sort;
  page: number;
  per_page: number;
}

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : undefined);

/**
 * The brands of a query string: `?brands=a,b`, else the old `?brand=a` (one slug: the sitemap published such
 * links before, and people type them), so an old link lists the brand instead of the whole catalogue.
 * Written back (filterToParams) it is `?brands=`.
 */
function brandsOf(params: URLSearchParams): string[] | undefined {
  const brands = list(params.get('brands'));
  if (brands?.length) return brands;
  const old = params.get('brand')?.trim().toLowerCase();
  return old ? [old] : undefined;
}

const int = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * The highest sum the API takes as a price bound (a 32-bit integer: it refuses longer ones with 422).
 * The price boxes take no more, and a bigger bound from a link is read as this one: no product costs
 * that much, so a lowest price there finds nothing and a highest one leaves every product in.
 */
export const MAX_PRICE = 2_147_483_647;
const price = (v: string | null) => {
  const n = int(v);
  return n === undefined ? undefined : Math.min(n, MAX_PRICE);
};

/** The last page the API takes (a bigger one is refused): a link past it asks for this one, which says it does not exist. */
export const MAX_PAGE = 10_000;
const page = (v: string | null) => Math.min(MAX_PAGE, Math.max(1, int(v) ?? 1));

/** The API takes search words up to this length (longer: 422). */
export const MAX_QUERY = 500;

/**
 * A price range as the API takes it (`price_min ≤ price_max`). A pair the wrong way round (a link
 * shared or typed by hand) is read as the range between the two, so the page still loads.
 */
function priceRange(min: number | undefined, max: number | undefined): { price_min?: number; price_max?: number } {
  return min !== undefined && max !== undefined && min > max ? { price_min: max, price_max: min } : { price_min: min, price_max: max };
}

/** The search words of a query string: trimmed, at most MAX_QUERY characters, undefined when empty. */
const searchWords = (v: string | null) => v?.trim().slice(0, MAX_QUERY) || undefined;

/** Reads the filter from a query string; unknown or malformed values are ignored. */
export function parseFilter(params: URLSearchParams): CatalogFilter {
  const options: Record<string, string[]> = {};
  for (const [key, value] of params) if (key.startsWith('opt_') && /^opt_[a-z_]{1,30}$/.test(key)) options[key.slice(4)] = value.split(',').filter(Boolean);
  const sort = params.get('sort');
  const category = params.get('category');
  return {
    category: category && /^[a-z0-9-]+$/.test(category) ? category : undefined,
    brands: brandsOf(params),
    ...priceRange(price(params.get('price_min')), price(params.get('price_max'))),
    options: Object.keys(options).length ? options : undefined,
    in_stock: params.get('in_stock') === 'true' || undefined,
    discounted: params.get('discounted') === 'true' || undefined,
    q: searchWords(params.get('q')),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : undefined,
    page: page(params.get('page')),
    per_page: PER_PAGE,
  };
}

/**
 * The search results page's request: every product matching ?q=… (the catalogue's list with its search
 * words, so with its total and pages), on ?page=…; nothing else of the URL narrows it.
 */
export function parseSearch(params: URLSearchParams): CatalogFilter {
  return { q: searchWords(params.get('q')), page: page(params.get('page')), per_page: PER_PAGE };
}

/**
 * The whole catalogue's facets (one card, no filter): every category, brand and option value a visible
 * product has, with its name. Ticked entries the list's own facets leave out are named from it.
 */
export const REFERENCE_BODY: ProductsBody = { per_page: 1 };

/** Writes a filter back to a query string (empty values left out, page 1 left out). */
export function filterToParams(f: CatalogFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.category) p.set('category', f.category);
  if (f.brands?.length) p.set('brands', f.brands.join(','));
  if (f.price_min !== undefined) p.set('price_min', String(f.price_min));
  if (f.price_max !== undefined) p.set('price_max', String(f.price_max));
  for (const [code, values] of Object.entries(f.options ?? {})) if (values.length) p.set(`opt_${code}`, values.join(','));
  if (f.in_stock) p.set('in_stock', 'true');
  if (f.discounted) p.set('discounted', 'true');
  if (f.q) p.set('q', f.q);
  if (f.sort) p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The API body: the same filter without undefined fields (in the filter's order: the inline key is its JSON). */
export function filterBody(f: CatalogFilter): ProductsBody {
  const body: ProductsBody = { ...f };
  for (const key of Object.keys(body) as (keyof ProductsBody)[]) if (body[key] === undefined) delete body[key];
  return body;
}
