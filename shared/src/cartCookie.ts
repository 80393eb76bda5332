// The cart's mirror in a cookie, so that the shell server can render the cart page (docs/operations.md
// "Server rendering"). The cart itself lives in the browser (localStorage 'cart', shell/src/stores/
// persistence.ts); the cookie carries only what the server's cart check needs — product, variant, quantity
// and the price the shopper last saw — never names or anything about the shopper. The shell writes it
// (through the `@bozor/shared/cart-cookie` subpath, cartMirror.ts), the shell server reads it with this
// file, which therefore imports nothing, and the cart remote finds the server's answer by the same key.

export const CART_COOKIE = 'bz_cart';

/** A longer cart is not mirrored (a cookie stays small): its page is rendered in the browser. */
export const CART_COOKIE_MAX_LINES = 40;

/** One line as the cookie carries it, and as the server's cart check takes it. */
export interface CartCookieLine {
  product_id: number;
  variant_id?: number;
  quantity: number;
  price: number;
}

const LINE = /^(\d{1,12})\.(\d{0,12})\.(\d{1,6})\.(\d{1,15})$/;

/** The cookie's value for lines as it carries them (what {@link decodeCartCookie} gives back). */
export function encodeCartLines(lines: readonly CartCookieLine[]): string {
  return lines.map((l) => `${l.product_id}.${l.variant_id ?? ''}.${l.quantity}.${l.price}`).join('_');
}

/** The lines of a cookie value, or null when it is not one this module wrote. */
export function decodeCartCookie(value: string): CartCookieLine[] | null {
  if (value === '') return [];
  const parts = value.split('_');
  if (parts.length > CART_COOKIE_MAX_LINES) return null;
  const lines: CartCookieLine[] = [];
  for (const part of parts) {
    const m = LINE.exec(part);
    if (!m) return null;
    const line: CartCookieLine = { product_id: Number(m[1]), quantity: Number(m[3]), price: Number(m[4]) };
    if (m[2]) line.variant_id = Number(m[2]);
    lines.push(line);
  }
  return lines;
}

/** What every {@link cartCheckKey} starts with, in any language. */
export const CART_CHECK_KEY_PREFIX = 'cart-check|';

/**
 * The key of the server's cart check in the page's data: the language and the lines as encoded. The
 * browser computes it from its own cart, so an answer rendered from a cookie that no longer matches the
 * cart (another tab, an old page) is never used.
 */
export function cartCheckKey(lang: string, encoded: string): string {
  return `${CART_CHECK_KEY_PREFIX}${lang}|${encoded}`;
}
