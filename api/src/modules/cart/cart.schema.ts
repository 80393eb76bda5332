import { z } from 'zod';
import { dbId } from '../../http/validation.js';

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
export type CartBody = z.infer<typeof cartBodySchema>;
