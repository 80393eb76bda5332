// What identifies a cart line (product + variant). Stateless, so the `@bozor/shared/cart-cookie` subpath
// can use it without bringing a second copy of the cart store into a remote's bundle.
import type { CartItem } from './schemas';

/** Identifies a cart line: the product and the variant it was bought in (see {@link cartLineKey}). */
export type CartLineRef = Pick<CartItem, 'product_id' | 'attributes'> & { variant_id?: unknown };

/** A variant id as the catalogue and the server write it (number or digit string), else undefined. */
function variantIdOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return String(Number(value));
  return undefined;
}

/**
 * The key of a cart line: product + variant. Two variants of one product are two lines. The
 * variant is read from `attributes.variant_id` (what the product page and the server set), else a
 * top-level `variant_id`, else `attributes.sku`, else the option values (`options: [{code, value}]`
 * or `{color: "white"}`), sorted so that the order of keys does not matter. A line without any of
 * these (a product card's Buy) is the product's default variant, which the server's cart check resolves.
 */
export function cartLineKey(line: CartLineRef): string {
  const attrs = typeof line.attributes === 'object' && line.attributes !== null ? (line.attributes as Record<string, unknown>) : {};
  const product = String(line.product_id);
  const variantId = variantIdOf(attrs.variant_id) ?? variantIdOf(line.variant_id);
  if (variantId !== undefined) return `${product}|v${variantId}`;
  if (typeof attrs.sku === 'string' && attrs.sku) return `${product}|s${attrs.sku.toLowerCase()}`;
  const pairs: string[] = [];
  const list = Array.isArray(line.attributes) ? (line.attributes as unknown[]) : Array.isArray(attrs.options) ? (attrs.options as unknown[]) : null;
  if (list) {
    for (const o of list) {
      const opt = o as { code?: unknown; value?: unknown } | null;
      if (typeof opt?.code === 'string' && typeof opt.value === 'string') pairs.push(`${opt.code}=${opt.value}`);
    }
  } else {
    for (const [k, v] of Object.entries(attrs)) if (typeof v === 'string' || typeof v === 'number') pairs.push(`${k}=${String(v)}`);
  }
  return pairs.length > 0 ? `${product}|o${pairs.sort().join('&')}` : product;
}
