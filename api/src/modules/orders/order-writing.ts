import { createHash } from 'node:crypto';
import { type orders } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { type Lang, pick, timeSpan } from '../../i18n/lang.js';
import { PaymentError } from '../../providers/payments/payment.js';
import { type AuthContext } from '../auth/index.js';
import { recordOrderTakes, reserveStock } from '../inventory/index.js';
import { paymentAppError } from '../payments/index.js';
import { type OrderPartDeps } from './order-deps.js';
import { isUniqueViolation, itemRow } from './order-lines.js';
import { type PricedLines } from './order-pricing.js';
import { type OrderViews } from './order-views.js';
import { type OrderRow } from './orders.repository.js';
import { type CreateOrderBody, type OneClickBody } from './orders.schema.js';
import { NOT_CONFIRMED } from './payment-state.js';

/** created: 201; replayed: 200 (the same key again); accepted: 202, the card payment is not settled yet. */
export type CreateOutcome = 'created' | 'replayed' | 'accepted';

export type OrderFields = Pick<
  typeof orders.$inferInsert,
  'paymentMethod' | 'cardId' | 'deliveryType' | 'address' | 'storeId' | 'receiverName' | 'receiverSurname' | 'receiverPhone' | 'deliveryFee' | 'paymentCheckAt' | 'stockHeldUntil' | 'oneClick'
>;

/**
 * A refused card payment leaves a cancelled order in My orders: its answer names it (`order_number`), so the
 * checkout can say which order was cancelled rather than leave one the shopper was never told of.
 */
export function namingOrder(err: unknown, number: string): unknown {
  return err instanceof AppError ? new AppError(err.code, err.status, { ...err.options, extra: { ...err.options.extra, order_number: number } }) : err;
}

/**
 * How an order is written, shared by the checkout and "Buy in 1 click": the Idempotency-Key (the same key
 * again answers the order as it now stands), the open unpaid orders cap and the stock reserved with the order.
 */
export function createOrderWriting(deps: OrderPartDeps<'db' | 'clock' | 'checkout' | 'limits' | 'metrics'>, views: Pick<OrderViews, 'dto'>) {
  const { repo } = deps;

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

  async function failedPaymentOutcome(order: OrderRow): Promise<never> {
    const history = await repo.history(order.id);
    const note = [...history].reverse().find((h) => h.paymentStatus === 'failed' && h.note)?.note ?? 'PAYMENT_DECLINED';
    if (note.startsWith(NOT_CONFIRMED)) throw namingOrder(new AppError('PAYMENT_NOT_CONFIRMED', 402), order.number);
    const kind = (['INSUFFICIENT_FUNDS', 'PAYMENT_DECLINED', 'PROVIDER_UNAVAILABLE'] as const).find((k) => note.startsWith(k)) ?? 'PAYMENT_DECLINED';
    throw namingOrder(paymentAppError(new PaymentError(kind, `order ${order.number}`)), order.number);
  }

  /** The same Idempotency-Key again: the order as it now stands, or the payment failure again. */
  async function replay(order: OrderRow, lang: Lang, origin: string): Promise<{ order: Awaited<ReturnType<OrderViews['dto']>>; outcome: CreateOutcome }> {
    if (order.paymentStatus === 'failed' && order.paymentMethod === 'card') return failedPaymentOutcome(order);
    const unsettled = order.paymentMethod === 'card' && (order.paymentStatus === 'checking' || order.paymentStatus === 'pending');
    return { order: await views.dto(order, lang, undefined, origin), outcome: unsettled ? 'accepted' : 'replayed' };
  }

  return {
    replay,

    requestHash: (body: CreateOrderBody | OneClickBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex'),

    /** The order an earlier request with this key placed, answered again; 409 when that request was another; undefined when there was none. */
    async earlier(auth: AuthContext, key: string, hash: string, lang: Lang, origin: string) {
      const existing = await repo.findByIdempotencyKey(auth.customer.id, key);
      if (!existing) return undefined;
      if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT', 409);
      return replay(existing, lang, origin);
    },

    /**
     * The one way an order is written (checkout and "Buy in 1 click"): under a lock on the customer's row the
     * open unpaid orders are counted (ORDER_OPEN_UNPAID_MAX), the stock is reserved (rows locked in variant
     * order; 409 `OUT_OF_STOCK` naming what is short) and the order inserted, all in one transaction. Two
     * requests with the same key racing: the loser answers with the winner's order (`replayed`).
     */
    async place(auth: AuthContext, q: PricedLines & { storeId: number | null }, key: string, hash: string, lang: Lang, origin: string, fields: OrderFields) {
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
          const { shortfalls, moves } = await reserveStock(tx, wanted, q.storeId);
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
          const row = await repo.insertOrder(
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
          );
          // The units taken are now the order's: a cancel or a failed payment gives them back (releaseOrderStock).
          await recordOrderTakes(tx, row.id, moves);
          return row;
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
    },
  };
}

export type OrderWriting = ReturnType<typeof createOrderWriting>;
