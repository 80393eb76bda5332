import { pageMeta } from '../../http/validation.js';
import { type Metrics } from '../../lib/metrics.js';
import { createHash } from 'node:crypto';
import { type SQL } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/client.js';
import { type OrderStatus, type orders } from '../../db/schema/orders.js';
import { AppError, notFound } from '../../errors.js';
import { type Lang, pick, timeSpan } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { PaymentError } from '../../providers/payments/payment.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuthContext, type AuthService } from '../auth/auth.service.js';
import { type ShopInfoService } from '../content/index.js';
import { type CardService, paymentAppError } from '../payments/cards.service.js';
import { courierFee } from './delivery.js';
import { type RegionRow, orderDto, orderStatusesDto, paymentDeclined } from './orders.dto.js';
import { type OrderPayments } from './order-payments.js';
import { isUniqueViolation, itemRow, receiptFor } from './order-lines.js';
import { type OrderRow, type PaymentStatus, createOrderRepository, lineKey } from './orders.repository.js';
import { type CreateOrderBody, type DeliveryInput, type OneClickBody } from './orders.schema.js';
import { STATUS_LABELS, TEXTED_STATUSES, holdExpiredSmsText, oneClickSmsText, orderSmsText, refundedSmsText } from './orders.text.js';
import { NOT_CONFIRMED } from './payment-state.js';
import { shopperRefund } from './refund-tasks.js';
import { type Config } from '../../config.js';
import { payUrl } from '../checkout-payments/pay-links.js';
import { type Actor, type AuditService } from '../audit/audit.service.js';
import { canMove, nextStatuses } from './order-status-machine.js';
import { type CartService } from '../cart/cart.service.js';

/** 409 naming, in the staff member's words, where the order may go from its status (none from `cancelled` or `completed`). */
function invalidTransition(order: OrderRow, to: OrderStatus): AppError {
  const allowed = nextStatuses(order);
  const names = (lang: Lang) => allowed.map((s) => STATUS_LABELS[s][lang].toLowerCase()).join(', ') || '—';
  return new AppError('INVALID_TRANSITION', 409, {
    params: { from: STATUS_LABELS[order.status], to: STATUS_LABELS[to], allowed: { uz: names('uz'), ru: names('ru'), en: names('en') } },
    extra: { status: order.status, allowed },
  });
}

type Line = { product_id: number; variant_id?: number; quantity: number };
type MoveOptions = {
  note?: string;
  actor?: Actor;
  /** One more condition the order must still meet when it moves; without it a lost race is a 409. */
  guard?: SQL;
  /** The shopper's SMS; by default the new status's. */
  sms?: (number: string, lang: Lang) => string;
};

/** The history note (and audit note) of a cash order cancelled because nobody confirmed it within its hold. */
export const HOLD_EXPIRED = 'CASH_HOLD_EXPIRED';
/** Who cancels an order whose hold ran out, in the audit log (`_command`); the timeline names no staff member. */
const SYSTEM: Actor = { command: 'system' };
/** created: 201; replayed: 200 (the same key again); accepted: 202, the card payment is not settled yet. */
export type CreateOutcome = 'created' | 'replayed' | 'accepted';

/** Checkout: prices, delivery fee, stock and payment are all decided here, never by the client. */
export function createOrderService(deps: {
  db: Db;
  clock: Clock;
  media: MediaStorage;
  orderPayments: OrderPayments;
  cards: CardService;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  checkout: Config['checkout'];
  audit: AuditService;
  limits: Config['orderLimits'];
  /** When a refund owed by hand is due (the shopper's order says by when). */
  refunds: Config['refunds'];
  /** The cart module, which owns the cart: an order placed from the cart empties it there. */
  cart: Pick<CartService, 'clear'>;
  /** The auth module, which owns customers: the phone a status SMS goes to. */
  customers: Pick<AuthService, 'customer'>;
  /** The content module, which owns the stores and the delivery settings an order is priced and shown with. */
  shopInfo: Pick<ShopInfoService, 'storeRows' | 'deliveryRows'>;
  metrics?: Metrics;
}) {
  const repo = createOrderRepository(deps.db);
  const { customers, shopInfo } = deps;

  /** Priced lines and the delivery fee for a basket; throws 422 for anything that cannot be sold or delivered. */
  async function price(lines: Line[], delivery: DeliveryInput, accountType: 'individual' | 'legal', lang: Lang) {
    const { priced, itemsTotal, weight } = await priceLines(lines, accountType, lang);
    return { priced, itemsTotal, weight, ...(await deliveryFee(delivery, itemsTotal, weight)) };
  }

  /** The lines merged by variant, priced from the account type's list; 422 for what cannot be sold or is over the line cap. */
  async function priceLines(lines: Line[], accountType: 'individual' | 'legal', lang: Lang) {
    const merged = new Map<string, Line>();
    // Where each merged line was first posted, to name its field (`items.2.quantity`).
    const firstIndex = new Map<string, number>();
    for (const [index, line] of lines.entries()) {
      const key = lineKey(line);
      const prev = merged.get(key);
      merged.set(key, prev ? { ...prev, quantity: prev.quantity + line.quantity } : line);
      if (!firstIndex.has(key)) firstIndex.set(key, index);
    }
    const sellable = await repo.sellable([...merged.values()], accountType);
    const missing = [...merged.keys()].filter((key) => !sellable.has(key));
    if (missing.length > 0) {
      throw new AppError('PRODUCT_UNAVAILABLE', 422, { fields: Object.fromEntries(missing.map((k) => [`items.${k}`, 'invalid'])) });
    }
    // One line may take at most ORDER_LINE_MAX_QTY units (ORDER_LINE_MAX_QTY_LEGAL for a legal entity),
    // lines of one variant counted together, so splitting a line does not get round it.
    const max = deps.limits.lineMaxQty[accountType];
    const over = [...merged.entries()].filter(([, line]) => line.quantity > max);
    if (over.length > 0) {
      throw new AppError('QUANTITY_LIMIT', 422, {
        params: { max, items: over.map(([key]) => pick(sellable.get(key)!.name, lang)).join(', ') },
        fields: Object.fromEntries(over.map(([key]) => [`items.${firstIndex.get(key)!}.quantity`, 'quantity_limit'])),
        extra: { max },
      });
    }
    const priced = [...merged.entries()].map(([key, line]) => ({ line, variant: sellable.get(key)! }));
    const itemsTotal = priced.reduce((sum, p) => sum + p.variant.price * p.line.quantity, 0);
    const weight = priced.reduce((sum, p) => sum + p.variant.weight_grams * p.line.quantity, 0);
    return { priced, itemsTotal, weight };
  }

  /** The delivery's fee and store; 422 for a region, city or store that does not exist. */
  async function deliveryFee(delivery: DeliveryInput, itemsTotal: number, weight: number) {
    const { settings, regions } = await shopInfo.deliveryRows();
    if (!settings) throw new AppError('SERVICE_UNAVAILABLE', 503);
    let fee = 0;
    let storeId: number | null = null;
    switch (delivery.type) {
      case 'courier': {
        const region = regions.find((r) => r.slug === (delivery.region ?? 'tashkent'));
        if (!region) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.region': 'invalid' } });
        // switched off in the back office after the shopper's page loaded its regions
        if (!region.active) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.region': 'region_closed' } });
        if (delivery.city && !region.cities.some((c) => c.slug === delivery.city)) {
          throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.city': 'invalid' } });
        }
        fee = courierFee(region, settings, itemsTotal, weight);
        break;
      }
      case 'express': {
        const region = regions.find((r) => r.slug === (delivery.region ?? 'tashkent'));
        if (!region?.expressAvailable || !region.active) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.region': 'express_tashkent_only' } });
        // Express is priced in the courier's app and paid to the courier: nothing is added here.
        fee = 0;
        break;
      }
      case 'pickup': {
        const stores = await shopInfo.storeRows();
        const store = stores.find((s) => s.id === delivery.store_id);
        if (!store) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.store_id': delivery.store_id ? 'invalid' : 'required' } });
        storeId = store.id;
        break;
      }
    }
    if (delivery.type !== 'pickup' && !delivery.address) {
      throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.address': 'required' } });
    }
    return { fee, storeId, freeDeliveryThreshold: settings.freeDeliveryThreshold };
  }

  /**
   * What the unpaid-orders limit error carries besides its words: the limit and the shop's own hold times (an unpaid
   * Payme/Click order is cancelled after `payment_hold_minutes`, an unconfirmed cash order after `cash_hold_hours`),
   * so that the checkout can tell the shopper how long to wait.
   */
  const unpaidLimit = () => ({
    max: deps.limits.openUnpaidMax,
    payment_hold_minutes: Math.ceil(deps.checkout.ttlS / 60),
    cash_hold_hours: deps.limits.cashHoldH,
  });

  const requestHash = (body: CreateOrderBody | OneClickBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

  async function failedPaymentOutcome(order: OrderRow): Promise<never> {
    const history = await repo.history(order.id);
    const note = [...history].reverse().find((h) => h.paymentStatus === 'failed' && h.note)?.note ?? 'PAYMENT_DECLINED';
    if (note.startsWith(NOT_CONFIRMED)) throw namingOrder(new AppError('PAYMENT_NOT_CONFIRMED', 402), order.number);
    const kind = (['INSUFFICIENT_FUNDS', 'PAYMENT_DECLINED', 'PROVIDER_UNAVAILABLE'] as const).find((k) => note.startsWith(k)) ?? 'PAYMENT_DECLINED';
    throw namingOrder(paymentAppError(new PaymentError(kind, `order ${order.number}`)), order.number);
  }

  /**
   * A refused card payment leaves a cancelled order in My orders: its answer names it (`order_number`), so the
   * checkout can say which order was cancelled rather than leave one the shopper was never told of.
   */
  function namingOrder(err: unknown, number: string): unknown {
    return err instanceof AppError ? new AppError(err.code, err.status, { ...err.options, extra: { ...err.options.extra, order_number: number } }) : err;
  }

  /** The same Idempotency-Key again: the order as it now stands, or the payment failure again. */
  async function replay(order: OrderRow, lang: Lang, origin: string): Promise<{ order: Awaited<ReturnType<typeof dto>>; outcome: CreateOutcome }> {
    if (order.paymentStatus === 'failed' && order.paymentMethod === 'card') return failedPaymentOutcome(order);
    const unsettled = order.paymentMethod === 'card' && (order.paymentStatus === 'checking' || order.paymentStatus === 'pending');
    return { order: await dto(order, lang, undefined, origin), outcome: unsettled ? 'accepted' : 'replayed' };
  }

  /** The regions (names of the address's region and city), read once per answer and only for an address. */
  const regionsFor = async (rows: OrderRow[]) => (rows.some((o) => o.address) ? (await shopInfo.deliveryRows()).regions : []);

  /** With `origin`, an unpaid `payme`/`click` order's `pay_url`: the provider's page to pay it on. */
  const payLink = (order: OrderRow, origin?: string): string | null =>
    origin !== undefined && order.paymentStatus === 'pending' && order.status !== 'cancelled' ? payUrl(order, deps.checkout, origin) : null;

  /** An order as the shopper sees it in lists and checkout answers; with `origin`, `pay_url` while it awaits payment. */
  async function dto(order: OrderRow, lang: Lang, regions?: RegionRow[], origin?: string) {
    const [items, stores, regionRows] = await Promise.all([repo.items(order.id), shopInfo.storeRows(), regions ?? regionsFor([order])]);
    return withPayLink(order, orderDto(order, items, stores, regionRows, lang, deps.media), origin);
  }

  function withPayLink<T extends object>(order: OrderRow, base: T, origin?: string): T | (T & { pay_url: string }) {
    const link = payLink(order, origin);
    return link ? { ...base, pay_url: link } : base;
  }

  /** The same with the order's status history (one order's page). */
  async function dtoWithHistory(order: OrderRow, lang: Lang, origin?: string) {
    const [items, stores, history, regionRows] = await Promise.all([repo.items(order.id), shopInfo.storeRows(), repo.history(order.id), regionsFor([order])]);
    return withPayLink(
      order,
      {
        ...orderDto(order, items, stores, regionRows, lang, deps.media),
        statuses: orderStatusesDto(history, lang),
        payment_declined: paymentDeclined(history),
        refund: shopperRefund(order, history, deps.refunds, deps.clock.now(), lang),
      },
      origin,
    );
  }

  /**
   * The one status move (staff, `pnpm order:status`, the cash-hold sweep): compare-and-set on the status
   * (and `guard`), stock back on a cancel, history, audit, then the shopper's SMS. A lost race is a 409
   * naming where the order may go now, or undefined with a `guard` (the sweep simply skips it).
   */
  async function move(order: OrderRow, status: OrderStatus, options: MoveOptions): Promise<OrderRow | undefined> {
    const actor = options.actor ?? { command: 'internal' };
    const staffId = 'staffId' in actor ? actor.staffId : undefined;
    const { note } = options;
    if (!canMove(order, status)) throw invalidTransition(order, status);
    // No cancel while nobody knows whether the money moved: the reconciler settles it first.
    // Nor while a payme/click order may still be paid on the provider's page: it expires by itself.
    // Nor do the goods leave (`shipping`, `picked_up`) before the money is known: a check that ends "not paid"
    // cancels the order and puts its units back on sale.
    const online = order.paymentMethod !== 'cash';
    const settles = status === 'cancelled' || status === 'shipping' || status === 'picked_up';
    if (settles && online && order.paymentStatus === 'checking') throw new AppError('PAYMENT_CHECKING', 409);
    if (online && order.paymentStatus === 'pending') {
      // Awaited: no step at all. The payment page may be open: cancelling now could take money for a
      // cancelled order, and the provider pays only an order still `new` (settlement.ts), so a confirmed
      // one could no longer be paid. It expires by itself at `expires_at` (later while a payment begun on
      // the provider's page may still be completed).
      throw new AppError('PAYMENT_AWAITED', 409, { extra: { expires_at: order.paymentCheckAt?.toISOString() ?? null } });
    }
    // A paid payme order is refunded by staff in Payme's cabinet: Payme then calls CancelTransaction, which
    // makes it `refunded`. A paid click order the shop reverses itself (Click's Merchant API), asked now and
    // by the reconciler until Click confirms. Until then the refund is pending.
    const providerRefund = status === 'cancelled' && (order.paymentMethod === 'payme' || order.paymentMethod === 'click') && order.paymentStatus === 'paid';
    const now = deps.clock.now();
    const refund =
      status === 'cancelled' && order.paymentStatus === 'paid' && ((order.paymentMethod === 'card' && order.receiptId !== null) || order.paymentMethod === 'click');
    let updated = await deps.db.transaction(async (tx) => {
      const paymentStatus: PaymentStatus | undefined = refund || providerRefund
        ? 'refund_pending'
        : status === 'cancelled' && order.paymentStatus === 'paid'
          ? 'refunded'
          : status === 'completed' && order.paymentMethod === 'cash'
            ? 'paid'
            : undefined;
      const check = refund ? { paymentCheckAt: deps.orderPayments.firstCheckAt(), paymentChecks: 0 } : {};
      const change = { status, ...(paymentStatus ? { paymentStatus } : {}), ...check, ...(note ? { note } : {}), ...(staffId ? { staffId } : {}) };
      const row = await repo.setStatus(tx, order.id, order.status, change, now, options.guard);
      if (!row) {
        if (options.guard) return undefined;
        // Someone else moved it first: say where it may go from where it is now.
        throw invalidTransition((await repo.findByNumberOrId(String(order.id), tx)) ?? order, status);
      }
      // Only the move into `cancelled` gives the stock back, and that move happens once.
      if (status === 'cancelled') await repo.releaseStock(tx, order.id, now);
      const held = order.stockHeldUntil ? order.stockHeldUntil.toISOString() : undefined;
      await deps.audit.record(tx, actor, {
        action: 'order.status',
        entity: 'order',
        entityId: order.number,
        before: { status: order.status, payment_status: order.paymentStatus, ...(held ? { stock_held_until: held } : {}) },
        after: { status: row.status, payment_status: row.paymentStatus, ...(held ? { stock_held_until: row.stockHeldUntil?.toISOString() ?? null } : {}), ...(note ? { note } : {}) },
      });
      return row;
    });
    if (!updated) return undefined;
    // A refund the provider confirms at once is told with the cancel, in one text; one confirmed later is
    // texted by whoever sees it confirmed (order-payments.ts).
    let refundedNow = false;
    if (updated.paymentStatus === 'refund_pending' && refund) ({ order: updated, refunded: refundedNow } = await deps.orderPayments.refundNow(updated, { retry: false, notify: false }));
    const customer = TEXTED_STATUSES.has(status) ? await customers.customer(order.customerId) : undefined;
    if (customer?.phone) {
      const text = options.sms
        ? options.sms(order.number, order.lang)
        : refundedNow
          ? refundedSmsText(order.number, order.total, order.lang, true)
          : orderSmsText(order.number, status, order.lang);
      // (a refused text, SMS_DAILY_CAP_PER_PHONE reached, is in My orders like any other)
      await deps.sms.send({ phone: customer.phone, text }).catch((err: unknown) => deps.log.warn({ err, order: order.number }, 'status SMS not sent'));
    }
    return updated;
  }

  type OrderFields = Pick<
    typeof orders.$inferInsert,
    'paymentMethod' | 'cardId' | 'deliveryType' | 'address' | 'storeId' | 'receiverName' | 'receiverSurname' | 'receiverPhone' | 'deliveryFee' | 'paymentCheckAt' | 'stockHeldUntil' | 'oneClick'
  >;
  type Priced = Awaited<ReturnType<typeof priceLines>>;

  /**
   * The one way an order is written (checkout and "Buy in 1 click"): under a lock on the customer's row the
   * open unpaid orders are counted (ORDER_OPEN_UNPAID_MAX), the stock is reserved (rows locked in variant
   * order; 409 `OUT_OF_STOCK` naming what is short) and the order inserted, all in one transaction. Two
   * requests with the same key racing: the loser answers with the winner's order (`replayed`).
   */
  async function place(auth: AuthContext, q: Priced & { storeId: number | null }, key: string, hash: string, lang: Lang, origin: string, fields: OrderFields) {
    const now = deps.clock.now();
    const wanted = new Map<number, number>();
    for (const { line, variant } of q.priced) wanted.set(variant.variant_id, (wanted.get(variant.variant_id) ?? 0) + line.quantity);
    try {
      const order = await deps.db.transaction(async (tx) => {
        // Counted under a lock on the customer's row, before any stock is taken: parallel checkouts of one
        // account queue here, so no burst gets past ORDER_OPEN_UNPAID_MAX.
        const open = await repo.lockCustomerOpenOrders(tx, auth.customer.id);
        if (open >= deps.limits.openUnpaidMax) {
          const limit = unpaidLimit();
          const params = { max: limit.max, payment_hold: timeSpan(limit.payment_hold_minutes), cash_hold: timeSpan(limit.cash_hold_hours * 60) };
          throw new AppError('TOO_MANY_OPEN_ORDERS', 409, { params, extra: limit });
        }
        const { shortfalls, moves } = await repo.reserveStock(tx, wanted, q.storeId);
        if (shortfalls.length > 0) {
          const names = shortfalls.map((s) => {
            const v = q.priced.find((p) => p.variant.variant_id === s.variant_id)!.variant;
            return `${pick(v.name, lang)} (${s.available})`;
          });
          throw new AppError('OUT_OF_STOCK', 409, {
            params: { items: names.join(', ') },
            fields: Object.fromEntries(shortfalls.map((s) => [`items.${s.variant_id}`, 'invalid'])),
          });
        }
        const id = await repo.nextOrderId(tx);
        return repo.insertOrder(
          tx,
          {
            ...fields,
            id,
            number: `BZ-${100000 + id}`,
            customerId: auth.customer.id,
            accountType: auth.customer.userType,
            lang,
            itemsTotal: q.itemsTotal,
            total: q.itemsTotal + (fields.deliveryFee ?? 0),
            weightGrams: q.weight,
            idempotencyKey: key,
            requestHash: hash,
            createdAt: now,
            updatedAt: now,
          },
          q.priced.map(({ line, variant }) => itemRow(variant, line.quantity)),
          moves,
        );
      });
      deps.metrics?.ordersCreated.inc({ payment_method: order.paymentMethod });
      return { replayed: false as const, order };
    } catch (err) {
      // Two requests with the same key raced: the loser answers with the winner's order. (At the cap, the
      // loser waited on the customer's lock and counted the winner's order: the same key is still a replay.)
      if (isUniqueViolation(err) || (err instanceof AppError && err.code === 'TOO_MANY_OPEN_ORDERS')) {
        const winner = await repo.findByIdempotencyKey(auth.customer.id, key);
        if (winner && winner.requestHash === hash) return { replayed: true as const, answer: await replay(winner, lang, origin) };
        if (winner) throw new AppError('IDEMPOTENCY_CONFLICT', 409);
      }
      throw err;
    }
  }

  return {
    async quote(auth: AuthContext | null, lines: Line[], delivery: DeliveryInput, lang: Lang) {
      const accountType = auth?.customer.userType ?? 'individual';
      const q = await price(lines, delivery, accountType, lang);
      return {
        currency: 'UZS' as const,
        items: q.priced.map(({ line, variant }) => ({
          product_id: variant.product_id,
          variant_id: variant.variant_id,
          name: pick(variant.name, lang),
          price: variant.price,
          quantity: line.quantity,
          total: variant.price * line.quantity,
          in_stock: variant.total_quantity >= line.quantity,
          total_quanity: variant.total_quantity,
        })),
        items_total: q.itemsTotal,
        weight: q.weight,
        delivery_type: delivery.type,
        delivery_fee: q.fee,
        fargoDeliveryPrice: q.fee,
        free_delivery_threshold: q.freeDeliveryThreshold,
        total: q.itemsTotal + q.fee,
      };
    },

    /**
     * Places an order. Stock is reserved in one transaction (rows locked in variant order);
     * a card is charged only after that transaction commits; a failed charge gives the stock
     * back and cancels the order. The same Idempotency-Key returns the same order.
     */
    async create(auth: AuthContext, body: CreateOrderBody, key: string, lang: Lang, origin: string) {
      const hash = requestHash(body);
      const existing = await repo.findByIdempotencyKey(auth.customer.id, key);
      if (existing) {
        if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT', 409);
        return replay(existing, lang, origin);
      }
      const method = body.payment.method;
      // Offered only when configured (always in the sandbox): the shopper must have somewhere to pay.
      if ((method === 'payme' || method === 'click') && !deps.checkout[method]) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'payment.method': 'invalid' } });
      if (method === 'card' && !deps.cards.taken) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'payment.method': 'invalid' } });

      const card = body.payment.method === 'card' ? (body.payment.card_id ? await deps.cards.verifiedCard(auth, body.payment.card_id) : undefined) : undefined;
      if (body.payment.method === 'card' && !card) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'payment.card_id': body.payment.card_id ? 'invalid' : 'required' } });

      const q = await price(body.items, body.delivery, auth.customer.userType, lang);
      const now = deps.clock.now();
      const d = body.delivery;
      const placed = await place(auth, q, key, hash, lang, origin, {
        paymentMethod: body.payment.method,
        cardId: card?.id ?? null,
        deliveryType: d.type,
        address:
          d.type === 'pickup'
            ? null
            : { region: d.region ?? 'tashkent', city: d.city, address: d.address ?? '', flat: d.flat, entrance: d.entrance, floor: d.floor, intercom: d.intercom, comment: d.comment, location: d.location ?? null },
        storeId: q.storeId,
        receiverName: body.receiver.name,
        receiverSurname: body.receiver.surname,
        receiverPhone: body.receiver.phone,
        deliveryFee: q.fee,
        // An unpaid payme/click order gives its stock back after this (checkout-payments/expiry.ts).
        paymentCheckAt: method === 'payme' || method === 'click' ? new Date(now.getTime() + deps.checkout.ttlS * 1000) : null,
        // An unconfirmed cash order gives its stock back after this (cash-hold.ts); confirming it clears it.
        stockHeldUntil: method === 'cash' ? new Date(now.getTime() + deps.limits.cashHoldH * 3600_000) : null,
      });
      if (placed.replayed) return placed.answer;
      let order = placed.order;

      if (card) {
        const charging = order;
        order = await deps.orderPayments.charge(charging, receiptFor(charging, q.priced, q.fee), card.token).catch((err: unknown) => {
          throw namingOrder(err, charging.number);
        });
        // Outcome unknown: the stock stays held and the cart as it is; the reconciler settles the payment
        // and texts the shopper either way.
        if (order.paymentStatus !== 'paid') return replay(order, lang, origin);
      }
      if (method === 'payme' || method === 'click') {
        // The goods are held for the shopper, who now pays on the provider's page (`pay_url`). The SMS
        // "Received" goes out when the provider says the money moved.
        if (!body.one_click) await deps.cart.clear(auth.customer.id);
        return { order: await dto(order, lang, undefined, origin), outcome: 'created' as const };
      }
      // No text: the shopper reads the order on the page that placed it and in My orders (orders.text.ts TEXTED_STATUSES).
      if (!body.one_click) await deps.cart.clear(auth.customer.id);
      return { order: await dto(order, lang), outcome: 'created' as const };
    },

    /**
     * "Buy in 1 click": one variant for the signed-in shopper, by name and their verified phone only. Paid
     * on receipt; delivery `phone` (staff agree it when they call to confirm). Written like any order
     * (`place`: caps, stock reserved, Idempotency-Key) and held like any cash order: the cash-hold expiry
     * gives the stock back if staff never confirm it. The cart is left as it is.
     */
    async createOneClick(auth: AuthContext, body: OneClickBody, key: string, lang: Lang, origin: string) {
      const hash = requestHash(body);
      const existing = await repo.findByIdempotencyKey(auth.customer.id, key);
      if (existing) {
        if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT', 409);
        return replay(existing, lang, origin);
      }
      // The phone staff call: the account's, proven by the sign-in code (a legal entity's account too).
      const phone = auth.customer.phone;
      if (!phone) throw new AppError('VALIDATION_FAILED', 422, { fields: { phone: 'required' } });
      const line = { product_id: body.product_id, ...(body.variant_id ? { variant_id: body.variant_id } : {}), quantity: body.quantity };
      let q: Priced;
      try {
        q = await priceLines([line], auth.customer.userType, lang);
      } catch (err) {
        // The single line's fields by the body's own names (`items.0.quantity` means nothing here).
        if (err instanceof AppError && err.code === 'PRODUCT_UNAVAILABLE') throw new AppError('PRODUCT_UNAVAILABLE', 422, { fields: { product_id: 'invalid' } });
        if (err instanceof AppError && err.code === 'QUANTITY_LIMIT') throw new AppError('QUANTITY_LIMIT', 422, { ...err.options, fields: { quantity: 'quantity_limit' } });
        throw err;
      }
      const now = deps.clock.now();
      const placed = await place(auth, { ...q, storeId: null }, key, hash, lang, origin, {
        paymentMethod: 'cash',
        cardId: null,
        deliveryType: 'phone',
        address: null,
        storeId: null,
        receiverName: body.name,
        receiverSurname: '',
        receiverPhone: phone,
        // Agreed by phone: the fee (if any) is settled with the courier or at the till, as staff tell the shopper.
        deliveryFee: 0,
        paymentCheckAt: null,
        stockHeldUntil: new Date(now.getTime() + deps.limits.cashHoldH * 3600_000),
        oneClick: true,
      });
      if (placed.replayed) return placed.answer;
      await deps.sms
        .send({ phone, text: oneClickSmsText(placed.order.number, lang) })
        .catch((err: unknown) => deps.log.warn({ err, order: placed.order.number }, 'order SMS not sent'));
      return { order: await dto(placed.order, lang), outcome: 'created' as const };
    },

    /** Any order as staff see it: the shopper's view with its timeline, plus where it may go next. */
    async staffView(tid: string, lang: Lang) {
      const order = await repo.findByNumberOrId(tid);
      if (!order) throw notFound();
      return { row: order, view: await dtoWithHistory(order, lang), allowedNext: nextStatuses(order) };
    },

    /** The order's row (the back office checks a store account's scope with it). */
    find: (tid: string) => repo.findByNumberOrId(tid),

    /** The shopper's own order by number or id; someone else's is simply not found. */
    async get(auth: AuthContext, tid: string, lang: Lang, origin?: string) {
      const order = await repo.findByNumberOrId(tid);
      if (!order || order.customerId !== auth.customer.id) throw notFound();
      return dtoWithHistory(order, lang, origin);
    },

    /** With `origin` (the shopper's own list), an unpaid `payme`/`click` order's `pay_url`, as on its page. */
    async listForCustomer(customerId: number, page: number, perPage: number, lang: Lang, origin?: string) {
      // One query each for the page's orders, their items, the stores and the regions, however many orders.
      const { rows, items, total } = await repo.listForCustomer(customerId, page, perPage);
      const [regions, stores] = await Promise.all([regionsFor(rows), shopInfo.storeRows()]);
      const data = rows.map((row) => withPayLink(row, orderDto(row, items.filter((i) => i.orderId === row.id), stores, regions, lang, deps.media), origin));
      return { data, meta: pageMeta(page, perPage, total) };
    },

    async details(customerId: number, tid: string, lang: Lang) {
      const order = await repo.findByNumberOrId(tid);
      if (!order || order.customerId !== customerId) throw notFound();
      return dtoWithHistory(order, lang);
    },

    /**
     * Moves an order along the state machine (order-status-machine.ts): 409 `INVALID_TRANSITION` naming
     * the allowed next statuses otherwise. Cancelling returns the stock once; a paid card order's receipt
     * is cancelled at Payme and the payment reads `refund_pending` until Payme confirms. Cancelling again
     * an order whose refund is still pending retries the refund now (a card or Click one; a Payme-checkout
     * refund is made in Payme's cabinet, so nothing is asked), audited as `order.refund_retry`. Each change
     * is audited, and texted when the shopper acts on it (TEXTED_STATUSES).
     * Any move out of `new` ends a cash order's stock hold.
     */
    async changeStatus(number: string, status: OrderStatus, options: { note?: string; actor?: Actor } = {}) {
      const order = await repo.findByNumberOrId(number);
      if (!order) throw notFound();
      const retryRefund = status === 'cancelled' && order.status === 'cancelled' && order.paymentStatus === 'refund_pending';
      if (retryRefund) {
        // (the refund, if confirmed now, is texted: the shopper was told of the cancel when it was made)
        const { order: after } = await deps.orderPayments.refundNow(order, { retry: true, notify: true });
        // After the provider's answer, not in one transaction with it: a provider call never runs inside one.
        await deps.audit.record(deps.db, options.actor ?? { command: 'internal' }, {
          action: 'order.refund_retry',
          entity: 'order',
          entityId: order.number,
          before: { payment_status: order.paymentStatus },
          after: { payment_status: after.paymentStatus, ...(options.note ? { note: options.note } : {}) },
        });
        return after;
      }
      const moved = await move(order, status, options);
      // Without a guard a lost race throws inside `move`; this is for the type checker.
      if (!moved) throw invalidTransition(order, status);
      return moved;
    },

    /**
     * The cash-hold sweep's cancel (cash-hold.ts): an unconfirmed cash order whose hold ran out goes to
     * `cancelled` through the same move as a staff cancel (stock back once, history, audit, SMS), by
     * `system`, and only while it is still `new` with its hold run out: staff confirming or extending it a
     * moment before wins. Undefined when it no longer qualifies.
     */
    async expireHold(order: OrderRow): Promise<OrderRow | undefined> {
      if (order.paymentMethod !== 'cash' || !canMove(order, 'cancelled')) return undefined;
      return move(order, 'cancelled', { note: HOLD_EXPIRED, actor: SYSTEM, guard: repo.holdRanOut(deps.clock.now()), sms: holdExpiredSmsText });
    },

    /**
     * Staff give an unconfirmed cash order CASH_ORDER_HOLD_H more (once), audited in the same transaction.
     * 409 `HOLD_ALREADY_EXTENDED` the second time, 409 `NO_STOCK_HOLD` when the order holds nothing with a
     * time limit (confirmed, cancelled, not cash).
     */
    async extendHold(number: string, actor: Actor): Promise<OrderRow> {
      const order = await repo.findByNumberOrId(number);
      if (!order) throw notFound();
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const row = await repo.extendHold(tx, order.id, deps.limits.cashHoldH * 3600_000, now);
        if (!row) {
          const current = (await repo.findByNumberOrId(String(order.id), tx)) ?? order;
          throw new AppError(current.stockHeldUntil && current.holdExtended ? 'HOLD_ALREADY_EXTENDED' : 'NO_STOCK_HOLD', 409);
        }
        await deps.audit.record(tx, actor, {
          action: 'order.hold_extended',
          entity: 'order',
          entityId: order.number,
          before: { stock_held_until: order.stockHeldUntil?.toISOString() ?? null, hold_extended: false },
          after: { stock_held_until: row.stockHeldUntil?.toISOString() ?? null, hold_extended: true },
        });
        return row;
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
