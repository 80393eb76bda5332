// `@bozor/shared/cart-cookie`: the cart's cookie mirror (cartCookie.ts) and how a cart is written into it.
import { cartLineKey } from './cartLine';
import { CART_COOKIE_MAX_LINES, encodeCartLines, type CartCookieLine } from './cartCookie';
import type { CartItem } from './schemas';

export * from './cartCookie';

/**
 * The cookie's value for these lines ("" for an empty cart), or null when they cannot be mirrored: too
 * many lines, or a line that names its variant by SKU or options rather than by id (only the browser's
 * own check resolves those exactly as the page will show them).
 */
export function encodeCartCookie(items: readonly CartItem[]): string | null {
  if (items.length > CART_COOKIE_MAX_LINES) return null;
  const lines: CartCookieLine[] = [];
  for (const item of items) {
    const m = /^(\d+)(?:\|v(\d+))?$/.exec(cartLineKey(item));
    if (!m || !Number.isSafeInteger(item.quantity) || item.quantity < 1 || item.quantity > 999_999) return null;
    if (!Number.isSafeInteger(item.price) || item.price < 0) return null;
    lines.push({ product_id: Number(m[1]), ...(m[2] ? { variant_id: Number(m[2]) } : {}), quantity: item.quantity, price: item.price });
  }
  return encodeCartLines(lines);
}
