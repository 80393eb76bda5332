import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { type ClickMerchant } from '../../providers/payments/click-merchant.js';
import { type OrderRecords, type OrderRow } from '../orders/index.js';
import { type CheckoutSettlement } from './settlement.js';
import { TX, createCheckoutTransactionRepository } from './transactions.repository.js';

/**
 * Refunds of paid Click orders that staff cancelled: Click's payment reversal, asked for once when the
 * order is cancelled and again by the payment reconciler until Click confirms (docs/operations.md
 * "Payme checkout and Click"). Nothing is marked refunded before Click says so: a time-out or a 5xx is
 * asked about later (payment status first, so a reversal that did land is not asked for twice), and a
 * refusal (not this month's payment, the card's bank said no) stays `refund_pending`, logged at error
 * level and noted in the order's history, which makes it a refund task for staff in Click's cabinet
 * (orders/refund-tasks.ts); it is still asked about, so a reversal made there ends the task.
 */
export function createClickRefunds(deps: {
  db: Db;
  clock: Clock;
  click: ClickMerchant;
  settlement: CheckoutSettlement;
  log: FastifyBaseLogger;
  /** The orders module: a refused reversal is noted in the order's history. */
  orders: Pick<OrderRecords, 'clickReversalRefused'>;
}) {
  const txs = createCheckoutTransactionRepository(deps.db);

  return {
    /**
     * Answers true when this call saw Click confirm the refund and moved the payment to `refunded`; false
     * when it is still pending (or another actor moved it). `ask`: ask Click where the payment stands first;
     * `notify`: text the shopper the refund.
     */
    async settle(order: OrderRow, options: { ask: boolean; notify: boolean }): Promise<boolean> {
      const t = await txs.activeFor(order.id);
      if (!t || t.provider !== 'click' || t.state !== TX.performed || !t.paydocId) {
        deps.log.error({ order: order.number }, 'click refund: no performed Click payment to reverse; staff should refund it in Click’s cabinet');
        return false;
      }
      const paymentId = t.paydocId;
      try {
        if (options.ask) {
          const status = await deps.click.status(paymentId);
          deps.log.info({ order: order.number, paymentId, errorCode: status.errorCode, paymentStatus: status.paymentStatus }, 'click payment status');
          if (status.errorCode === 0 && status.paymentStatus !== null && status.paymentStatus < 0) return Boolean(await deps.settlement.refundConfirmed(order, t, { notify: options.notify }));
          // Anything but "still paid" (2) is not known well enough to reverse again.
          if (status.errorCode !== 0 || status.paymentStatus !== 2) return false;
        }
        const answer = await deps.click.reversal(paymentId);
        if (answer.errorCode === 0) {
          deps.log.info({ order: order.number, paymentId }, 'click reversal done');
          return Boolean(await deps.settlement.refundConfirmed(order, t, { notify: options.notify }));
        }
        deps.log.error({ order: order.number, paymentId, errorCode: answer.errorCode, errorNote: answer.errorNote }, 'click refused the reversal; staff should refund it in Click’s cabinet');
        await deps.orders.clickReversalRefused(order.id, deps.clock.now());
        return false;
      } catch (err) {
        deps.log.warn({ order: order.number, paymentId, err: err instanceof Error ? err.message : String(err) }, 'click refund call failed; asking again later');
        return false;
      }
    },
  };
}

export type ClickRefunds = ReturnType<typeof createClickRefunds>;
