import { type FastifyBaseLogger } from 'fastify';
import { type Metrics } from '../../lib/metrics.js';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { createLeasedJob } from '../../lib/leased-job.js';
import { type PaymentProvider, type ReceiptRequest, type ReceiptState, PaymentError, isDefiniteRefusal } from '../../providers/payments/payment.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuthService } from '../auth/index.js';
import { paymentAppError } from '../payments/index.js';
import { type OrderRow, createOrderRepository } from './orders.repository.js';
import { NOT_CONFIRMED, createPaymentTransitions } from './payment-state.js';
import { createReceiptCalls } from './receipt-calls.js';
import { createReconcileRepository } from './reconcile.repository.js';

/** Payments settled per sweep; the rest wait for the next tick. */
const BATCH = 50;

export interface ReconcileReport {
  /** False when another process held the lease (or this one was already sweeping). */
  ran: boolean;
  settled: number;
  waiting: number;
}

/**
 * Card payments of orders: the checkout's charge, staff refunds, and the reconciler that settles what
 * neither could (a time-out, a network error, a provider 5xx, a crash) by asking the provider.
 */
export function createOrderPayments(deps: {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  settings: Config['reconcile'];
  /** The provider's per-call time-out, to size the lease. */
  callTimeoutMs: number;
  /**
   * Refunds of orders paid on a provider's page that the shop asks for itself (Click's reversal): true once
   * this call saw the provider confirm it and moved the payment; `ask` asks where the payment stands first;
   * `notify` texts the shopper the refund. Payme checkout refunds come from Payme (CancelTransaction) instead.
   */
  providerRefund?: ((order: OrderRow, options: { ask: boolean; notify: boolean }) => Promise<boolean>) | undefined;
  /** The auth module, which owns customers: the phone a payment SMS goes to. */
  customers: Pick<AuthService, 'customer'>;
  metrics?: Metrics | undefined;
}) {
  const repo = createOrderRepository(deps.db);
  const reconcile = createReconcileRepository(deps.db);
  const calls = createReceiptCalls({ payments: deps.payments, log: deps.log });
  const transitions = createPaymentTransitions(deps);
  const current = async (order: OrderRow) => (await repo.findByNumberOrId(String(order.id))) ?? order;

  /** A `checking` (or crash-left `pending`) charge: paid, not paid, or not known yet. */
  async function settleCharge(order: OrderRow, receiptId: string): Promise<boolean> {
    let state: ReceiptState;
    try {
      state = await calls.check(order.number, receiptId);
      // Still payable, so a pay request may yet be on its way: cancelling makes the answer final, since a
      // cancelled receipt can never be paid. Should the pay have landed first, the cancel refunds it.
      if (state.status === 'unpaid') state = await calls.cancel(order.number, receiptId);
    } catch {
      await transitions.later(order);
      return false;
    }
    if (state.status === 'paid') return Boolean(await transitions.paid(order, [order.paymentStatus], { notify: true }));
    if (state.status === 'cancelled') return Boolean(await transitions.failed(order, [order.paymentStatus], NOT_CONFIRMED, { notify: true }));
    await transitions.later(order);
    return false;
  }

  /**
   * A `refund_pending` receipt: cancelled at the provider is refunded; a still-paid one is cancelled (again).
   * True when this call moved the payment to `refunded`; `notify` then texts the shopper.
   */
  async function settleRefund(order: OrderRow, receiptId: string, cancelFirst: boolean, notify: boolean): Promise<boolean> {
    let state: ReceiptState;
    try {
      // A retry asks first: a receipt already queued for cancellation (Payme state 21) must not be cancelled twice.
      state = cancelFirst ? await calls.cancel(order.number, receiptId) : await calls.check(order.number, receiptId);
      if (!cancelFirst && (state.status === 'paid' || state.status === 'unpaid')) state = await calls.cancel(order.number, receiptId);
    } catch {
      await transitions.later(order);
      return false;
    }
    if (state.status === 'cancelled') return Boolean(await transitions.refunded(order, { notify }));
    await transitions.later(order);
    return false;
  }

  /** A `refund_pending` order paid on a provider's page: the provider's refund, or ask again later. */
  async function settleProviderRefund(order: OrderRow, ask: boolean, notify: boolean): Promise<boolean> {
    if (deps.providerRefund && (await deps.providerRefund(order, { ask, notify }))) return true;
    await transitions.later(order);
    return false;
  }

  async function settle(order: OrderRow): Promise<boolean> {
    // A refund the reconciler sees confirmed is texted now: the shopper was told of the cancel when it was made.
    if (order.paymentStatus === 'refund_pending' && order.receiptId) return settleRefund(order, order.receiptId, false, true);
    if (order.paymentStatus === 'refund_pending') return settleProviderRefund(order, true, true);
    if (order.receiptId) return settleCharge(order, order.receiptId);
    // A `pending` card order without a receipt: the checkout saves the receipt id before it calls
    // receipts.pay, so the card was never charged.
    return Boolean(await transitions.failed(order, ['pending'], NOT_CONFIRMED, { notify: true }));
  }

  /** One sweep over the payments due; `renew` keeps the lease before each order (and says when it was lost). */
  async function sweep(renew: () => Promise<boolean>): Promise<ReconcileReport> {
    const report: ReconcileReport = { ran: true, settled: 0, waiting: 0 };
    const now = deps.clock.now();
    const due = await reconcile.due(now, new Date(now.getTime() - deps.settings.staleS * 1000), BATCH);
    for (const order of due) {
      if (!(await renew())) break;
      try {
        if (await settle(order)) report.settled++;
        else report.waiting++;
      } catch (err) {
        deps.log.error({ err, order: order.number }, 'payment reconciliation failed; will retry');
      }
    }
    if (report.settled + report.waiting > 0) deps.log.info(report, 'payment reconciler sweep');
    return report;
  }

  // One sweep in one process at a time across all API processes, the lease renewed before each order (long
  // enough for its provider calls: at most two, each up to the time-out). No transaction, row lock or
  // advisory lock is held while the provider is called, so other queries (PGlite has one connection) never
  // wait behind it; each transition is compare-and-set on its own.
  const job = createLeasedJob<ReconcileReport>({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    name: 'payment reconciler',
    lease: 'payment-reconciler',
    intervalS: deps.settings.intervalS,
    leaseMs: 4 * deps.callTimeoutMs + 60_000,
    idle: { ran: false, settled: 0, waiting: 0 },
    run: sweep,
  });

  return {
    /**
     * Charges the card for a new order (status `pending`) and answers the order as it now stands:
     * `paid`, or `checking` when the outcome is unknown (stock held, the reconciler settles it).
     * A definite refusal cancels the order, returns its stock and throws the 402/422 AppError.
     */
    async charge(order: OrderRow, request: ReceiptRequest, token: string): Promise<OrderRow> {
      let receiptId: string;
      try {
        ({ receiptId } = await calls.create(order.number, request));
      } catch (err) {
        // receipts.pay was never called: whatever went wrong, the card was not charged.
        const refusal = err instanceof PaymentError ? err : new PaymentError('PROVIDER_UNAVAILABLE', 'unexpected', { cause: err });
        await transitions.failed(order, ['pending'], refusal.kind, { notify: false });
        throw paymentAppError(refusal);
      }
      // Saved before paying, so that after a crash the reconciler knows which receipt to ask about.
      const saved = await repo.saveReceipt(order.id, receiptId, deps.clock.now());
      try {
        await calls.pay(order.number, receiptId, token);
      } catch (err) {
        if (isDefiniteRefusal(err)) {
          await transitions.failed(saved, ['pending'], err.kind, { notify: false });
          throw paymentAppError(err);
        }
        // the history's note is the reason's code, which the back office words; the provider's own text is in
        // the log of the call (receipt-calls.ts)
        return (await transitions.checking(saved, ['pending'], err instanceof PaymentError ? err.kind : 'UNEXPECTED')) ?? current(saved);
      }
      return (await transitions.paid(saved, ['pending'], { notify: false })) ?? current(saved);
    },

    /** When a payment that just became `refund_pending` is first asked about again. */
    firstCheckAt: () => transitions.firstCheckAt(),

    /**
     * Asks the provider to cancel the receipt of an order staff just cancelled (`retry`: cancelled before,
     * refund still pending, so ask first); answers the order as it now stands, and `refunded`: this call
     * moved it to `refunded` (nobody else did, nor will). `notify` texts the shopper that refund; without
     * it the caller does.
     */
    async refundNow(order: OrderRow, options: { retry: boolean; notify: boolean }): Promise<{ order: OrderRow; refunded: boolean }> {
      let refunded = false;
      if (order.paymentStatus === 'refund_pending' && order.receiptId) refunded = await settleRefund(order, order.receiptId, !options.retry, options.notify);
      // A Payme-checkout refund is made in Payme's cabinet (refund-tasks.ts): there is nothing to ask, nor to schedule.
      else if (order.paymentStatus === 'refund_pending' && order.paymentMethod === 'click') refunded = await settleProviderRefund(order, options.retry, options.notify);
      return { order: await current(order), refunded };
    },

    /** One reconciliation pass now (tests drive it with the fake clock); concurrent calls share one pass. */
    reconcileOnce: job.once,
    /** Runs a pass every PAYMENT_RECONCILE_INTERVAL_S. */
    start: job.start,
    /** Stops the timer and waits for a pass under way. */
    stop: job.stop,
  };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
