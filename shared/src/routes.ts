// The shop's route table (docs/product.md "Routes"): which remote owns each path after the /{lang} prefix. The shell's
// router and its Node server (404 status, <head>, sitemap) both read it, so it imports nothing.

export const ROUTE_LANGS = ['uz', 'ru', 'en'] as const;
export type RouteLang = (typeof ROUTE_LANGS)[number];
export type RouteRemote = 'catalog' | 'cart' | 'checkout' | 'account';

/** Information pages of the footer (docs/product.md "Routes"). */
export const INFO_PAGES = ['about', 'contacts', 'delivery', 'how-to-buy', 'return', 'public-offer', 'pages'] as const;

export type PageName =
  | 'home'
  | 'catalog'
  | 'categories'
  | 'products'
  | 'product'
  | 'brands'
  | 'blogs'
  | 'blog'
  | 'markets'
  | 'search'
  | 'favourites'
  | 'info'
  | 'cart'
  | 'checkout'
  | 'checkout-payment'
  | 'checkout-confirmed'
  | 'account'
  | 'account-orders';

const TABLE: readonly [pattern: string, remote: RouteRemote, page: PageName][] = [
  ['', 'catalog', 'home'],
  ['catalog', 'catalog', 'catalog'],
  ['categories', 'catalog', 'categories'],
  ['products', 'catalog', 'products'],
  ['products/:slug', 'catalog', 'product'],
  ['brands', 'catalog', 'brands'],
  ['blogs', 'catalog', 'blogs'],
  ['blogs/:slug', 'catalog', 'blog'],
  ['markets', 'catalog', 'markets'],
  ['search', 'catalog', 'search'],
  ['favourites', 'catalog', 'favourites'],
  ...INFO_PAGES.map((p) => [p, 'catalog', 'info'] as [string, RouteRemote, PageName]),
  ['cart', 'cart', 'cart'],
  ['checkout', 'checkout', 'checkout'],
  ['checkout/payment', 'checkout', 'checkout-payment'],
  ['checkout/confirmed', 'checkout', 'checkout-confirmed'],
  ['account', 'account', 'account'],
  ['account/orders', 'account', 'account-orders'],
];

export interface RouteMatch {
  remote: RouteRemote;
  page: PageName;
  params: Record<string, string>;
}

function decodeParam(part: string): string | null {
  try {
    const value = decodeURIComponent(part);
    // eslint-disable-next-line no-control-regex -- a path parameter never holds control characters
    return /[\u0000-\u001f\u007f]/.test(value) ? null : value;
  } catch {
    return null;
  }
}

/** Matches the path after the language prefix ("products/chair", "" for home); null when unknown. */
export function matchRoute(rest: string): RouteMatch | null {
  const parts = rest.split('/').filter(Boolean);
  for (const [pattern, remote, page] of TABLE) {
    const pp = pattern.split('/').filter(Boolean);
    if (pp.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    pp.forEach((seg, i) => {
      const part = parts[i] as string;
      if (!seg.startsWith(':')) ok &&= seg === part;
      else {
        // A malformed escape ("%E0%A4%A") or a control character names nothing: no route, so a 404.
        const value = decodeParam(part);
        if (value === null) ok = false;
        else params[seg.slice(1)] = value;
      }
    });
    if (ok) return { remote, page, params };
  }
  return null;
}

/** The remote that owns a first path segment, or null (the shell's 404). */
export function remoteForSegment(segment: string): RouteRemote | null {
  const hit = TABLE.find(([pattern]) => pattern.split('/')[0] === segment);
  return hit ? hit[1] : null;
}

/** Splits "/ru/products/x" into { lang: 'ru', rest: 'products/x' }; null when there is no language prefix. */
export function splitLangPath(pathname: string): { lang: RouteLang; rest: string } | null {
  const m = /^\/(uz|ru|en)(?:\/(.*))?$/.exec(pathname);
  if (!m) return null;
  return { lang: m[1] as RouteLang, rest: (m[2] ?? '').replace(/\/+$/, '') };
}

/** The same page in another language: "/ru/cart?x=1" → "/en/cart?x=1". */
export function switchLangPath(pathWithQuery: string, lang: RouteLang): string {
  const replaced = pathWithQuery.replace(/^\/(uz|ru|en)(?=\/|\?|#|$)/, `/${lang}`);
  return replaced === pathWithQuery && !/^\/(uz|ru|en)(\/|\?|#|$)/.test(pathWithQuery) ? `/${lang}${pathWithQuery === '/' ? '' : pathWithQuery}` : replaced;
}

/** Layout of a page: the checkout layout for checkout and checkout/payment, default for all else. */
export function layoutFor(page: PageName | null): 'checkout' | 'default' {
  return page === 'checkout' || page === 'checkout-payment' ? 'checkout' : 'default';
}

const SLUG = /^[a-z0-9-]{1,100}$/;

/**
 * What a catalogue page (`catalog`, `products`) lists, as its own address says it — one category
 * (`?category=`), one brand (`?brands=`, the filter's list with one entry, or the old `?brand=`) and the
 * page (`?page=`, from 2): the query a search engine should index it by (its canonical link, the sitemap),
 * always written with `?brands=`. Sort, price and other filters only narrow the same list and are left out;
 * a malformed value is left out too.
 */
export function catalogListQuery(params: URLSearchParams): { category?: string; brand?: string; query: string } {
  const category = params.get('category') ?? '';
  // the old `?brand=` (one slug) lists the same as `?brands=` (mf-catalog src/api/filter.ts): named by it
  const brand = params.get('brands') || (params.get('brand')?.trim().toLowerCase() ?? '');
  const page = Number(params.get('page'));
  const out = new URLSearchParams();
  const listed: { category?: string; brand?: string } = {};
  if (SLUG.test(category)) out.set('category', (listed.category = category));
  if (SLUG.test(brand)) out.set('brands', (listed.brand = brand));
  if (Number.isSafeInteger(page) && page >= 2) out.set('page', String(page));
  const query = out.toString();
  return { ...listed, query: query ? `?${query}` : '' };
}
