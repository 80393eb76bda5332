import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { createPeriodicJob, leaseHolder } from '../../lib/periodic.js';
import { createReconcileRepository } from '../orders/reconcile.repository.js';
import { type CheckoutSettlement } from './settlement.js';
import { createCheckoutTransactionRepository } from './transactions.repository.js';

const LEASE = 'checkout-expiry';
const BATCH = 100;

/**
 * Gives the stock of unpaid `payme`/`click` orders back once CHECKOUT_PAYMENT_TTL_S has passed (and no
 * payment of theirs may still land). One process at a time through a lease row, as the payment
 * reconciler does; each expiry is compare-and-set on the order, so even two sweeps cancel an order once.
 */
export function createCheckoutExpiry(deps: { db: Db; clock: Clock; settlement: CheckoutSettlement; log: FastifyBaseLogger; intervalS: number }) {
  const leases = createReconcileRepository(deps.db);
  const txs = createCheckoutTransactionRepository(deps.db);
  const holder = leaseHolder();

  async function sweep(): Promise<number> {
    const now = deps.clock.now();
    if (!(await leases.acquireLease(LEASE, holder, now, new Date(now.getTime() + 5 * 60_000)))) return 0;
    let expired = 0;
    try {
      for (const order of await txs.expired(now, BATCH)) {
        if (await deps.settlement.expire(order)) {
          expired++;
          deps.log.info({ order: order.number, method: order.paymentMethod }, 'unpaid checkout expired; stock returned');
        }
      }
    } finally {
      await leases.releaseLease(LEASE, holder).catch((err: unknown) => deps.log.warn({ err }, 'checkout expiry lease not released'));
    }
    return expired;
  }

  const job = createPeriodicJob({ name: 'checkout expiry', intervalS: deps.intervalS, run: sweep, log: deps.log });

  return {
    /** One pass now (tests drive it with the fake clock); answers how many orders expired. */
    sweepOnce: job.once,
    start: job.start,
    stop: job.stop,
  };
}

export type CheckoutExpiry = ReturnType<typeof createCheckoutExpiry>;
