// zod schemas and types for the entities of docs/product.md "Entities". Field names keep their wire spellings
// (total_quanity, mxit, cart_data, access_token): they are the wire contract.
// Imported as `@bozor/shared/schemas`: a subpath, bundled into whoever imports it (the shell's client
// loads it with import() next to the answers it checks), never part of the singleton's first render.
// The `@bozor/shared` singleton re-exports the types only.
// zod/mini: the same checks as zod's classic API, about a fifth of its code in the bundle (the shell loads
// it with the first answer it checks; docs/decisions.md "Lighthouse: less JavaScript after load").
import * as z from 'zod/mini';
import { LANGS } from './langs';

export { LANGS, DEFAULT_LANG, type Lang } from './langs';
export const langSchema = z.enum(LANGS);

export const userSchema = z.looseObject({
  id: z.optional(z.union([z.string(), z.number()])),
  phone: z.optional(z.string()),
  name: z.nullish(z.string()),
  surname: z.nullish(z.string()),
  email: z.nullish(z.string()),
  photo_url: z.nullish(z.string()),
  user_type: z.nullish(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** Auth state; userType starts as the text 'null' (docs/product.md "Entities"). */
export const authStateSchema = z.object({
  isAuthenticated: z.boolean(),
  token: z.string(),
  user: z.nullable(userSchema),
  userType: z.string(),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const loginResponseSchema = z.looseObject({ access_token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const cartItemSchema = z.object({
  product_id: z.union([z.number(), z.string()]),
  name: z.string(),
  img_url: z.nullish(z.string()),
  quantity: z.int(),
  attributes: z.optional(z.unknown()),
  price: z.number(),
  slug: z.string(),
  mxit: z.nullish(z.string()),
  mxit_unit: z.nullish(z.string()),
  weight: z.nullish(z.number()),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.array(cartItemSchema);

export const checkoutFormSchema = z.object({
  region: z.string(),
  city: z.string(),
  deliveryType: z.string(),
  fargoDeliveryPrice: z.nullable(z.number()),
  currentStore: z.nullable(z.union([z.string(), z.number()])),
  location: z.nullable(z.tuple([z.number(), z.number()])),
  address: z.string(),
  flat: z.string(),
  entrance: z.string(),
  floor: z.string(),
  intercom: z.string(),
  address_comment: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  paymentType: z.string(),
  currentCard: z.number(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

export const productImageSchema = z.looseObject({ url: z.string() });
export const productSchema = z.looseObject({
  id: z.optional(z.union([z.number(), z.string()])),
  name: z.string(),
  slug: z.string(),
  description: z.nullish(z.string()),
  price: z.number(),
  total_quanity: z.optional(z.number()),
  images: z.optional(z.array(productImageSchema)),
  sku: z.nullish(z.string()),
  brand: z.nullish(z.looseObject({ name: z.string() })),
  category: z.nullish(z.looseObject({ name: z.string(), slug: z.string() })),
});
export type Product = z.infer<typeof productSchema>;
export const productResponseSchema = z.looseObject({ product: productSchema });

export const categorySchema = z.looseObject({
  id: z.optional(z.union([z.number(), z.string()])),
  name: z.string(),
  slug: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.looseObject({ data: z.array(categorySchema) });

export const storeSchema = z.looseObject({
  id: z.optional(z.union([z.number(), z.string()])),
  name: z.string(),
  address: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

export const slideSchema = z.looseObject({ id: z.optional(z.union([z.number(), z.string()])), image_url: z.optional(z.string()) });
export type Slide = z.infer<typeof slideSchema>;

/**
 * The GET /api/settings/delivery answer as the stores hold it: the fee and the free-delivery threshold in
 * so'm are what the pages read (regions and the rest pass through unchecked).
 */
export const deliverySettingsSchema = z.looseObject({
  data: z.looseObject({
    delivery_sum: z.number(),
    free_delivery_threshold: z.number(),
  }),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const orderSchema = z.looseObject({
  id: z.optional(z.union([z.number(), z.string()])),
  number: z.optional(z.union([z.number(), z.string()])),
  delivery_type: z.optional(z.string()),
  payment_type: z.optional(z.string()),
});
export type Order = z.infer<typeof orderSchema>;

/** A card as the payments API lists it (the number is masked by the server). */
export const cardSchema = z.looseObject({ id: z.union([z.number(), z.string()]), number: z.optional(z.string()) });
export type Card = z.infer<typeof cardSchema>;
