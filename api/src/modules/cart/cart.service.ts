import { variantPicture } from '../catalog/index.js';
import { type Db } from '../../db/client.js';
import { type AccountType } from '../../db/schema/index.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuthContext } from '../auth/index.js';
import { type CartLineInput } from './cart.schema.js';
import { type CartVariantRow, type StoredLine, createCartRepository } from './cart.repository.js';

export interface CartChange {
  product_id: number;
  variant_id: number | null;
  change: 'removed' | 'unavailable' | 'quantity_capped' | 'price_changed';
}

/** Which variant a line means: an explicit id or SKU, matching options, else the default one. */
function pickVariant(line: CartLineInput, variants: CartVariantRow[]): CartVariantRow | undefined {
  const attrs = (typeof line.attributes === 'object' && line.attributes !== null ? line.attributes : {}) as Record<string, unknown>;
  const variantId = line.variant_id ?? (typeof attrs.variant_id === 'number' ? attrs.variant_id : Number(attrs.variant_id ?? NaN));
  const byId = variants.find((v) => v.variant_id === variantId);
  if (byId) return byId;
  const sku = line.sku ?? (typeof attrs.sku === 'string' ? attrs.sku : undefined);
  const bySku = sku ? variants.find((v) => v.sku.toLowerCase() === sku.toLowerCase()) : undefined;
  if (bySku) return bySku;
  const wanted = new Map<string, string>();
  const list = Array.isArray(line.attributes) ? line.attributes : Array.isArray(attrs.options) ? attrs.options : null;
  if (list) {
    for (const o of list as Array<Record<string, unknown>>) if (typeof o?.code === 'string' && typeof o.value === 'string') wanted.set(o.code, o.value);
  } else {
    for (const [k, v] of Object.entries(attrs)) if (typeof v === 'string' && k !== 'sku') wanted.set(k, v);
  }
  if (wanted.size > 0) {
    const byOptions = variants.find((v) => [...wanted].every(([code, value]) => v.options.some((o) => o.code === code && o.value === value)));
    if (byOptions) return byOptions;
  }
  return variants.find((v) => v.total > 0) ?? variants[0];
}

/**
 * The cart rules (docs/product.md "Cart"): lines are resolved against the catalogue, unknown or hidden
 * products dropped, quantity ≤ 0 removes the line, quantities are capped at stock and at the most one
 * order line may hold (ORDER_LINE_MAX_QTY, per account type), prices and names come from the catalogue
 * for the shopper's account type. Equal lines are summed.
 */
export function createCartService(deps: { db: Db; media: MediaStorage; clock: Clock; lineMaxQty: Record<AccountType, number> }) {
  const repo = createCartRepository(deps.db);

  async function normalise(lines: CartLineInput[], account: AccountType, lang: Lang) {
    const productIds = [...new Set(lines.map((l) => l.product_id))];
    const rows = await repo.variantsOf(productIds, account);
    const byProduct = new Map<number, CartVariantRow[]>();
    for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);

    const changes: CartChange[] = [];
    const merged = new Map<number, { variant: CartVariantRow; quantity: number; sentPrice: unknown }>();
    for (const line of lines) {
      const variant = pickVariant(line, byProduct.get(line.product_id) ?? []);
      if (!variant) {
        changes.push({ product_id: line.product_id, variant_id: null, change: 'unavailable' });
        continue;
      }
      const existing = merged.get(variant.variant_id);
      merged.set(variant.variant_id, { variant, quantity: (existing?.quantity ?? 0) + line.quantity, sentPrice: existing?.sentPrice ?? line.price });
    }

    const items = [];
    const stored: StoredLine[] = [];
    const lineMax = deps.lineMaxQty[account];
    for (const { variant, quantity, sentPrice } of merged.values()) {
      const base = { product_id: variant.product_id, variant_id: variant.variant_id };
      if (quantity <= 0) {
        changes.push({ ...base, change: 'removed' });
        continue;
      }
      // The checkout refuses a line over the limit (422 QUANTITY_LIMIT): the cart never holds one.
      const maxQuantity = Math.min(variant.total, lineMax);
      const capped = Math.min(quantity, maxQuantity);
      if (capped <= 0) {
        changes.push({ ...base, change: 'unavailable' });
        continue;
      }
      if (capped < quantity) changes.push({ ...base, change: 'quantity_capped' });
      if (typeof sentPrice === 'number' && sentPrice !== variant.price) changes.push({ ...base, change: 'price_changed' });
      stored.push({ productId: variant.product_id, variantId: variant.variant_id, quantity: capped });
      const image = variantPicture(variant.images, variant.options);
      items.push({
        product_id: variant.product_id,
        variant_id: variant.variant_id,
        sku: variant.sku,
        name: pick(variant.name, lang),
        img_url: image ? deps.media.url(image) : null,
        quantity: capped,
        attributes: {
          variant_id: variant.variant_id,
          sku: variant.sku,
          options: variant.options.map((o) => ({ code: o.code, name: pick(o.name, lang), value: o.value, label: pick(o.label, lang) })),
        },
        price: variant.price,
        old_price: variant.old_price,
        currency: 'UZS' as const,
        slug: variant.slug,
        mxit: variant.mxit,
        mxit_unit: variant.mxit_unit,
        weight: variant.weight_grams,
        total_quanity: variant.total,
        max_quantity: maxQuantity,
      });
    }
    return { items, changes, stored };
  }

  return {
    /** Empties the customer's cart (an order was placed from it). */
    clear: (customerId: number) => repo.clear(customerId),

    /** GET /api/profile/cart: the stored lines, priced and checked now. */
    async get(auth: AuthContext, lang: Lang) {
      const lines = await repo.read(auth.customer.id);
      const { items } = await normalise(lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId, quantity: l.quantity })), auth.customer.userType, lang);
      return items;
    },

    /** POST /api/profile/cart: replaces the cart with the normalised lines. */
    async replace(auth: AuthContext, lines: CartLineInput[], lang: Lang) {
      const result = await normalise(lines, auth.customer.userType, lang);
      await repo.replace(auth.customer.id, result.stored, deps.clock.now());
      return result.items;
    },

    /** POST /api/cart/check: the same rules for a guest cart, nothing stored. */
    async check(lines: CartLineInput[], account: AccountType, lang: Lang) {
      const { items, changes } = await normalise(lines, account, lang);
      return { data: items, changes };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
