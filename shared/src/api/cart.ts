// POST /api/cart/check (docs/product.md "Cart", docs/api.md "The cart"). Imported by subpath
// (`@bozor/shared/api/cart`): bundled into the remote that uses it, stateless, type-only imports.
import type { ApiCalls } from './client';
import type { CartItem } from '../schemas';
import { cartLineKey } from '../cartLine';

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

/** The option labels a line was bought with ("white, 24 cm"), as the cart shows them. */
export function optionText(attributes: unknown): string {
  const options = (attributes as { options?: { label?: string; value?: string }[] } | undefined)?.options;
  return Array.isArray(options) ? options.map((o) => o.label ?? o.value ?? '').filter(Boolean).join(', ') : '';
}

/**
 * A change of a cart check as the shopper is told it: the line named as the cart names it ("Pan (24 cm)"),
 * keyed like the store (cartLineKey). A line lowered to the per-order limit rather than to the stock reads
 * `quantity_limit`, with that limit as `max`.
 */
export interface CartNote extends Omit<CartChange, 'change'> {
  key: string;
  change: CartChangeKind | 'quantity_limit';
  name: string;
  max?: number;
}

/** What a check of `lines` changed, each named: the cart page, the checkout and the shell's pull tell it alike. */
export function cartNotes(lines: readonly CartItem[], answer: CartCheckAnswer): CartNote[] {
  // two variants of one product can change differently: the options name the line, the product id is a
  // fallback; the answer's name (today's, in the page's language) before the one the cart kept
  const names = new Map<string, string>();
  for (const l of [...answer.data.map(toCartItem), ...lines]) {
    const options = optionText(l.attributes);
    if (!names.has(cartLineKey(l))) names.set(cartLineKey(l), options ? `${l.name} (${options})` : l.name);
    if (!names.has(String(l.product_id))) names.set(String(l.product_id), l.name);
  }
  const most = (l: CheckedLine) => l.max_quantity ?? l.total_quanity;
  return answer.changes.map((c) => {
    const key = cartLineKey({ product_id: c.product_id, variant_id: c.variant_id });
    const name = names.get(key) ?? names.get(String(c.product_id)) ?? '';
    const limit =
      c.change === 'quantity_capped'
        ? answer.data.find((l) => l.product_id === c.product_id && (c.variant_id === null || l.variant_id === c.variant_id) && most(l) < l.total_quanity)
        : undefined;
    return limit ? { ...c, key, change: 'quantity_limit', name, max: most(limit) } : { ...c, key, name };
  });
}

/** The cart check over the page's one client (`cartApi(getApi())`). */
export function cartApi(api: ApiCalls) {
  return {
    /** The server's priced, stock-capped lines for these, and what it changed. */
    check: (lines: CartItem[]): Promise<CartCheckAnswer> =>
      api.post('/api/cart/check', { body: { cart_data: lines.map((l) => ({ ...l, product_id: Number(l.product_id) })) } }),
  };
}
