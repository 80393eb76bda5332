import { sql } from 'drizzle-orm';
import { type Db, type Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { releaseOrderStock } from '../inventory/index.js';
import { type OrderRow, type PaymentStatus, type StatusChange, createOrderRepository } from './orders.repository.js';
import { CLICK_REVERSAL_REFUSED } from './refund-tasks.js';

/** How other modules name an order's rows: through the orders module, which owns them. */
export { type OrderItemRow, type OrderRow, type PaymentStatus, type StatusChange } from './orders.repository.js';

/**
 * Orders as other modules reach them (checkout-payments: the providers' callbacks and their settlement):
 * find an order and its lines, and move its payment inside the caller's transaction. Apart from the
 * order service, which needs the payments this one serves, so both can be built without a cycle.
 */
export function createOrderRecords(deps: { db: Db }) {
  const repo = createOrderRepository(deps.db);
  return {
    /** The order by number (`BZ-…`) or id; undefined for anything else. */
    find: (tid: string) => repo.findByNumberOrId(tid),

    /** The order's lines, in order (a provider's fiscal receipt). */
    items: (orderId: number) => repo.items(orderId),

    /** Order numbers by id (Payme's statement names each transaction's order). */
    numbers: (ids: readonly number[]) => repo.numbersByIds(ids),

    /**
     * Click refused to reverse the payment of a `refund_pending` order: the refund is now staff's to make in
     * Click's cabinet (refund-tasks.ts). Said once in the order's history, however often Click refuses again;
     * false when it was said already or the payment has moved on.
     */
    clickReversalRefused: async (orderId: number, now: Date): Promise<boolean> => {
      const notYet = sql`not exists (select 1 from order_status_history h where h.order_id = ${orders.id} and h.note = ${CLICK_REVERSAL_REFUSED})`;
      return Boolean(await deps.db.transaction((tx) => repo.movePayment(tx, orderId, ['refund_pending'], { note: CLICK_REVERSAL_REFUSED }, now, undefined, notYet)));
    },

    /** Unpaid `payme`/`click` orders past their time, oldest first, a page of `limit` after `after`. */
    unpaidDue: (now: Date, limit: number, after?: Pick<OrderRow, 'paymentCheckAt' | 'id'>) => repo.unpaidProviderOrdersDue(now, limit, after),

    /**
     * The moves a payment makes, inside the caller's transaction `tx`: the order row each one locks stays
     * locked until that transaction ends, and the caller's other writes (its provider's transaction) commit
     * or roll back with them.
     */
    forTx: (tx: Tx) => ({
      /** Compare-and-set on the payment status (and `statuses`); undefined when the order had moved (orders.repository.ts). */
      movePayment: (orderId: number, from: readonly PaymentStatus[], change: StatusChange, now: Date, statuses?: readonly OrderRow['status'][]) =>
        repo.movePayment(tx, orderId, from, change, now, statuses),
      /** Gives the order's stock back to the stores it came from (once). */
      releaseStock: (orderId: number, now: Date) => releaseOrderStock(tx, orderId, now),
      /** Locks the order's row until `tx` ends (a receipt's marking codes are read under it: marking.ts takes it too). */
      lock: (orderId: number) => repo.lock(tx, orderId),
      /** The order's lines, read in `tx`. */
      items: (orderId: number) => repo.items(orderId, tx),
    }),
  };
}

export type OrderRecords = ReturnType<typeof createOrderRecords>;
