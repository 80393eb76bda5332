import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { type Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { type OrderRow, type PaymentStatus } from './orders.repository.js';

/** SQL for the payment reconciler: which payments are due, and when to ask again. */
export function createReconcileRepository(db: Db) {
  return {
    /**
     * Card payments to settle now: `checking` and `refund_pending` ones whose next check is due (Click
     * refunds too), and
     * `pending` ones older than `staleBefore` (their checkout request died before it could answer).
     */
    async due(now: Date, staleBefore: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          or(
            and(inArray(orders.paymentStatus, ['checking', 'refund_pending']), isNotNull(orders.receiptId), or(isNull(orders.paymentCheckAt), lte(orders.paymentCheckAt, now))),
            // Click refunds the shop asks for itself (Payme checkout refunds arrive from Payme).
            and(eq(orders.paymentStatus, 'refund_pending'), eq(orders.paymentMethod, 'click'), isNotNull(orders.paymentCheckAt), lte(orders.paymentCheckAt, now)),
            and(eq(orders.paymentStatus, 'pending'), eq(orders.paymentMethod, 'card'), lte(orders.updatedAt, staleBefore)),
          ),
        )
        .orderBy(asc(orders.updatedAt), asc(orders.id))
        .limit(limit);
    },

    /** Sets the next check without recording a status change (the payment's status stays as it is). */
    async scheduleCheck(orderId: number, status: PaymentStatus, at: Date, checks: number): Promise<void> {
      await db
        .update(orders)
        .set({ paymentCheckAt: at, paymentChecks: checks })
        .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, status)));
    },
  };
}

export type ReconcileRepository = ReturnType<typeof createReconcileRepository>;
