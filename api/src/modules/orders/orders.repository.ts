import { type SQL, and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, sqlList } from '../../db/client.js';
import { CLOSED_ORDER_STATUSES, customers, orderItems, orderStatusHistory, orders } from '../../db/schema/index.js';
import { type PricedVariant, pricedVariants } from '../catalog/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentStatus = OrderRow['paymentStatus'];

export interface StatusChange {
  status?: OrderRow['status'];
  paymentStatus?: PaymentStatus;
  receiptId?: string;
  /** When the reconciler should ask the provider next; null when nothing is left to ask. */
  paymentCheckAt?: Date | null;
  paymentChecks?: number;
  note?: string;
  /** The staff member who made the change (the timeline says who). */
  staffId?: number;
}
export type OrderItemRow = typeof orderItems.$inferSelect;

/** A variant an order line may buy, priced for the shopper's account type. */
export type SellableVariant = PricedVariant;

/** SQL for orders, their lines and status history (their stock takes are inventory's: reserveStock, recordOrderTakes). */
export function createOrderRepository(db: DbOrTx) {
  /**
   * Changes an order and records the change, but only while its payment is in one of `from`
   * (every payment transition is compare-and-set, so two actors never both apply one);
   * undefined when it no longer is.
   */
  async function movePayment(
    tx: DbOrTx,
    orderId: number,
    from: readonly PaymentStatus[] | undefined,
    change: StatusChange,
    now: Date,
    /** Also only while the order is in one of these statuses (a refund must not race a shipment). */
    statuses?: readonly OrderRow['status'][],
    /** One more condition the row must still meet (the cash-hold sweep: its hold has run out). */
    guard?: SQL,
  ): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}),
        ...(change.receiptId ? { receiptId: change.receiptId } : {}),
        ...(change.paymentCheckAt !== undefined ? { paymentCheckAt: change.paymentCheckAt } : {}),
        ...(change.paymentChecks !== undefined ? { paymentChecks: change.paymentChecks } : {}),
        // An order moved on from `new` (confirmed, cancelled, …) no longer waits on a cash hold.
        ...(change.status && change.status !== 'new' ? { stockHeldUntil: null } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.id, orderId),
          from ? inArray(orders.paymentStatus, [...from]) : undefined,
          statuses ? inArray(orders.status, [...statuses]) : undefined,
          guard,
        ),
      )
      .returning();
    if (!row) return undefined;
    await tx.insert(orderStatusHistory).values({ orderId, status: row.status, paymentStatus: row.paymentStatus, note: change.note ?? null, staffId: change.staffId ?? null, createdAt: now });
    return row;
  }

  return {
    /**
     * Active variants a shopper of `accountType` may buy, by variant id or (for a line without
     * one) the product's first variant.
     */
    async sellable(lines: Array<{ product_id: number; variant_id?: number }>, accountType: 'individual' | 'legal', tx: DbOrTx = db): Promise<Map<string, SellableVariant>> {
      const productIds = [...new Set(lines.map((l) => l.product_id))];
      const rows = await pricedVariants(tx, productIds, accountType, 'sellable');
      const found = new Map<string, SellableVariant>();
      for (const line of lines) {
        const match = rows.find((r) => r.product_id === line.product_id && (line.variant_id === undefined || r.variant_id === line.variant_id));
        if (match) found.set(lineKey(line), match);
      }
      return found;
    },

    async findByIdempotencyKey(customerId: number, key: string, tx: DbOrTx = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
      return row;
    },

    async nextOrderId(tx: DbOrTx): Promise<number> {
      const [row] = await queryRows<{ id: string }>(tx, sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`);
      return Number(row!.id);
    },

    async insertOrder(tx: DbOrTx, order: typeof orders.$inferInsert, items: Array<Omit<typeof orderItems.$inferInsert, 'orderId'>>) {
      const [row] = await tx.insert(orders).values(order).returning();
      if (!row) throw new Error('order insert returned nothing');
      await tx.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row.id })));
      await tx.insert(orderStatusHistory).values({ orderId: row.id, status: row.status, paymentStatus: row.paymentStatus, createdAt: row.createdAt });
      return row;
    },

    /**
     * Moves the order on, but only from `from` (compare-and-set: two staff clicking at once cannot both
     * move it); undefined when it is no longer there.
     */
    async setStatus(tx: DbOrTx, orderId: number, from: OrderRow['status'], change: StatusChange, now: Date, guard?: SQL) {
      return movePayment(tx, orderId, undefined, change, now, [from], guard);
    },

    /**
     * Locks the customer's row for the rest of the caller's transaction and counts their open unpaid
     * orders: payment `pending` or `checking`, and neither cancelled nor handed over (a cash order is paid
     * to the courier or at the till when it is `delivered` / `picked_up`; staff mark it paid at `completed`).
     * Two checkouts of one customer queue on the lock, so the second counts the first's order: the cap
     * holds under any concurrency.
     */
    async lockCustomerOpenOrders(tx: DbOrTx, customerId: number): Promise<number> {
      // NO KEY UPDATE: queues a second checkout of the account, but not its sign-ins or cart saves (their
      // foreign-key checks take KEY SHARE, which this lock lets through).
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('no key update');
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from orders
            where customer_id = ${customerId} and payment_status in ('pending', 'checking')
              and status not in (${sqlList(CLOSED_ORDER_STATUSES)})`,
      );
      return Number(row?.n ?? 0);
    },

    movePayment,

    /** Keeps the provider's receipt id before the card is charged, so a crash leaves it to be asked about. */
    async saveReceipt(orderId: number, receiptId: string, now: Date): Promise<OrderRow> {
      const [row] = await db.update(orders).set({ receiptId, updatedAt: now }).where(eq(orders.id, orderId)).returning();
      if (!row) throw new Error(`order ${orderId} vanished`);
      return row;
    },

    async findByNumberOrId(tid: string, tx: DbOrTx = db): Promise<OrderRow | undefined> {
      const byNumber = /^BZ-\d+$/i.test(tid);
      if (!byNumber && !/^\d{1,15}$/.test(tid)) return undefined;
      const [row] = await tx.select().from(orders).where(byNumber ? eq(orders.number, tid.toUpperCase()) : eq(orders.id, Number(tid)));
      return row;
    },

    /** Order numbers by id (ids that are no order are left out). */
    async numbersByIds(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.number]));
    },

    /**
     * Orders to be paid on a provider's page (`payme`, `click`) still unpaid after their time
     * (`payment_check_at` ≤ now), oldest first, `limit` after the (payment_check_at, id) of `after`.
     */
    async unpaidProviderOrdersDue(now: Date, limit: number, after?: Pick<OrderRow, 'paymentCheckAt' | 'id'>): Promise<OrderRow[]> {
      const due = and(
        eq(orders.paymentStatus, 'pending'),
        inArray(orders.paymentMethod, ['payme', 'click']),
        sql`${orders.status} <> 'cancelled'`,
        lte(orders.paymentCheckAt, now),
        // to the millisecond, as a JavaScript date holds it: a row is never read twice
        after?.paymentCheckAt ? sql`(date_trunc('milliseconds', ${orders.paymentCheckAt}), ${orders.id}) > (${after.paymentCheckAt.toISOString()}::timestamptz, ${after.id})` : undefined,
      );
      return db.select().from(orders).where(due).orderBy(asc(orders.paymentCheckAt), asc(orders.id)).limit(limit);
    },

    /** The order's lines, in order (in `tx` when given). */
    items: (orderId: number, tx: DbOrTx = db) => tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),

    /** Locks the order's row for the rest of `tx`: marking-code writes and receipt claims queue on it. */
    async lock(tx: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },
    history: (orderId: number) => db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.id),

    async listForCustomer(customerId: number, page: number, perPage: number) {
      const rows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(perPage).offset((page - 1) * perPage);
      const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where customer_id = ${customerId}`);
      const ids = rows.map((r) => r.id);
      const items = ids.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id) : [];
      return { rows, items, total: Number(count?.n ?? 0) };
    },
  };
}

export const lineKey = (line: { product_id: number; variant_id?: number }): string => `${line.product_id}:${line.variant_id ?? '*'}`;

export type OrderRepository = ReturnType<typeof createOrderRepository>;
