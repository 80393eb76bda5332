import { z } from 'zod';
import { uzMobilePhone } from '../auth/auth.schema.js';
import { dbId } from '../../http/validation.js';

const shortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

// Not strict: a client may post its cart lines as they are; only ids and quantity are read (prices are ignored).
export const orderLine = z.object({
  product_id: dbId,
  variant_id: dbId.optional(),
  quantity: z.number().int().min(1).max(999),
});

export const deliveryInput = z.strictObject({
  type: z.enum(['courier', 'express', 'pickup']),
  region: z.string().trim().min(1).max(40).optional(),
  city: shortText(60),
  address: shortText(200),
  flat: shortText(20),
  entrance: shortText(20),
  floor: shortText(20),
  intercom: shortText(20),
  comment: shortText(500),
  location: z.strictObject({ lat: z.number().min(37).max(46), lng: z.number().min(55).max(74) }).nullable().optional(),
  store_id: dbId.optional(),
});
export type DeliveryInput = z.infer<typeof deliveryInput>;

/** POST /api/delivery/quote: what the delivery and the whole order would cost. */
export const quoteBody = z.strictObject({
  items: z.array(orderLine).min(1).max(100),
  delivery: deliveryInput,
});
export type QuoteBody = z.infer<typeof quoteBody>;

/** POST /api/orders/. Prices are never taken from the client; only ids and quantities are. */
export const createOrderBody = z.strictObject({
  items: z.array(orderLine).min(1).max(100),
  /** True for "Buy in 1 click": the cart is left as it was. */
  one_click: z.boolean().default(false),
  delivery: deliveryInput,
  receiver: z.strictObject({
    name: z.string().trim().min(1).max(60),
    surname: z.string().trim().min(1).max(60),
    phone: uzMobilePhone,
  }),
  payment: z.strictObject({
    /** `payme` / `click`: the answer's `pay_url` is the provider's page where the shopper pays. */
    method: z.enum(['cash', 'card', 'payme', 'click']),
    card_id: dbId.optional(),
  }),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const idempotencyKey = z.string().trim().min(8).max(100).regex(/^[\w.:-]+$/);
