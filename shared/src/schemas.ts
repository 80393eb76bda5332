// zod schemas and types for the entities of docs/product.md "Entities". Field names keep their wire spellings
// (total_quanity, mxit, cart_data, access_token): they are the wire contract.
// Imported as `@bozor/shared/schemas`: a subpath, bundled into whoever imports it (the shell's client
// loads it with import() next to the answers it checks), never part of the singleton's first render.
// The `@bozor/shared` singleton re-exports the types only.
import { z } from 'zod';
import { LANGS } from './langs';

export { LANGS, DEFAULT_LANG, type Lang } from './langs';
export const langSchema = z.enum(LANGS);

export const userSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  phone: z.string().optional(),
  name: z.string().nullish(),
  surname: z.string().nullish(),
  email: z.string().nullish(),
  photo_url: z.string().nullish(),
  user_type: z.string().nullish(),
});
export type User = z.infer<typeof userSchema>;

/** Auth state; userType starts as the text 'null' (docs/product.md "Entities"). */
export const authStateSchema = z.object({
  isAuthenticated: z.boolean(),
  token: z.string(),
  user: userSchema.nullable(),
  userType: z.string(),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const loginResponseSchema = z.looseObject({ access_token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const cartItemSchema = z.object({
  product_id: z.union([z.number(), z.string()]),
  name: z.string(),
  img_url: z.string().nullish(),
  quantity: z.number().int(),
  attributes: z.unknown().optional(),
  price: z.number(),
  slug: z.string(),
  mxit: z.string().nullish(),
  mxit_unit: z.string().nullish(),
  weight: z.number().nullish(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.array(cartItemSchema);

export const checkoutFormSchema = z.object({
  region: z.string(),
  city: z.string(),
  deliveryType: z.string(),
  fargoDeliveryPrice: z.number().nullable(),
  currentStore: z.union([z.string(), z.number()]).nullable(),
  location: z.tuple([z.number(), z.number()]).nullable(),
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
  id: z.union([z.number(), z.string()]).optional(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullish(),
  price: z.number(),
  total_quanity: z.number().optional(),
  images: z.array(productImageSchema).optional(),
  sku: z.string().nullish(),
  brand: z.looseObject({ name: z.string() }).nullish(),
  category: z.looseObject({ name: z.string(), slug: z.string() }).nullish(),
});
export type Product = z.infer<typeof productSchema>;
export const productResponseSchema = z.looseObject({ product: productSchema });

export const categorySchema = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  name: z.string(),
  slug: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.looseObject({ data: z.array(categorySchema) });

export const storeSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  name: z.string(),
  address: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

export const slideSchema = z.looseObject({ id: z.union([z.number(), z.string()]).optional(), image_url: z.string().optional() });
export type Slide = z.infer<typeof slideSchema>;

export const deliverySettingsSchema = z.looseObject({
  delivery_price: z.number().optional(),
  free_delivery_from: z.number().optional(),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const orderSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  number: z.union([z.number(), z.string()]).optional(),
  delivery_type: z.string().optional(),
  payment_type: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** A card as the payments API lists it (the number is masked by the server). */
export const cardSchema = z.looseObject({ id: z.union([z.number(), z.string()]), number: z.string().optional() });
export type Card = z.infer<typeof cardSchema>;
