import { type FastifyBaseLogger } from 'fastify';
import { type Metrics } from '../../lib/metrics.js';
import { type Db, type Tx } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuditService } from '../audit/index.js';
import { type AuthService } from '../auth/index.js';
import { type OrderRecords, type OrderRow, orderSmsText, refundedSmsText } from '../orders/index.js';
import { type CheckoutTxRow, type NewCheckoutTx, TX, createCheckoutTransactionRepository } from './transactions.repository.js';

/** Statuses in which a paid order can still be refunded with its goods back on the shelf. */
export const REFUNDABLE_STATUSES = ['new', 'confirmed', 'assembling', 'cancelled'] as const;

/** An order a provider's payment can still be made for: unpaid, and not moved on (`perform` pays only these). */
export const awaitsPayment = (order: OrderRow | undefined): boolean => order?.paymentStatus === 'pending' && order.status === 'new';

/** Thrown inside a database transaction to undo it when its second compare-and-set loses. */
class LostRace extends Error {}

/**
 * What a provider's word does to an order, each in one database transaction that moves the order and the
 * provider's transaction together, compare-and-set on both: of many concurrent calls (Payme repeats, two
 * API processes) exactly one applies a change, the others find it done. The order row is always locked
 * first, so two of these never deadlock. Nothing here is called before the provider has spoken.
 */
export function createCheckoutSettlement(deps: {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  metrics?: Metrics | undefined;
  /** The orders module: each move of an order is made through `orders.forTx(tx)`, in this module's transaction. */
  orders: Pick<OrderRecords, 'forTx'>;
  /** The auth module, which owns customers: the shopper's phone for the SMS. */
  customers: Pick<AuthService, 'customer'>;
  /** Each move of an order made on a provider's word is an `order.payment` entry, the provider its actor. */
  audit: Pick<AuditService, 'record'>;
}) {
  const { orders, customers } = deps;
  const txs = createCheckoutTransactionRepository(deps.db);

  /**
   * The order as it stood (read under its row lock, which the move then keeps) and as the provider's word
   * left it, in the audit log in the same transaction as the move: one cannot be without the other.
   */
  async function audited(tx: Tx, t: CheckoutTxRow, before: OrderRow, after: OrderRow, reason?: number): Promise<void> {
    await deps.audit.record(tx, { provider: t.provider }, {
      action: 'order.payment',
      entity: 'order',
      entityId: after.number,
      before: { status: before.status, payment_status: before.paymentStatus },
      after: { status: after.status, payment_status: after.paymentStatus, transaction: t.externalId, ...(reason === undefined ? {} : { reason }) },
    });
  }

  async function atomically<T>(work: (tx: Tx) => Promise<T | undefined>): Promise<T | undefined> {
    try {
      return await deps.db.transaction(async (tx) => {
        const result = await work(tx);
        if (result === undefined) throw new LostRace();
        return result;
      });
    } catch (err) {
      if (err instanceof LostRace) return undefined;
      throw err;
    }
  }

  /** Texts still being sent after the move they tell of (`idle` waits for them). */
  const sending = new Set<Promise<void>>();

  /**
   * Texts the shopper once the move has committed, without holding up the answer: these moves answer a
   * provider's callback, and an SMS gateway's slow answer (Eskiz: up to 10 s) must not make Payme or Click
   * take the shop for unreachable and undo a payment whose order is already paid here. The promise never
   * rejects (a text not sent is logged; the order says it all in My orders), for a caller that may wait.
   */
  function text(order: OrderRow, message: (number: string, lang: OrderRow['lang']) => string): Promise<void> {
    const send = async () => {
      const customer = await customers.customer(order.customerId);
      if (customer?.phone) await deps.sms.send({ phone: customer.phone, text: message(order.number, order.lang) });
    };
    const task = send()
      .catch((err: unknown) => deps.log.warn({ err, order: order.number }, 'payment SMS not sent'))
      .finally(() => sending.delete(task));
    sending.add(task);
    return task;
  }

  return {
    /**
     * A provider's new payment (Click's Prepare, Payme's CreateTransaction) is recorded only while its order
     * still waits for one (`pending`, `new`), under the order's row lock: an expiry of the order either
     * comes first (nothing is recorded, and `row` is undefined with the order as it now stands) or after
     * (and then sees this payment and leaves the order). `row` is undefined too when a unique index refused
     * the insert (the same id raced in, or another payment of the order is active): the caller reads which.
     */
    async open(values: NewCheckoutTx): Promise<{ order: OrderRow | undefined; row: CheckoutTxRow | undefined }> {
      return deps.db.transaction(async (tx) => {
        const order = await orders.forTx(tx).lock(values.orderId);
        if (!awaitsPayment(order)) return { order, row: undefined };
        return { order, row: await txs.insert(values, tx) };
      });
    },

    /** The provider took the money: the transaction is performed and the order paid; the shopper is texted "Received". */
    async perform(t: CheckoutTxRow): Promise<{ order: OrderRow; tx: CheckoutTxRow } | undefined> {
      const now = deps.clock.now();
      const done = await atomically(async (tx) => {
        const before = await orders.forTx(tx).lock(t.orderId);
        const order = before && (await orders.forTx(tx).movePayment(t.orderId, ['pending'], { paymentStatus: 'paid', paymentCheckAt: null, note: `${t.provider.toUpperCase()}_PAID` }, now, ['new']));
        if (!order) return undefined;
        const row = await txs.move(tx, t.id, [TX.created], { state: TX.performed, performedAt: now });
        if (row) await audited(tx, t, before, order);
        return row ? { order, tx: row } : undefined;
      });
      if (done) {
        deps.metrics?.payments.inc({ method: t.provider, outcome: 'paid' });
        deps.log.info({ provider: t.provider, order: done.order.number, transaction: t.externalId }, 'checkout payment performed');
        void text(done.order, (n, lang) => orderSmsText(n, 'new', lang));
      }
      return done;
    },

    /**
     * The payment will not happen (cancelled at the provider, or it failed): the transaction is cancelled,
     * and the order, if still unpaid, too, with its stock back. Undefined when the transaction had moved.
     */
    async cancelUnpaid(t: CheckoutTxRow, reason: number): Promise<CheckoutTxRow | undefined> {
      const now = deps.clock.now();
      let failed = false;
      const row = await atomically(async (tx) => {
        const before = await orders.forTx(tx).lock(t.orderId);
        const order = before && (await orders.forTx(tx).movePayment(t.orderId, ['pending'], { status: 'cancelled', paymentStatus: 'failed', paymentCheckAt: null, note: `${t.provider.toUpperCase()}_CANCELLED` }, now));
        if (order) await orders.forTx(tx).releaseStock(t.orderId, now);
        failed = Boolean(order);
        const moved = await txs.move(tx, t.id, [TX.created], { state: TX.cancelled, reason, cancelledAt: now });
        // Only a cancellation that moved the order is an event of the order (else it had moved already).
        if (moved && before && order) await audited(tx, t, before, order, reason);
        return moved;
      });
      if (row && failed) deps.metrics?.payments.inc({ method: t.provider, outcome: 'failed' });
      if (row) deps.log.info({ provider: t.provider, transaction: t.externalId, reason }, 'checkout payment cancelled before it was performed');
      return row;
    },

    /**
     * The provider refunded a performed payment (Payme CancelTransaction): the order is cancelled and
     * refunded, its stock back, but only while it has not left the shop (else undefined: -31007). The
     * shopper is texted the refund once (a repeated call moves nothing), and the cancel with it when this
     * call made it (staff's cancel texted its own).
     */
    async refund(t: CheckoutTxRow, reason: number): Promise<CheckoutTxRow | undefined> {
      const now = deps.clock.now();
      const done = await atomically(async (tx) => {
        const before = await orders.forTx(tx).lock(t.orderId);
        const order =
          before &&
          (await orders.forTx(tx).movePayment(
            t.orderId,
            ['paid', 'refund_pending'],
            { status: 'cancelled', paymentStatus: 'refunded', paymentCheckAt: null, note: `${t.provider.toUpperCase()}_REFUNDED` },
            now,
            REFUNDABLE_STATUSES,
          ));
        if (!order) return undefined;
        await orders.forTx(tx).releaseStock(t.orderId, now);
        const row = await txs.move(tx, t.id, [TX.performed], { state: TX.cancelledAfterPerform, reason, cancelledAt: now });
        if (row) await audited(tx, t, before, order, reason);
        return row ? { order, row, cancelledNow: before.status !== 'cancelled' } : undefined;
      });
      if (done) {
        deps.metrics?.payments.inc({ method: t.provider, outcome: 'refunded' });
        deps.log.info({ provider: t.provider, order: done.order.number, transaction: t.externalId, reason }, 'checkout payment refunded');
        const { order, cancelledNow } = done;
        void text(order, (n, lang) => refundedSmsText(n, order.total, lang, cancelledNow));
      }
      return done?.row;
    },

    /**
     * The provider confirmed a refund the shop asked for (a Click reversal of a cancelled order): the
     * payment is `refunded` and the transaction cancelled after perform, together. The order was cancelled
     * (stock back) when staff cancelled it. Undefined when it had moved already. `notify` texts the shopper
     * the refund after the commit, waited for (staff's cancel or the reconciler asked, no provider's
     * callback waits); without it the caller does (staff's cancel, whose one text says both).
     */
    async refundConfirmed(order: OrderRow, t: CheckoutTxRow, options: { notify: boolean }): Promise<OrderRow | undefined> {
      const now = deps.clock.now();
      const done = await atomically(async (tx) => {
        const before = await orders.forTx(tx).lock(order.id);
        const moved = before && (await orders.forTx(tx).movePayment(order.id, ['refund_pending'], { paymentStatus: 'refunded', paymentCheckAt: null, note: `${t.provider.toUpperCase()}_REFUNDED` }, now));
        if (!moved) return undefined;
        // Payme's reason 5, "refund", also for Click.
        if (!(await txs.move(tx, t.id, [TX.performed], { state: TX.cancelledAfterPerform, reason: 5, cancelledAt: now }))) return undefined;
        await audited(tx, t, before, moved, 5);
        return moved;
      });
      if (done) {
        deps.metrics?.payments.inc({ method: t.provider, outcome: 'refunded' });
        deps.log.info({ provider: t.provider, order: order.number, transaction: t.externalId }, 'checkout payment refunded');
        if (options.notify) await text(done, (n, lang) => refundedSmsText(n, done.total, lang));
      }
      return done;
    },

    /**
     * An unpaid order's time ran out: cancelled, its stock back, any waiting transaction cancelled (reason 4,
     * time-out). Undefined, and nothing changed, when the order had moved or a payment of it may still land
     * (asked again under the order's lock: a Prepare recorded since the sweep's own look keeps the order).
     */
    async expire(order: OrderRow): Promise<OrderRow | undefined> {
      const now = deps.clock.now();
      return atomically(async (tx) => {
        const moved = await orders.forTx(tx).movePayment(order.id, ['pending'], { status: 'cancelled', paymentStatus: 'failed', paymentCheckAt: null, note: 'CHECKOUT_EXPIRED' }, now);
        if (!moved) return undefined;
        if ((await txs.stillPayable([order.id], now, tx)).size > 0) return undefined;
        await orders.forTx(tx).releaseStock(order.id, now);
        await txs.cancelWaiting(tx, order.id, 4, now);
        return moved;
      });
    },

    /** Resolves once every text still being sent after its move has gone out or failed (tests, a process that stops). */
    async idle(): Promise<void> {
      while (sending.size > 0) await Promise.all([...sending]);
    },
  };
}

export type CheckoutSettlement = ReturnType<typeof createCheckoutSettlement>;
