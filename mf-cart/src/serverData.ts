// The cart page rendered on the server (docs/operations.md "Server rendering"): the shell server checks
// the cart of the `bz_cart` cookie (@bozor/shared/cart-cookie) with the API and renders the page from that
// answer; the page carries it, and the browser's hydrating render starts from it when its own cart is
// exactly the one the cookie described — so nothing is checked twice and nothing jumps.
import { $accountType, $language, type CartItem } from '@bozor/shared';
import { CART_CHECK_KEY_PREFIX, cartCheckKey, encodeCartCookie } from '@bozor/shared/cart-cookie';
import { pageData } from '@bozor/shared/page-data';
import type { CartCheckAnswer } from '@bozor/shared/api/cart';

/** On the server: the answers of the request being rendered (set by src/ssr.tsx around one render). */
let serverData: Record<string, unknown> | null = null;

/** Server rendering only: the answers the page is rendered from (null when the render is over). */
export function setServerData(data: Record<string, unknown> | null): void {
  serverData = data;
}

/**
 * An answer the page can start from: lines, and no line that left the cart — a change naming a line
 * that is gone takes its name from the browser's cart, which the server does not have.
 */
function isSeed(value: unknown): value is CartCheckAnswer {
  const v = value as Partial<CartCheckAnswer> | null;
  return !!v && Array.isArray(v.data) && v.data.length > 0 && Array.isArray(v.changes) && v.changes.every((c) => c.change !== 'removed' && c.change !== 'unavailable');
}

/**
 * The server's check of the cart the page was rendered with, or undefined (the page checks the cart
 * itself). On the server: the one check it was handed. In the browser: the page's check for exactly
 * these lines, in this language, at individual prices (what the server renders with), until
 * {@link spendCartSeed}.
 */
export function peekCartSeed(items: readonly CartItem[]): CartCheckAnswer | undefined {
  const lang = $language.get();
  if (serverData) {
    const prefix = cartCheckKey(lang, '');
    const key = Object.keys(serverData).find((k) => k.startsWith(prefix));
    const value = key ? serverData[key] : undefined;
    return isSeed(value) ? value : undefined;
  }
  const encoded = $accountType.get() === 'individual' ? encodeCartCookie(items) : null;
  if (!encoded) return undefined;
  const value = pageData()[cartCheckKey(lang, encoded)];
  return isSeed(value) ? value : undefined;
}

/** The page has shown the server's check: a later visit to the cart checks it afresh. */
export function spendCartSeed(): void {
  if (serverData) return;
  const data = pageData();
  for (const key of Object.keys(data)) if (key.startsWith(CART_CHECK_KEY_PREFIX)) delete data[key];
}
