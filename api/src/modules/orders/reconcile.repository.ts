import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { jobLeases, orders } from '../../db/schema/index.js';
import { type OrderRow, type PaymentStatus } from './orders.repository.js';

/** SQL for the payment reconciler: which payments are due, when to ask again, and the job's lease. */
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

    /**
     * Takes (or renews) the named lease until `until` when it is free, expired or already ours. One
     * statement, so two processes racing for it cannot both win: PostgreSQL makes the second upsert
     * wait for the first and then re-checks the condition against the row the first wrote.
     */
    async acquireLease(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
      const rows = await queryRows<{ holder: string }>(
        db,
        sql`insert into ${jobLeases} (name, holder, expires_at) values (${name}, ${holder}, ${until.toISOString()}::timestamptz)
            on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
            where ${jobLeases.expiresAt} <= ${now.toISOString()}::timestamptz or ${jobLeases.holder} = ${holder}
            returning holder`,
      );
      return rows.length === 1;
    },

    async releaseLease(name: string, holder: string): Promise<void> {
      await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
  };
}

export type ReconcileRepository = ReturnType<typeof createReconcileRepository>;
