import { type FastifyBaseLogger } from 'fastify';
import { type Metrics, type PaymentOutcome } from '../../lib/metrics.js';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuthService } from '../auth/index.js';
import { releaseOrderStock } from '../inventory/index.js';
import { type OrderRow, type PaymentStatus, createOrderRepository } from './orders.repository.js';
import { orderSmsText, paymentFailedSmsText, refundedSmsText } from './orders.text.js';
import { createReconcileRepository } from './reconcile.repository.js';

/** The history note of a card payment that was never confirmed (also what a replayed checkout answers). */
export const NOT_CONFIRMED = 'PAYMENT_NOT_CONFIRMED';

/**
 * The card payment state machine's transitions, each one compare-and-set on the payment status it
 * leaves (`from`), so the checkout, the reconciler in any process and staff can never both apply one:
 * the loser gets undefined and does nothing else (no stock moved, no SMS).
 *
 *   pending  → paid | failed (refused) | checking (outcome unknown)
 *   pending  → checking | paid | failed (the reconciler, for a checkout a crash left behind)
 *   checking → paid | failed | checking (asked again later)
 *   paid     → refund_pending (staff cancel) → refunded | refund_pending (asked again later)
 */
export function createPaymentTransitions(deps: {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  settings: Config['reconcile'];
  metrics?: Metrics | undefined;
  /** The auth module, which owns customers: the phone a payment SMS goes to. */
  customers: Pick<AuthService, 'customer'>;
}) {
  const repo = createOrderRepository(deps.db);
  const reconcile = createReconcileRepository(deps.db);
  const { customers } = deps;

  /** The wait after the n-th check that settled nothing: PAYMENT_RECHECK_S, doubling, up to PAYMENT_RECHECK_MAX_S. */
  const waitS = (checks: number) => Math.min(deps.settings.recheckS * 2 ** Math.max(0, checks - 1), deps.settings.recheckMaxS);
  const inSeconds = (s: number) => new Date(deps.clock.now().getTime() + s * 1000);

  async function text(order: OrderRow, message: (number: string, lang: OrderRow['lang']) => string): Promise<void> {
    const customer = await customers.customer(order.customerId);
    if (!customer?.phone) return;
    await deps.sms
      .send({ phone: customer.phone, text: message(order.number, order.lang) })
      .catch((err: unknown) => deps.log.warn({ err, order: order.number }, 'payment SMS not sent'));
  }

  /** Counts a transition this process made (bozor_api_payments_total). */
  const counted = <T extends OrderRow | undefined>(row: T, outcome: PaymentOutcome): T => {
    if (row) deps.metrics?.payments.inc({ method: row.paymentMethod, outcome });
    return row;
  };

  return {
    /** When a payment that just became `checking` or `refund_pending` is first asked about. */
    firstCheckAt: () => inSeconds(deps.settings.recheckS),

    /** The money moved: the order goes on. `notify` texts the shopper the order is received (the checkout could not say so). */
    async paid(order: OrderRow, from: readonly PaymentStatus[], options: { notify: boolean }) {
      const row = await deps.db.transaction((tx) =>
        repo.movePayment(tx, order.id, from, { paymentStatus: 'paid', paymentCheckAt: null, ...(options.notify ? { note: 'PAYMENT_CONFIRMED' } : {}) }, deps.clock.now()),
      );
      if (row && options.notify) await text(row, (n, lang) => orderSmsText(n, 'new', lang));
      return counted(row, 'paid');
    },

    /** The money did not move: the order is cancelled and its stock returned, in one transaction. */
    async failed(order: OrderRow, from: readonly PaymentStatus[], note: string, options: { notify: boolean }) {
      const row = await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const moved = await repo.movePayment(tx, order.id, from, { status: 'cancelled', paymentStatus: 'failed', paymentCheckAt: null, note }, now);
        // Only the actor that moved the payment gives the stock back (and releaseOrderStock itself gives each move back once).
        if (moved) await releaseOrderStock(tx, order.id, now);
        return moved;
      });
      if (row && options.notify) await text(row, paymentFailedSmsText);
      return counted(row, 'failed');
    },

    /** The outcome is unknown: the stock stays held and the reconciler asks the provider after PAYMENT_RECHECK_S. */
    async checking(order: OrderRow, from: readonly PaymentStatus[], note: string) {
      const row = await deps.db.transaction((tx) =>
        repo.movePayment(tx, order.id, from, { paymentStatus: 'checking', paymentCheckAt: inSeconds(deps.settings.recheckS), paymentChecks: 0, note }, deps.clock.now()),
      );
      if (row) deps.log.warn({ order: order.number, receipt: order.receiptId, note }, 'card payment outcome unknown: checking with the provider');
      return counted(row, 'checking');
    },

    /**
     * The provider confirmed the receipt's cancellation. `notify` texts the shopper the refund, once the move
     * has committed; only the actor that moved it does, so it is texted once. Without it the caller tells
     * the shopper (staff's cancel, whose one text says both).
     */
    async refunded(order: OrderRow, options: { notify: boolean }) {
      const row = await deps.db.transaction((tx) => repo.movePayment(tx, order.id, ['refund_pending'], { paymentStatus: 'refunded', paymentCheckAt: null }, deps.clock.now()));
      if (row && options.notify) await text(row, (n, lang) => refundedSmsText(n, row.total, lang));
      return counted(row, 'refunded');
    },

    /** Nothing settled yet: ask again later, waiting longer each time. A `pending` payment left by a crash becomes `checking`. */
    async later(order: OrderRow): Promise<void> {
      const checks = order.paymentChecks + 1;
      const wait = waitS(checks);
      if (order.paymentStatus === 'pending') {
        await deps.db.transaction((tx) =>
          repo.movePayment(tx, order.id, ['pending'], { paymentStatus: 'checking', paymentCheckAt: inSeconds(wait), paymentChecks: checks, note: 'CHECKOUT_INTERRUPTED' }, deps.clock.now()),
        );
      } else {
        await reconcile.scheduleCheck(order.id, order.paymentStatus, inSeconds(wait), checks);
      }
      const entry = { order: order.number, receipt: order.receiptId, payment: order.paymentStatus, checks, nextCheckS: wait };
      // At the cap the provider has been asked for about an hour (with the defaults) without an answer: a person should look.
      if (wait >= deps.settings.recheckMaxS) deps.log.error(entry, 'card payment still unsettled at the provider; staff should check it');
      else deps.log.info(entry, 'card payment not settled yet; asking again later');
    },
  };
}

export type PaymentTransitions = ReturnType<typeof createPaymentTransitions>;
