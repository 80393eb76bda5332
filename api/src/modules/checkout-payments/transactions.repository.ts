import { and, asc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { type Db, type DbOrTx } from '../../db/client.js';
import { checkoutTransactions } from '../../db/schema/index.js';

export type CheckoutTxRow = typeof checkoutTransactions.$inferSelect;
export type CheckoutProvider = CheckoutTxRow['provider'];
export type NewCheckoutTx = typeof checkoutTransactions.$inferInsert;
/** Payme's transaction states, used for Click's payments too. */
export const TX = { created: 1, performed: 2, cancelled: -1, cancelledAfterPerform: -2 } as const;
/** A Payme transaction lives 12 hours from its creation at Payme (Merchant API, "Тайм-аут"). */
export const PAYME_TX_LIFETIME_MS = 12 * 60 * 60 * 1000;
/**
 * Click does not say how long a prepared payment may wait for its Complete; it normally follows within
 * seconds. An order keeps its stock at least this long after a Prepare, so a Complete that arrives late
 * still finds it (the money may already be taken).
 */
export const CLICK_PREPARE_HOLD_MS = 60 * 60 * 1000;

/** SQL for payments made on the providers' pages. */
export function createCheckoutTransactionRepository(db: Db) {
  return {
    async findByExternal(provider: CheckoutProvider, externalId: string, tx: DbOrTx = db): Promise<CheckoutTxRow | undefined> {
      const [row] = await tx.select().from(checkoutTransactions).where(and(eq(checkoutTransactions.provider, provider), eq(checkoutTransactions.externalId, externalId)));
      return row;
    },

    async findById(id: number, tx: DbOrTx = db): Promise<CheckoutTxRow | undefined> {
      const [row] = await tx.select().from(checkoutTransactions).where(eq(checkoutTransactions.id, id));
      return row;
    },

    /** The order's transaction under way or done (state 1 or 2), if any: there is at most one. */
    async activeFor(orderId: number): Promise<CheckoutTxRow | undefined> {
      const [row] = await db
        .select()
        .from(checkoutTransactions)
        .where(and(eq(checkoutTransactions.orderId, orderId), inArray(checkoutTransactions.state, [TX.created, TX.performed])));
      return row;
    },

    /**
     * Inserts a new transaction; undefined when a unique index refused it (the same external id raced in,
     * or the order already has an active transaction). The caller reads which.
     */
    async insert(values: NewCheckoutTx, tx: DbOrTx = db): Promise<CheckoutTxRow | undefined> {
      const [row] = await tx.insert(checkoutTransactions).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** Compare-and-set on the state: changes the transaction only while it is in one of `from`. */
    async move(tx: DbOrTx, id: number, from: readonly number[], change: Partial<Pick<CheckoutTxRow, 'state' | 'reason' | 'performedAt' | 'cancelledAt'>>): Promise<CheckoutTxRow | undefined> {
      const [row] = await tx
        .update(checkoutTransactions)
        .set(change)
        .where(and(eq(checkoutTransactions.id, id), inArray(checkoutTransactions.state, [...from])))
        .returning();
      return row;
    },

    /** Cancels the order's transaction still waiting (state 1), as its order expired. */
    async cancelWaiting(tx: DbOrTx, orderId: number, reason: number, now: Date): Promise<void> {
      await tx
        .update(checkoutTransactions)
        .set({ state: TX.cancelled, reason, cancelledAt: now })
        .where(and(eq(checkoutTransactions.orderId, orderId), eq(checkoutTransactions.state, TX.created)));
    },

    /** Payme GetStatement: transactions created at Payme within [from, to], oldest first. */
    async statement(provider: CheckoutProvider, from: Date, to: Date): Promise<CheckoutTxRow[]> {
      return db
        .select()
        .from(checkoutTransactions)
        .where(and(eq(checkoutTransactions.provider, provider), gte(checkoutTransactions.providerTime, from), lte(checkoutTransactions.providerTime, to)))
        .orderBy(asc(checkoutTransactions.providerTime), asc(checkoutTransactions.id));
    },

    async setFiscal(id: number, key: string, data: unknown): Promise<void> {
      await db
        .update(checkoutTransactions)
        .set({ fiscal: sql`coalesce(${checkoutTransactions.fiscal}, '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(data)}::jsonb)` })
        .where(eq(checkoutTransactions.id, id));
    },

    /** The completed payment (state 2) of each of these orders that has one: at most one each (`checkout_transactions_active_key`). */
    async performedFor(orderIds: readonly number[]): Promise<CheckoutTxRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(checkoutTransactions)
        .where(and(inArray(checkoutTransactions.orderId, [...orderIds]), eq(checkoutTransactions.state, TX.performed)));
    },

    /**
     * Of these orders, those whose payment may still land: a Payme transaction within its 12 hours, a
     * Click payment prepared within the hold (each still waiting, state 1).
     */
    async stillPayable(orderIds: readonly number[], now: Date, tx: DbOrTx = db): Promise<Set<number>> {
      if (orderIds.length === 0) return new Set();
      const paymeAlive = new Date(now.getTime() - PAYME_TX_LIFETIME_MS);
      const clickAlive = new Date(now.getTime() - CLICK_PREPARE_HOLD_MS);
      const rows = await tx
        .selectDistinct({ orderId: checkoutTransactions.orderId })
        .from(checkoutTransactions)
        .where(
          and(
            inArray(checkoutTransactions.orderId, [...orderIds]),
            eq(checkoutTransactions.state, TX.created),
            or(
              and(eq(checkoutTransactions.provider, 'payme'), gt(checkoutTransactions.providerTime, paymeAlive)),
              and(eq(checkoutTransactions.provider, 'click'), gt(checkoutTransactions.createdAt, clickAlive)),
            ),
          ),
        );
      return new Set(rows.map((r) => r.orderId));
    },
  };
}

export type CheckoutTransactionRepository = ReturnType<typeof createCheckoutTransactionRepository>;
