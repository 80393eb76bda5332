import { type SQL } from 'drizzle-orm';
import { type OrderStatus } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { type Lang } from '../../i18n/lang.js';
import { type Actor } from '../audit/index.js';
import { releaseOrderStock } from '../inventory/index.js';
import { createHoldsRepository } from './holds.repository.js';
import { type OrderPartDeps } from './order-deps.js';
import { canMove, nextStatuses } from './order-status-machine.js';
import { type OrderRow, type PaymentStatus } from './orders.repository.js';
import { STATUS_LABELS, TEXTED_STATUSES, holdExpiredSmsText, orderSmsText, refundedSmsText } from './orders.text.js';

/** 409 naming, in the staff member's words, where the order may go from its status (none from `cancelled` or `completed`). */
function invalidTransition(order: OrderRow, to: OrderStatus): AppError {
  const allowed = nextStatuses(order);
  const names = (lang: Lang) => allowed.map((s) => STATUS_LABELS[s][lang].toLowerCase()).join(', ') || '—';
  return new AppError('INVALID_TRANSITION', 409, {
    params: { from: STATUS_LABELS[order.status], to: STATUS_LABELS[to], allowed: { uz: names('uz'), ru: names('ru'), en: names('en') } },
    extra: { status: order.status, allowed },
  });
}

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

/** Where an order stands: staff moving it along the state machine, the cash-hold sweep, a hold extended. */
export function createOrderStatus(deps: OrderPartDeps<'db' | 'clock' | 'orderPayments' | 'audit' | 'customers' | 'sms' | 'log' | 'limits'>) {
  const { repo, customers } = deps;
  const holds = createHoldsRepository(deps.db);

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
      if (status === 'cancelled') await releaseOrderStock(tx, order.id, now);
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

  return {
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
      return move(order, 'cancelled', { note: HOLD_EXPIRED, actor: SYSTEM, guard: holds.holdRanOut(deps.clock.now()), sms: holdExpiredSmsText });
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
        const row = await holds.extendHold(tx, order.id, deps.limits.cashHoldH * 3600_000, now);
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
