import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { createLeasedJob } from '../../lib/leased-job.js';
import { type OrderRecords, type OrderRow } from '../orders/index.js';
import { type CheckoutSettlement } from './settlement.js';
import { createCheckoutTransactionRepository } from './transactions.repository.js';

const BATCH = 100;
/** Pages of due orders one pass reads at most: orders whose payment may still land are skipped, not expired. */
const MAX_PAGES = 10;

/**
 * Gives the stock of unpaid `payme`/`click` orders back once CHECKOUT_PAYMENT_TTL_S has passed (and no
 * payment of theirs may still land). One process at a time through a lease row, as the payment
 * reconciler does; each expiry is compare-and-set on the order, so even two sweeps cancel an order once.
 */
export function createCheckoutExpiry(deps: {
  db: Db;
  clock: Clock;
  settlement: CheckoutSettlement;
  /** The orders module: the unpaid orders past their time (it owns the orders table). */
  orders: Pick<OrderRecords, 'unpaidDue'>;
  log: FastifyBaseLogger;
  intervalS: number;
}) {
  const txs = createCheckoutTransactionRepository(deps.db);

  const job = createLeasedJob({
    ...deps,
    name: 'checkout expiry',
    lease: 'checkout-expiry',
    idle: 0,
    async run() {
      const now = deps.clock.now();
      let expired = 0;
      let after: OrderRow | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const due = await deps.orders.unpaidDue(now, BATCH, after);
        const payable = await txs.stillPayable(due.map((o) => o.id), now);
        for (const order of due) {
          if (payable.has(order.id)) continue;
          if (await deps.settlement.expire(order)) {
            expired++;
            deps.log.info({ order: order.number, method: order.paymentMethod }, 'unpaid checkout expired; stock returned');
          }
        }
        if (due.length < BATCH) break;
        after = due[due.length - 1];
      }
      return expired;
    },
  });

  return {
    /** One pass now (tests drive it with the fake clock); answers how many orders expired. */
    sweepOnce: job.once,
    start: job.start,
    stop: job.stop,
  };
}

export type CheckoutExpiry = ReturnType<typeof createCheckoutExpiry>;
