// The cart's server entry (built by rspack.ssr.config.mjs into dist/<version>/ssr/cart.cjs, next to the
// browser build). The shell server loads it beside the remote's manifest and renders the cart page from
// the cart's cookie mirror. It brings none of the shared singletons: the shell server hands it its own
// react, react-router, i18next, nanostores and @bozor/shared.
import { apiUrl, type DataRequest, type Lang, type SsrContext } from '@bozor/shared';
import { cartCheckKey, encodeCartLines } from '@bozor/shared/cart-cookie';
import { setServerData } from './serverData';

export { default as Routes } from './routes';
export { setServerData };

export const contractVersion = __CONTRACT_VERSION__;

/**
 * The cart page is rendered from the guest cart check of the cookie's lines (individual prices, as the
 * server renders). Without lines (no cookie, or an empty cart) there is nothing to ask: the server
 * renders the page's frame and the browser fills it.
 */
export function dataRequests(rest: string, _search: string, lang: Lang, context: SsrContext): DataRequest[] {
  const lines = context.cart;
  if (rest.replace(/\/+$/, '') !== 'cart' || !lines || lines.length === 0) return [];
  return [{ key: cartCheckKey(lang, encodeCartLines(lines)), method: 'POST', path: apiUrl('/api/cart/check', 'post'), body: { cart_data: lines } }];
}
