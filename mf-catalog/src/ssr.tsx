// The catalogue's server entry (built by rspack.ssr.config.mjs into dist/<version>/ssr/catalog.cjs, next
// to the browser build). The shell server loads it beside the remote's manifest and renders the same
// route tree and search box the browser will hydrate. It brings none of the shared singletons: the
// shell server hands it its own react, react-router, i18next, nanostores and @bozor/shared.
import { INFO_PAGES, apiUrl, type DataRequest, type Lang } from '@bozor/shared';
import { REFERENCE_BODY, filterBody, parseFilter, parseSearch } from './api/filter';
import { inlineKeys, setServerData } from './api/prefetch';
import { BLOGS_QUERY } from '@bozor/shared/api/content';

export { default as Routes } from './routes';
export { default as SearchBox } from './components/SearchBox';
export { setServerData };

export const contractVersion = __CONTRACT_VERSION__;

/** The addresses a page's answers are asked at: those of the calls its page makes (src/hooks, @bozor/shared/api/content). */
const paths = {
  home: apiUrl('/backend/api/ext/v1/resources/home', 'get'),
  brands: apiUrl('/backend/api/ext/v1/resources/brands', 'get'),
  categories: apiUrl('/backend/api/ext/v1/resources/categories', 'get'),
  blogs: apiUrl('/backend/api/ext/v1/resources/blogs', 'get', { query: BLOGS_QUERY }),
  blog: (slug: string) => apiUrl('/backend/api/ext/v1/resources/blogs/{slug}', 'get', { path: { slug } }),
  page: (slug: string) => apiUrl('/backend/api/ext/v1/resources/pages/{slug}', 'get', { path: { slug } }),
  markets: apiUrl('/api/store/stores', 'get'),
  products: apiUrl('/backend/api/ext/v1/resources/products', 'post'),
  product: (slug: string) => apiUrl('/backend/api/ext/v1/resources/product/{slug}', 'get', { path: { slug }, query: { 'resources[]': 'relateds' } }),
};

/** The information pages with a text of their own (`pages` is their list, which needs no answer). */
const INFO_TEXTS: readonly string[] = INFO_PAGES.filter((page) => page !== 'pages');

/** A path segment as the page's route reads it, or null when it is a broken escape. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The API answers a catalogue page renders from (path after the language prefix, and the query). The
 * server renders as a guest, so with individual prices; pages without an entry here render their
 * loading state on the server. Each asks what its page would (src/hooks, @bozor/shared/api/content).
 */
export function dataRequests(rest: string, search: string, lang: Lang): DataRequest[] {
  const account = 'individual';
  const path = rest.replace(/\/+$/, '');
  if (path === '') return [{ key: inlineKeys.home(lang, account), method: 'GET', path: paths.home }];
  if (path === 'brands') return [{ key: inlineKeys.brands(lang), method: 'GET', path: paths.brands }];
  if (path === 'categories') return [{ key: inlineKeys.categories(lang), method: 'GET', path: paths.categories }];
  if (path === 'blogs') return [{ key: inlineKeys.blogs(lang), method: 'GET', path: paths.blogs }];
  if (path === 'markets') return [{ key: inlineKeys.markets(lang), method: 'GET', path: paths.markets }];
  if (INFO_TEXTS.includes(path)) return [{ key: inlineKeys.page(path, lang), method: 'GET', path: paths.page(path) }];
  const blog = /^blogs\/([^/]+)$/.exec(path);
  if (blog) {
    const slug = decodeSegment(blog[1] as string);
    return slug === null ? [] : [{ key: inlineKeys.blog(slug, lang), method: 'GET', path: paths.blog(slug) }];
  }
  if (path === 'catalog' || path === 'products') {
    const filter = parseFilter(new URLSearchParams(search));
    const body = filterBody(filter);
    const requests: DataRequest[] = [{ key: inlineKeys.products(body, lang, account), method: 'POST', path: paths.products, body }];
    // names for ticked brands and options the list's facets may leave out (count 0: a shared link),
    // so the chips and the panel are named in the HTML (components/catalog/filterLabels.ts)
    if (filter.brands?.length) requests.push({ key: inlineKeys.brands(lang), method: 'GET', path: paths.brands });
    if (Object.values(filter.options ?? {}).some((values) => values.length > 0)) requests.push({ key: inlineKeys.products(REFERENCE_BODY, lang, account), method: 'POST', path: paths.products, body: REFERENCE_BODY });
    return requests;
  }
  if (path === 'search') {
    const body = filterBody(parseSearch(new URLSearchParams(search)));
    return body.q ? [{ key: inlineKeys.products(body, lang, account), method: 'POST', path: paths.products, body }] : [];
  }
  const product = /^products\/([^/]+)$/.exec(path);
  if (product) {
    const slug = decodeSegment(product[1] as string);
    return slug === null
      ? []
      : [{ key: inlineKeys.product(slug, lang, account), method: 'GET', path: paths.product(slug) }];
  }
  return [];
}
