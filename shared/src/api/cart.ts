// POST /api/cart/check (docs/product.md "Cart", docs/api.md "The cart"). Imported by subpath
// (`@bozor/shared/api/cart`): bundled into the remote that uses it, stateless, type-only imports.
import type { Answer, ApiRequester } from './client';
import type { CartItem } from '../schemas';

/** What the server changed in a line: gone, no longer sold, capped at stock, or a new price. */
export type CartChangeKind = 'removed' | 'unavailable' | 'quantity_capped' | 'price_changed';

export interface CartChange {
  product_id: number;
  variant_id: number | null;
  change: CartChangeKind;
}

/**
 * A checked line: a cart item plus its stock and the most it may hold (`max_quantity`: the stock, and at most
 * ORDER_LINE_MAX_QTY of one variant per order; absent from an older API), which the stepper is capped at.
 */
export type CheckedLine = CartItem & { total_quanity: number; max_quantity?: number; variant_id?: number; old_price?: number | null };

export interface CartCheckAnswer {
  data: CheckedLine[];
  changes: CartChange[];
}

/** The line as the cart store keeps it (the server's extra fields dropped). */
export function toCartItem(line: CheckedLine): CartItem {
  return {
    product_id: line.product_id,
    name: line.name,
    img_url: line.img_url,
    quantity: line.quantity,
    attributes: line.attributes,
    price: line.price,
    slug: line.slug,
    mxit: line.mxit,
    mxit_unit: line.mxit_unit,
    weight: line.weight,
  };
}

/** The cart check over the page's one client (`cartApi(getApi())`). */
export function cartApi(api: ApiRequester) {
  return {
    /** The server's priced, stock-capped lines for these, and what it changed. */
    check: (lines: CartItem[]): Promise<CartCheckAnswer> =>
      api.request<Answer<'/api/cart/check', 'post'>>('POST', '/api/cart/check', {
        body: { cart_data: lines.map((l) => ({ ...l, product_id: Number(l.product_id) })) },
      }),
  };
}
