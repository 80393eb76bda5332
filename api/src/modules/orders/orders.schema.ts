import { z } from 'zod';
import { DELIVERY_TYPES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../db/schema/index.js';
import { dbId, uzMobilePhone } from '../../http/validation.js';

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

/**
 * POST /api/orders/one-click ("Buy in 1 click"): one variant, how many, and the name staff ask for when
 * they call. The phone is the signed-in account's (verified by the SMS code); no address, no payment step.
 */
export const oneClickBody = z.strictObject({
  product_id: dbId,
  variant_id: dbId.optional(),
  quantity: z.number().int().min(1).max(999).default(1),
  name: z.string().trim().min(1).max(60),
});
export type OneClickBody = z.infer<typeof oneClickBody>;

export const idempotencyKey = z.string().trim().min(8).max(100).regex(/^[\w.:-]+$/);

// ---- Answers (docs/api.md "Orders") ----

const status = z.enum(ORDER_STATUSES);
const paymentStatus = z.enum(PAYMENT_STATUSES);
const deliveryType = z.enum(['courier', 'express', 'pickup']);
/** An order's delivery: the three a shopper chooses, or `phone` for "Buy in 1 click" (agreed by phone). */
const orderDeliveryType = z.enum(DELIVERY_TYPES);

export const quoteAnswer = z.object({
  data: z.object({
    currency: z.literal('UZS'),
    items: z.array(
      z.object({
        product_id: z.number(),
        variant_id: z.number(),
        name: z.string(),
        price: z.number(),
        quantity: z.number(),
        total: z.number(),
        in_stock: z.boolean(),
        total_quanity: z.number(),
      }),
    ),
    items_total: z.number(),
    weight: z.number(),
    delivery_type: deliveryType,
    delivery_fee: z.number(),
    /** The same as `delivery_fee` (the storefront's checkout-form name). */
    fargoDeliveryPrice: z.number(),
    free_delivery_threshold: z.number(),
    total: z.number(),
  }),
});

/** An order as the shopper and the catalogue API see it (orders.dto.ts). */
export const orderDto = z
  .object({
    id: z.number(),
    number: z.string(),
    status,
    status_label: z.string(),
    payment_status: paymentStatus,
    payment_status_label: z.string(),
    payment_method: z.enum(PAYMENT_METHODS),
    /** "Buy in 1 click": paid on receipt; staff call to confirm it and agree the delivery (`delivery.type` `phone`). */
    one_click: z.boolean(),
    delivery: z.object({
      type: orderDeliveryType,
      fee: z.number(),
      /** The courier address as given, region and city by slug and by name; null for pickup. */
      address: z
        .object({
          region: z.string(),
          region_name: z.string().nullable(),
          city: z.string().nullable(),
          city_name: z.string().nullable(),
          address: z.string(),
          flat: z.string().nullable(),
          entrance: z.string().nullable(),
          floor: z.string().nullable(),
          intercom: z.string().nullable(),
          comment: z.string().nullable(),
          location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
        })
        .nullable(),
      /** The pickup store; null otherwise. */
      store: z.object({ id: z.number(), slug: z.string(), name: z.string(), address: z.string() }).nullable(),
    }),
    receiver: z.object({ name: z.string(), surname: z.string(), phone: z.string() }),
    items: z.array(
      z.object({
        /** null once the product (or variant) is gone from the catalogue: the line keeps its copy. */
        product_id: z.number().nullable(),
        variant_id: z.number().nullable(),
        sku: z.string(),
        slug: z.string(),
        name: z.string(),
        attributes: z.array(z.object({ name: z.string(), value: z.string() })),
        img_url: z.string().nullable(),
        price: z.number(),
        quantity: z.number(),
        total: z.number(),
        mxit: z.string(),
        mxit_unit: z.string(),
      }),
    ),
    items_total: z.number(),
    delivery_fee: z.number(),
    total: z.number(),
    currency: z.literal('UZS'),
    created_at: z.string(),
    /** While an unpaid `payme`/`click` order awaits payment: the provider's page to pay it on. */
    pay_url: z.string().optional(),
  })
  .meta({ id: 'Order' });

/** The order with its status history (one order's page). */
export const orderWithHistoryDto = orderDto
  .extend({
    statuses: z.array(z.object({ status, label: z.string(), payment_status: paymentStatus, payment_status_label: z.string(), at: z.string() })),
    /**
     * The card payment failed because the bank said no (insufficient funds, a card refused…): the card was
     * not charged. False for every other failure, where money may have moved and is returned.
     */
    payment_declined: z.boolean(),
    /**
     * While the payment is `refund_pending`: what happens to the money, in the request's language, and by when.
     * Made by the shop in the provider's cabinet (a Payme-checkout payment; a Click one Click would not reverse):
     * `due_at` is REFUND_TASK_OVERDUE_H after the cancel, `overdue` once it has passed. Asked of the provider by
     * the shop (a card payment, a Click reversal): `due_at` null, the provider decides. Null otherwise.
     */
    refund: z.object({ text: z.string(), due_at: z.string().nullable(), overdue: z.boolean() }).nullable(),
  })
  .meta({ id: 'OrderWithHistory' });

export const orderAnswer = z.object({ order: orderDto });
export const orderWithHistoryAnswer = z.object({ order: orderWithHistoryDto });
export const ordersPage = z.object({
  data: z.array(orderDto),
  meta: z.object({ total: z.number(), page: z.number(), per_page: z.number(), last_page: z.number() }),
});
export const orderDetailsAnswer = z.object({ data: orderWithHistoryDto });
