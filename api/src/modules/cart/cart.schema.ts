import { z } from 'zod';
import { dbId } from '../../http/validation.js';
import { variantOptionDto } from '../catalog/index.js';

const id = z.union([dbId, z.string().regex(/^\d{1,10}$/, 'invalid').transform(Number).pipe(dbId)]);

/**
 * One cart line as the storefront sends it. The client may echo back a whole cart item (name,
 * price, img_url…); only the product, the variant and the quantity are read — prices and
 * names always come from the catalogue.
 */
export const cartLineSchema = z.looseObject({
  product_id: id,
  quantity: z.number().int().min(-100_000).max(100_000),
  variant_id: id.optional(),
  sku: z.string().max(120).optional(),
  /** `{variant_id}`, `{sku}`, `{color: "white"}` or `[{code, value}]`: which variant. */
  attributes: z.unknown().optional(),
});
export type CartLineInput = z.infer<typeof cartLineSchema>;

export const cartBodySchema = z.strictObject({
  cart_data: z.array(cartLineSchema).max(200),
});

/** A cart line as answered (cart.service.ts): the fields of docs/product.md "Entities" plus the variant, stock and fiscal codes. */
export const cartItemDto = z
  .object({
    product_id: z.number(),
    variant_id: z.number(),
    sku: z.string(),
    name: z.string(),
    img_url: z.string().nullable(),
    quantity: z.number(),
    attributes: z.object({ variant_id: z.number(), sku: z.string(), options: z.array(variantOptionDto) }),
    price: z.number(),
    old_price: z.number().nullable(),
    currency: z.literal('UZS'),
    slug: z.string(),
    mxit: z.string(),
    mxit_unit: z.string(),
    weight: z.number(),
    /** The variant's stock over all stores (spelt so on the wire: docs/product.md "Entities"). */
    total_quanity: z.number(),
    /** The most the line may hold: the stock, and at most ORDER_LINE_MAX_QTY units of one variant per order. */
    max_quantity: z.number(),
  })
  .meta({ id: 'CartItem' });

/** GET and POST /api/profile/cart answer the list itself (docs/product.md "API calls of the storefront"). */
export const cartAnswer = z.array(cartItemDto);
export const cartCheckAnswer = z.object({
  data: z.array(cartItemDto),
  changes: z.array(
    z.object({ product_id: z.number(), variant_id: z.number().nullable(), change: z.enum(['removed', 'unavailable', 'quantity_capped', 'price_changed']) }),
  ),
});
