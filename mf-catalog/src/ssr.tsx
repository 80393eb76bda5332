// The catalogue's server entry (built by rspack.ssr.config.mjs into dist/<version>/ssr/catalog.cjs, next
// to the browser build). The shell server loads it beside the remote's manifest and renders the same
// route tree and search box the browser will hydrate. It brings none of the shared singletons: the
// shell server hands it its own react, react-router, i18next, nanostores and @bozor/shared.
import type { DataRequest, Lang } from '@bozor/shared';
import { filterBody, parseFilter } from './api/filter';
import { inlineKeys, setServerData } from './api/prefetch';

export { default as Routes } from './routes';
export { default as SearchBox } from './components/SearchBox';
export { setServerData };

export const contractVersion = __CONTRACT_VERSION__;

const CATALOG = '/backend/api/ext/v1';

/**
 * The API answers a catalogue page renders from (path after the language prefix, and the query). The
 * server renders as a guest, so with individual prices; pages without an entry here render their
 * loading state on the server.
 */
export function dataRequests(rest: string, search: string, lang: Lang): DataRequest[] {
  const account = 'individual';
  const path = rest.replace(/\/+$/, '');
  if (path === '') return [{ key: inlineKeys.home(lang, account), method: 'GET', path: `${CATALOG}/resources/home` }];
  if (path === 'catalog' || path === 'products') {
    const body = filterBody(parseFilter(new URLSearchParams(search)));
    return [{ key: inlineKeys.products(body, lang, account), method: 'POST', path: `${CATALOG}/resources/products`, body }];
  }
  const product = /^products\/([^/]+)$/.exec(path);
  if (product) {
    let slug: string;
    try {
      slug = decodeURIComponent(product[1] as string);
    } catch {
      return [];
    }
    return [
      { key: inlineKeys.product(slug, lang, account), method: 'GET', path: `${CATALOG}/resources/product/${encodeURIComponent(slug)}?resources[]=relateds` },
    ];
  }
  return [];
}
