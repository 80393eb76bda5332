import { type SQL, and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { type OrderRow } from './orders.repository.js';

/** SQL for the stock holds of unconfirmed cash orders (`stock_held_until`, CASH_ORDER_HOLD_H): the sweep and staff extending one. */
export function createHoldsRepository(db: DbOrTx) {
  return {
    /** Unconfirmed cash orders whose stock hold ran out by `now`, oldest hold first (the partial index `orders_stock_hold_idx`). */
    async holdsDue(now: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(isNotNull(orders.stockHeldUntil), lte(orders.stockHeldUntil, now), eq(orders.status, 'new'), eq(orders.paymentMethod, 'cash')))
        .orderBy(asc(orders.stockHeldUntil), asc(orders.id))
        .limit(limit);
    },

    /** The guard of the sweep's cancel: still held, and the hold ran out by `now` (an extension in between wins). */
    holdRanOut: (now: Date): SQL => and(isNotNull(orders.stockHeldUntil), lte(orders.stockHeldUntil, now))!,

    /**
     * Extends an unconfirmed cash order's hold by `byMs` (from now, if it already ran out and the sweep has
     * not come yet), once: compare-and-set on `new`, held and not yet extended. Undefined when it no longer is.
     */
    async extendHold(tx: DbOrTx, orderId: number, byMs: number, now: Date): Promise<OrderRow | undefined> {
      const [row] = await tx
        .update(orders)
        .set({
          stockHeldUntil: sql`greatest(${orders.stockHeldUntil}, ${now.toISOString()}::timestamptz) + ${`${byMs} milliseconds`}::interval`,
          holdExtended: true,
          updatedAt: now,
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'new'), isNotNull(orders.stockHeldUntil), eq(orders.holdExtended, false)))
        .returning();
      return row;
    },
  };
}
