import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { createLeasedJob } from '../../lib/leased-job.js';
import { createHoldsRepository } from './holds.repository.js';
import { type OrderService } from './orders.service.js';

const BATCH = 100;

/**
 * Gives the stock of unconfirmed cash orders back once their hold (`stock_held_until`, CASH_ORDER_HOLD_H
 * after the order, extended once by staff) has run out: each is cancelled through the order state
 * machine's one move, by `system`, and the shopper is texted why. One process at a time through a lease
 * row, as the payment reconciler and the checkout expiry do; each cancel is compare-and-set on `new` and
 * on the hold having run out, so two sweeps (or a sweep and a staff confirm or extend) never both act.
 */
export function createCashHoldExpiry(deps: { db: Db; clock: Clock; orders: OrderService; log: FastifyBaseLogger; intervalS: number }) {
  const holds = createHoldsRepository(deps.db);

  const job = createLeasedJob({
    ...deps,
    name: 'cash hold expiry',
    lease: 'cash-hold-expiry',
    idle: 0,
    async run() {
      let expired = 0;
      for (const order of await holds.holdsDue(deps.clock.now(), BATCH)) {
        try {
          if (await deps.orders.expireHold(order)) {
            expired++;
            deps.log.info({ order: order.number, heldUntil: order.stockHeldUntil }, 'unconfirmed cash order expired; stock returned');
          }
        } catch (err) {
          deps.log.error({ err, order: order.number }, 'cash hold expiry failed; will retry');
        }
      }
      return expired;
    },
  });

  return {
    /** One pass now (tests drive it with the fake clock); answers how many orders were cancelled. */
    sweepOnce: job.once,
    start: job.start,
    stop: job.stop,
  };
}

export type CashHoldExpiry = ReturnType<typeof createCashHoldExpiry>;
