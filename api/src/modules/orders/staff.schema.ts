import { z } from 'zod';
import { DELIVERY_TYPES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../db/schema/index.js';
import { dbIdParam, isoDate, pageMetaDto, pageQuery } from '../../http/validation.js';
import { FISCAL_RECEIPT_STATES } from './checkout-port.js';

const status = z.enum(ORDER_STATUSES);
/** `phone`: a "Buy in 1 click" order, its delivery agreed with the customer by phone. */
const deliveryType = z.enum(DELIVERY_TYPES);

export const ordersQuery = z.strictObject({
  status: status.optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  delivery_type: deliveryType.optional(),
  store_id: dbIdParam.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: z.string().trim().max(60).optional(),
  sort: z.enum(['created_at', 'total']).default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  ...pageQuery,
});

const person = z.object({ id: z.number(), name: z.string().nullable(), phone: z.string().nullable() });
const statusCounts = z.object(Object.fromEntries(ORDER_STATUSES.map((s) => [s, z.number()])) as Record<(typeof ORDER_STATUSES)[number], z.ZodNumber>);

/** Where an order stands (orders.dto.ts `orderStatusFields`), in every order answer of the back office. */
const statusFields = {
  status,
  status_label: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_status_label: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
};

export const orderRow = z.object({
  id: z.number(),
  number: z.string(),
  ...statusFields,
  delivery_type: deliveryType,
  /** "Buy in 1 click": staff call the customer (`customer.phone`, verified by SMS) to confirm it. */
  one_click: z.boolean(),
  store_id: z.number().nullable(),
  store_name: z.string().nullable(),
  /** The account behind the order; null for a `store` account (its role has no customer data: the receiver is what the till needs). */
  customer: person.nullable(),
  receiver_name: z.string(),
  receiver_phone: z.string(),
  total: z.number(),
  items_count: z.number(),
  created_at: z.string(),
});

export const ordersList = z.object({
  data: z.array(orderRow),
  meta: pageMetaDto.extend({ counts: statusCounts, latest_id: z.number() }),
});

const staffRef = z.object({ id: z.number(), name: z.string() }).nullable();

/**
 * A refund staff must make by hand in the provider's merchant cabinet (orders/refund-tasks.ts): a paid
 * Payme-checkout order that was cancelled (until Payme's CancelTransaction arrives), or a Click payment whose
 * reversal Click refused (until Click reports it reversed). The order stays `refund_pending` until then.
 */
export const refundTask = z.object({
  provider: z.enum(['payme', 'click']),
  /** The payment to refund in the cabinet: Payme's transaction id, Click's payment id (click_paydoc_id); null if the shop holds no record of it. */
  transaction_id: z.string().nullable(),
  /** UZS, as the provider took it. */
  amount: z.number(),
  /** The provider's merchant cabinet (PAYME_CABINET_URL, CLICK_CABINET_URL). */
  cabinet_url: z.string(),
  /** When the refund became owed: the order was cancelled (ISO). */
  owed_since: z.string(),
  /** `owed_since` + REFUND_TASK_OVERDUE_H (ISO); the shopper is told the refund comes by then. */
  overdue_at: z.string(),
  overdue: z.boolean(),
});

export const adminOrder = z.object({
  id: z.number(),
  number: z.string(),
  ...statusFields,
  receipt_id: z.string().nullable(),
  /**
   * An unconfirmed cash order gives its stock back at this time (ISO) unless staff confirm it; null once it
   * has moved on, or for other payment methods.
   */
  stock_held_until: z.string().nullable(),
  /**
   * An unpaid `payme`/`click` order cancels itself, its stock back, from this time (ISO): later while a payment
   * begun on the provider's page may still be completed. Null for any other order.
   */
  payment_expires_at: z.string().nullable(),
  /** The hold was extended already (`POST …/extend-hold` works once). */
  hold_extended: z.boolean(),
  delivery_type: deliveryType,
  /** "Buy in 1 click": staff call the customer (`customer.phone`, verified by SMS) to confirm it and agree the delivery. */
  one_click: z.boolean(),
  delivery_price: z.number(),
  items_total: z.number(),
  total: z.number(),
  lang: z.enum(['uz', 'ru', 'en']),
  created_at: z.string(),
  /** The account behind the order; null for a `store` account (as in the list). */
  customer: person.nullable(),
  receiver: z.object({ name: z.string(), phone: z.string() }),
  address: z
    .object({
      region_name: z.string().nullable(),
      city_name: z.string().nullable(),
      address: z.string(),
      flat: z.string().nullable(),
      entrance: z.string().nullable(),
      floor: z.string().nullable(),
      intercom: z.string().nullable(),
      comment: z.string().nullable(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  store: z.object({ id: z.number(), name: z.string(), address: z.string() }).nullable(),
  /** Units of marked lines still without their marking codes (the back office's "Marking codes missing"). */
  labels_missing: z.number(),
  /** Whether staff may set marking codes now (`PUT …/items/:item_id/labels`): the goods are still in the shop and no Click receipt carries them yet. */
  labels_editable: z.boolean(),
  /**
   * The Click fiscal receipt of a paid Click order (null otherwise, or before anything was sent):
   * `waiting_for_labels` until every marked line has its codes, `sending`, `sent`, `refused` by Click, or
   * `not_sent` (the call failed); the last two are for staff to register in Click's cabinet.
   */
  fiscal_receipt: z.enum(FISCAL_RECEIPT_STATES).nullable(),
  /** The refund staff must make by hand in the provider's cabinet; null when none is owed (or the shop's API makes it). */
  refund_task: refundTask.nullable(),
  items: z.array(
    z.object({
      /** The line's id, for `PUT /api/admin/orders/:number/items/:item_id/labels`. */
      id: z.number(),
      product_id: z.number().nullable(),
      variant_id: z.number().nullable(),
      name: z.string(),
      sku: z.string(),
      mxik: z.string(),
      options: z.array(z.object({ name: z.string(), value: z.string() })),
      picture: z.string().nullable(),
      quantity: z.number(),
      price: z.number(),
      total: z.number(),
      /** The product is under fiscal marking: the line needs one marking code per unit. */
      marked: z.boolean(),
      /** The scanned codes (one per unit, or none yet). */
      labels: z.array(z.string()),
    }),
  ),
  timeline: z.array(
    z.object({ status, status_label: z.string(), payment_status: z.enum(PAYMENT_STATUSES), payment_status_label: z.string(), at: z.string(), staff: staffRef, note: z.string().nullable() }),
  ),
  notes: z.array(z.object({ id: z.number(), text: z.string(), at: z.string(), staff: staffRef })),
  allowed_next: z.array(status),
});
export const adminOrderAnswer = z.object({ order: adminOrder });

export const orderNumberParams = z.strictObject({ number: z.string().trim().min(1).max(40) });
/** A move; a cancellation says why (the shopper is told, and the audit log keeps it), as the back office asks. */
export const statusBody = z
  .strictObject({ status, note: z.string().trim().max(500).optional() })
  .refine((b) => b.status !== 'cancelled' || (b.note ?? '') !== '', { path: ['note'], message: 'required' });
export const noteBody = z.strictObject({ text: z.string().trim().min(1).max(2000) });
export const orderItemParams = z.strictObject({ number: z.string().trim().min(1).max(40), item_id: dbIdParam });
/**
 * A line's marking codes, one per unit (the line's quantity, at most ORDER_LINE_MAX_QTY_LEGAL), each as the
 * scanner typed it (spaces around it are dropped); `[]` for a line that is not marked. The codes themselves
 * are checked by the service (orders/marking.ts), which says what is wrong in the staff member's language.
 */
export const labelsBody = z.strictObject({ labels: z.array(z.string().trim().max(100)).max(999) });
export const noteAnswer = z.object({ note: z.object({ id: z.number(), text: z.string(), at: z.string(), staff: staffRef }) });

const period = z.object({ orders: z.number(), revenue: z.number() });
export const dashboardAnswer = z.object({
  today: period,
  week: period,
  waiting: z.object({ new: z.number(), confirmed: z.number(), assembling: z.number(), shipping: z.number(), ready_for_pickup: z.number() }),
  /** Variant × store rows under their low-stock threshold (GET /api/admin/stock/low): a store account counts its own store. */
  low_stock: z.number(),
  /** Refunds owed by hand (a store account: its store's pickup orders): how many, how many overdue, the oldest first (at most 20). */
  refunds_owed: z.object({ total: z.number(), overdue: z.number(), tasks: z.array(refundTask.extend({ number: z.string() })) }),
});
