// The tables orders owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type Localized } from '../../i18n/lang.js';
import { customers } from '../auth/auth.tables.js';
import { products, variants } from '../catalog/catalog.tables.js';
import { stores } from '../content/content.tables.js';
import { paymentCards } from '../payments/payments.tables.js';
import { staff } from '../staff/staff.tables.js';

export const ORDER_STATUSES = ['new', 'confirmed', 'assembling', 'shipping', 'ready_for_pickup', 'delivered', 'picked_up', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** An order no longer under way: its goods handed over (or the order done), or cancelled. */
export const CLOSED_ORDER_STATUSES = ['delivered', 'picked_up', 'completed', 'cancelled'] as const satisfies readonly OrderStatus[];
/**
 * `pending` not paid yet (cash until delivery; a card only while its checkout request runs);
 * `checking` a card charge whose outcome is unknown (time-out, network error, provider 5xx, crash):
 * the stock stays held until the reconciler learns from the provider whether the money moved;
 * `paid`; `failed` the provider refused, or the reconciler learnt the money did not move;
 * `refund_pending` the order was cancelled and the receipt's cancellation is not confirmed yet;
 * `refunded` the provider confirmed it.
 */
export const PAYMENT_STATUSES = ['pending', 'checking', 'paid', 'failed', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `cash` on receipt, `card` a saved card (Subscribe API), `payme` / `click` the provider's own payment page. */
export const PAYMENT_METHODS = ['cash', 'card', 'payme', 'click'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How an order reaches the shopper. `phone`: a "Buy in 1 click" order whose delivery staff agree with the
 * shopper by phone (order-status-machine.ts lets it take either road after `assembling`).
 */
export const DELIVERY_TYPES = ['courier', 'express', 'pickup', 'phone'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export interface OrderAddress {
  region: string;
  city: string | null;
  address: string;
  flat: string | null;
  entrance: string | null;
  floor: string | null;
  intercom: string | null;
  comment: string | null;
  location: { lat: number; lng: number } | null;
}

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Human order number, e.g. "BZ-261122-0042". */
    number: text('number').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    accountType: text('account_type', { enum: ['individual', 'legal'] }).notNull(),
    lang: text('lang', { enum: ['uz', 'ru', 'en'] }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** `payme` (Payme checkout page, Merchant API) and `click` (Click SHOP API): the shopper pays on the provider's page. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    cardId: bigint('card_id', { mode: 'number' }).references(() => paymentCards.id, { onDelete: 'set null' }),
    receiptId: text('receipt_id'),
    /**
     * When the reconciler next asks the provider about a `checking` or `refund_pending` card payment; for an
     * unpaid `payme`/`click` order, when it gives its stock back (CHECKOUT_PAYMENT_TTL_S after the order).
     */
    paymentCheckAt: timestamp('payment_check_at', { withTimezone: true }),
    /** How many times it has asked (the wait doubles each time, up to PAYMENT_RECHECK_MAX_S). */
    paymentChecks: integer('payment_checks').notNull().default(0),
    /**
     * An unconfirmed cash order gives its stock back at this time (CASH_ORDER_HOLD_H after the order);
     * null once staff confirm it or for other payment methods. Staff may extend it once (`holdExtended`).
     */
    stockHeldUntil: timestamp('stock_held_until', { withTimezone: true }),
    holdExtended: boolean('hold_extended').notNull().default(false),
    deliveryType: text('delivery_type', { enum: DELIVERY_TYPES }).notNull(),
    /**
     * "Buy in 1 click" (POST /api/orders/one-click): name and the verified phone only; paid on receipt,
     * delivery agreed by phone (`delivery_type` `phone`), so staff call the customer to confirm it.
     */
    oneClick: boolean('one_click').notNull().default(false),
    address: jsonb('address').$type<OrderAddress>(),
    storeId: integer('store_id').references(() => stores.id),
    receiverName: text('receiver_name').notNull(),
    receiverSurname: text('receiver_surname').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    itemsTotal: integer('items_total').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    total: integer('total').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // The cash-hold sweep reads only unconfirmed cash orders that hold stock.
    index('orders_stock_hold_idx').on(t.stockHeldUntil).where(sql`${t.stockHeldUntil} is not null`),
    // The reconciler's sweep reads only unsettled card payments: a small partial index, whatever the order count.
    index('orders_payment_open_idx')
      .on(t.paymentCheckAt, t.updatedAt)
      .where(sql`${t.paymentStatus} in ('checking', 'refund_pending') or (${t.paymentStatus} = 'pending' and ${t.paymentMethod} in ('card', 'payme', 'click'))`),
  ],
);

/** What was bought, as it was at the time: names, prices and fiscal codes are copied. */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    attributes: jsonb('attributes').$type<Array<{ name: Localized; value: Localized }>>().notNull(),
    image: text('image'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    mxit: text('mxit').notNull(),
    mxitUnit: text('mxit_unit').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /** Whether the product needs fiscal marking codes (copied from products.marked). */
    marked: boolean('marked').notNull().default(false),
    /** The scanned marking codes of a marked product's units (see modules/orders/marking.ts); sent on receipts. */
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    note: text('note'),
    /** The staff member who made the change; null for the shopper, a provider or a command. */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/** Staff's internal notes on an order; the shopper never sees them. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);
