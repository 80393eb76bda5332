// Orders (docs/api.md "Orders"): place one, list the caller's, read one. A remote imports this module by
// its subpath (`@bozor/shared/api/orders`), so it is bundled into that remote and never adds to the
// shell's first render; it holds no state and imports only types, so the one client, store and
// ApiError stay the shell's singletons (test/api-modules.test.ts checks the imports).
import type { ApiCalls, Body } from './client';
import type { CartItem } from '../schemas';

/** What placing an order sends (POST /api/orders/), as the route declares it. */
export type OrderBody = Body<'/api/orders/', 'post'>;
/** A cart line as the order API reads it: ids and a quantity only (prices are the server's). */
export type OrderLineInput = OrderBody['items'][number];
export type DeliveryBody = OrderBody['delivery'];
export type Receiver = OrderBody['receiver'];
export type DeliveryType = DeliveryBody['type'];
/** `payme` and `click`: paid on the provider's page (`pay_url` in the answer). */
export type PaymentMethod = OrderBody['payment']['method'];
/** How an order reaches the shopper: the three of the checkout, or `phone` ("Buy in 1 click": agreed when staff call). */
export type OrderDeliveryType = DeliveryType | 'phone';

/**
 * A courier address as answered: region and city by slug as given and by name in the request's language,
 * the street and the rest as typed, the map point if one was set.
 */
export type OrderAddress = {
  region?: string;
  region_name?: string | null;
  city?: string | null;
  city_name?: string | null;
  address?: string;
  flat?: string | null;
  entrance?: string | null;
  floor?: string | null;
  intercom?: string | null;
  comment?: string | null;
  location?: { lat: number; lng: number } | null;
};

export interface OrderDelivery {
  type: OrderDeliveryType;
  fee: number;
  address?: OrderAddress | null;
  store?: { name?: string; address?: string } | null;
}

/** The answer to placing an order. */
export interface PlacedOrder {
  number: string;
  status: string;
  payment_status: string;
  payment_method: PaymentMethod;
  /** "Buy in 1 click": paid on receipt, staff call to confirm it and agree the delivery (absent from older APIs). */
  one_click?: boolean;
  /** Where to send the shopper to pay, while a `payme` or `click` order is unpaid. */
  pay_url?: string;
  delivery: OrderDelivery;
  receiver: Receiver;
  total: number;
}

export interface OrderItem {
  /** null once the product is gone from the catalogue (the line keeps its copy). */
  product_id: number | string | null;
  /** The variant bought; null once it is gone from the catalogue (absent from older APIs). */
  variant_id?: number | null;
  sku?: string;
  name: string;
  /** The variant's options, translated by the API: `[{"name": "Цвет", "value": "бежевый"}]`. */
  attributes?: { name: string; value: string }[];
  img_url?: string | null;
  price: number;
  quantity: number;
  total: number;
}

export interface OrderStatusChange {
  status: string;
  label?: string;
  payment_status?: string;
  /** The payment's status in words, in the request's language ("Paid"). */
  payment_status_label?: string;
  at: string;
}

/** An order as My orders shows it. */
export interface AccountOrder extends PlacedOrder {
  id: number;
  status_label?: string;
  /** The payment's status as the shopper reads it ("Payment failed"; "Not paid" for a cancelled, never-paid order). */
  payment_status_label?: string;
  items: OrderItem[];
  items_total: number;
  delivery_fee: number;
  created_at: string;
  statuses?: OrderStatusChange[];
  /** One order's page (GET /api/orders/{number}): its card payment failed on the bank's own refusal, so nothing was charged. */
  payment_declined?: boolean;
  /**
   * One order's page, while its payment is `refund_pending`: who returns the money, in the request's language,
   * and by when (`due_at`; null when the provider decides), `overdue` once that has passed.
   */
  refund?: { text: string; due_at: string | null; overdue: boolean } | null;
}

export interface OrdersPage {
  data: AccountOrder[];
  meta: { total: number; page: number; per_page: number; last_page: number };
}

export type AddressPart = 'region' | 'city' | 'street' | 'flat' | 'entrance' | 'floor' | 'intercom';

/**
 * A courier address in the order people write it: region and city by name (the API adds `region_name`
 * and `city_name` in the request's language; the slug stands in for an older answer), street, then
 * flat, entrance, floor and intercom — each remote labels those in its own language.
 */
export function addressLines(address: Record<string, unknown> | null | undefined): Array<{ part: AddressPart; value: string }> {
  if (!address) return [];
  const text = (key: string) => {
    const value = address[key];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const parts: Array<[AddressPart, string | null]> = [
    ['region', text('region_name') ?? text('region')],
    ['city', text('city_name') ?? text('city')],
    ['street', text('address')],
    ['flat', text('flat')],
    ['entrance', text('entrance')],
    ['floor', text('floor')],
    ['intercom', text('intercom')],
  ];
  return parts.flatMap(([part, value]) => (value === null ? [] : [{ part, value }]));
}

/**
 * A pickup store as people write it: its name, then its address in brackets ("Bozor Chilanzar (42 Bunyodkor
 * Avenue)"), not one run-on "Bozor Chilanzar 42 Bunyodkor…"; either alone when the other is missing.
 */
export function storeLine(store: { name?: string | null; address?: string | null } | null | undefined): string {
  const name = store?.name || '';
  const address = store?.address || '';
  return name && address ? `${name} (${address})` : name || address;
}

/** One step of an order's history as the shopper reads it: what the entry changed, the status, the payment or both. */
export interface OrderHistoryStep<T> {
  entry: T;
  status: boolean;
  payment: boolean;
}

/**
 * What one history entry changed against the one before it (none: it is the first): the status, the
 * payment — the first entry's payment only when it is not the usual "awaiting payment" — both, or neither
 * (a staff note). The shopper's history and the back office's read entries the same way.
 */
export function historyChange(entry: { status: string; payment_status?: string }, previous: { status: string; payment_status?: string } | undefined) {
  return {
    status: !previous || previous.status !== entry.status,
    payment: previous ? previous.payment_status !== entry.payment_status : entry.payment_status !== undefined && entry.payment_status !== 'pending',
  };
}

/**
 * An order's history as the shopper reads it. The API writes an entry for a change of the status and for a
 * change of the payment alone (a card payment checked, then paid; a refund): each is a step, so the history
 * says when the payment went through, not only "Received". An entry that changed neither is left out.
 */
export function orderHistorySteps<T extends { status: string; payment_status?: string }>(history: readonly T[]): OrderHistoryStep<T>[] {
  return history.flatMap((entry, i) => {
    const { status, payment } = historyChange(entry, i > 0 ? history[i - 1] : undefined);
    return status || payment ? [{ entry, status, payment }] : [];
  });
}

/**
 * The options an order line was bought in ("1,5-спальный, бежевый"), as the cart words a line's options:
 * the values, in the API's order, in the request's language. '' for a product without options.
 */
export function orderItemOptions(item: { attributes?: readonly { name?: string; value?: string }[] | null }): string {
  return Array.isArray(item.attributes) ? item.attributes.map((a) => (typeof a.value === 'string' ? a.value.trim() : '')).filter(Boolean).join(', ') : '';
}

/** Cart lines as the order API reads them: product, variant (from the line or its attributes), quantity. */
export function orderLines(items: CartItem[]): OrderLineInput[] {
  return items.map((i) => {
    const attrs = i.attributes as { variant_id?: unknown } | undefined;
    const variant = (i as CartItem & { variant_id?: unknown }).variant_id ?? attrs?.variant_id;
    const line: OrderLineInput = { product_id: Number(i.product_id), quantity: i.quantity };
    if (typeof variant === 'number' || (typeof variant === 'string' && /^\d+$/.test(variant))) line.variant_id = Number(variant);
    return line;
  });
}

/** "Buy in 1 click": one variant, how many, and the name staff ask for when they call. */
export type OneClickBody = Body<'/api/orders/one-click', 'post'>;

/** The order calls over the page's one client (`ordersApi(getApi())`). */
export function ordersApi(api: ApiCalls) {
  return {
    /** Places an order; the same key answers the same order (or the same refusal) again. */
    place: async (body: OrderBody, idempotencyKey: string): Promise<PlacedOrder> =>
      (await api.post('/api/orders/', { body, headers: { 'Idempotency-Key': idempotencyKey } })).order,
    /** "Buy in 1 click" for the signed-in shopper (their verified phone); the same key answers the same order. */
    oneClick: async (body: OneClickBody, idempotencyKey: string): Promise<AccountOrder> =>
      (await api.post('/api/orders/one-click', { body, headers: { 'Idempotency-Key': idempotencyKey } })).order,
    /** The caller's orders, newest first. */
    list: (page: number, perPage = 10): Promise<OrdersPage> => api.get('/api/orders', { query: { page, per_page: perPage } }),
    /** One of the caller's orders with its status history; 404 `NOT_FOUND` for an unknown or foreign number. */
    get: async (number: string): Promise<AccountOrder> => (await api.get('/api/orders/{tid}', { path: { tid: number } })).order,
  };
}

/**
 * How an order's delivery fee reads. An express order's courier is paid in the courier's app and a
 * 1-click order's delivery is agreed by phone: both carry 0 in the order, which is not "free".
 */
export function deliveryFeeKind(order: { delivery: { type: string }; delivery_fee: number }): 'courier_app' | 'by_phone' | 'free' | 'amount' {
  if (order.delivery.type === 'express') return 'courier_app';
  if (order.delivery.type === 'phone') return 'by_phone';
  return order.delivery_fee === 0 ? 'free' : 'amount';
}
