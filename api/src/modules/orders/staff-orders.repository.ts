// The back office's read model of orders: lists, counts and totals. It writes only the orders module's own
// tables (an internal note); auth's customers, staff's members and content's stores it only reads, joined
// to orders (the names and phones the lists and the timeline show).
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import { type Db, type DbOrTx } from '../../db/client.js';
import { customers, orderItems, orderNotes, orders, orderStatusHistory, staff, stores, type OrderStatus } from '../../db/schema/index.js';
import { owedSinceSql, refundByHandSql } from './refund-tasks.js';
import { tashkentDayStart } from '../audit/index.js';

export interface OrderFilter {
  status?: OrderStatus;
  paymentStatus?: string;
  paymentMethod?: string;
  deliveryType?: string;
  storeId?: number;
  from?: string;
  to?: string;
  q?: string;
  /** Search the receiver only, not the account behind the order (a `store` account sees no customers). */
  receiverOnly?: boolean;
}

/** What a `store` account sees: the pickup orders of its store. */
const storeScope = (storeId: number) => and(eq(orders.storeId, storeId), eq(orders.deliveryType, 'pickup'));

/** `%` and `_` typed into a search box are searched for, not wildcards. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createStaffOrdersRepository(db: Db) {
  function orderConditions(f: OrderFilter, withStatus: boolean): SQL | undefined {
    const where: Array<SQL | undefined> = [];
    if (withStatus && f.status) where.push(eq(orders.status, f.status));
    if (f.paymentStatus) where.push(sql`${orders.paymentStatus} = ${f.paymentStatus}`);
    if (f.paymentMethod) where.push(sql`${orders.paymentMethod} = ${f.paymentMethod}`);
    if (f.deliveryType) where.push(sql`${orders.deliveryType} = ${f.deliveryType}`);
    if (f.storeId) where.push(eq(orders.storeId, f.storeId));
    if (f.from) where.push(gte(orders.createdAt, tashkentDayStart(f.from)));
    if (f.to) where.push(lt(orders.createdAt, new Date(tashkentDayStart(f.to).getTime() + 86_400_000)));
    if (f.q) {
      const digits = f.q.replace(/\D/g, '');
      // every word somewhere (a name as the list shows it, "Dilnoza Yusupova", finds the order), or the
      // digits of a phone however they are spaced
      const words = f.q.split(/\s+/).filter(Boolean);
      const account = (w: string) => (f.receiverOnly ? [] : [ilike(customers.name, like(w)), ilike(customers.surname, like(w))]);
      const wordMatches = (w: string) => or(ilike(orders.number, like(w)), ilike(orders.receiverName, like(w)), ilike(orders.receiverSurname, like(w)), ...account(w));
      where.push(
        or(
          and(...words.map(wordMatches)),
          digits.length >= 4 ? or(ilike(orders.receiverPhone, like(digits)), f.receiverOnly ? undefined : ilike(customers.phone, like(digits))) : undefined,
        ),
      );
    }
    const present = where.filter((w): w is SQL => w !== undefined);
    return present.length > 0 ? and(...present) : undefined;
  }

  return {
    async listOrders(f: OrderFilter, sort: 'created_at' | 'total', dir: 'asc' | 'desc', page: number, perPage: number) {
      const order = sort === 'total' ? orders.total : orders.createdAt;
      const by = dir === 'asc' ? [asc(order), asc(orders.id)] : [desc(order), desc(orders.id)];
      const [rows, [total], counts, [latest]] = await Promise.all([
        db
          .select({
            order: orders,
            customerName: customers.name,
            customerPhone: customers.phone,
            storeName: stores.name,
            itemsCount: sql<number>`(select coalesce(sum(quantity), 0)::int from order_items i where i.order_id = ${orders.id})`,
          })
          .from(orders)
          .leftJoin(customers, eq(customers.id, orders.customerId))
          .leftJoin(stores, eq(stores.id, orders.storeId))
          .where(orderConditions(f, true))
          .orderBy(...by)
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(orders).leftJoin(customers, eq(customers.id, orders.customerId)).where(orderConditions(f, true)),
        db
          .select({ status: orders.status, n: count() })
          .from(orders)
          .leftJoin(customers, eq(customers.id, orders.customerId))
          .where(orderConditions(f, false))
          .groupBy(orders.status),
        db.select({ id: sql<number | null>`max(${orders.id})` }).from(orders).where(f.storeId ? storeScope(f.storeId) : undefined),
      ]);
      return { rows, total: total?.n ?? 0, counts, latestId: Number(latest?.id ?? 0) };
    },

    /** The timeline's staff names and the internal notes of one order. */
    async orderExtras(orderId: number) {
      const [history, notes] = await Promise.all([
        db
          .select({ id: orderStatusHistory.id, note: orderStatusHistory.note, staffId: orderStatusHistory.staffId, staffName: staff.name })
          .from(orderStatusHistory)
          .leftJoin(staff, eq(staff.id, orderStatusHistory.staffId))
          .where(eq(orderStatusHistory.orderId, orderId))
          .orderBy(asc(orderStatusHistory.id)),
        db
          .select({ note: orderNotes, staffName: staff.name })
          .from(orderNotes)
          .leftJoin(staff, eq(staff.id, orderNotes.staffId))
          .where(eq(orderNotes.orderId, orderId))
          .orderBy(asc(orderNotes.id)),
      ]);
      return { history, notes };
    },

    /** Each line's id and marking codes, in line order (as the order's view lists them). */
    async orderMarking(orderId: number) {
      return db.select({ id: orderItems.id, name: orderItems.name, marked: orderItems.marked, labels: orderItems.labels, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    },

    async addNote(orderId: number, staffId: number, text: string, now: Date, tx: DbOrTx = db) {
      const [row] = await tx.insert(orderNotes).values({ orderId, staffId, text, createdAt: now }).returning();
      return row!;
    },

    /** The account behind the order (a read of auth's customers, joined to the order). */
    async customerOf(orderId: number) {
      return db.select({ id: customers.id, name: customers.name, phone: customers.phone }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(eq(orders.id, orderId));
    },

    /** How many orders each customer placed and for how much (cancelled left out): the back office's customer list. */
    async orderTotals(customerIds: readonly number[]) {
      if (customerIds.length === 0) return [];
      return db
        .select({ customerId: orders.customerId, n: count(), amount: sum(orders.total) })
        .from(orders)
        .where(and(inArray(orders.customerId, [...customerIds]), sql`${orders.status} <> 'cancelled'`))
        .groupBy(orders.customerId);
    },

    async ordersOfCustomer(customerId: number) {
      return db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.id)).limit(100);
    },

    /**
     * Refunds owed by hand (refund-tasks.ts), the oldest first: one order's (`orderId`), or a store's pickup
     * orders', or all. The payment to refund is checkout-payments' (`CheckoutPort.paymentsToRefund`).
     */
    async refundTasks(f: { orderId?: number; storeId?: number }, limit: number) {
      return db
        .select({ id: orders.id, number: orders.number, method: orders.paymentMethod, total: orders.total, owedSince: owedSinceSql.mapWith(orderStatusHistory.createdAt) })
        .from(orders)
        .where(and(refundByHandSql, f.orderId !== undefined ? eq(orders.id, f.orderId) : undefined, f.storeId !== undefined ? storeScope(f.storeId) : undefined))
        .orderBy(asc(owedSinceSql), asc(orders.id))
        .limit(limit);
    },

    /** How many refunds are owed by hand (a store's, or all), and how many of them since before `overdueBefore`. */
    async refundTaskCounts(overdueBefore: Date, storeId?: number) {
      const [row] = await db
        .select({ total: count(), overdue: sql<number>`count(*) filter (where ${owedSinceSql} <= ${overdueBefore.toISOString()}::timestamptz)`.mapWith(Number) })
        .from(orders)
        .where(and(refundByHandSql, storeId !== undefined ? storeScope(storeId) : undefined));
      return { total: row?.total ?? 0, overdue: row?.overdue ?? 0 };
    },

    /** Orders and revenue (not cancelled) since a moment, and the orders waiting per status. */
    async dashboard(todayStart: Date, weekStart: Date, storeId?: number) {
      const scope = storeId ? storeScope(storeId) : undefined;
      const period = (since: Date) =>
        db
          .select({ n: count(), revenue: sql<number>`coalesce(sum(${orders.total}), 0)::bigint` })
          .from(orders)
          .where(and(gte(orders.createdAt, since), sql`${orders.status} <> 'cancelled'`, scope));
      const [[today], [week], waiting] = await Promise.all([
        period(todayStart),
        period(weekStart),
        db
          .select({ status: orders.status, n: count() })
          .from(orders)
          .where(and(inArray(orders.status, ['new', 'confirmed', 'assembling', 'shipping', 'ready_for_pickup']), scope))
          .groupBy(orders.status),
      ]);
      return { today, week, waiting };
    },
  };
}

export type StaffOrdersRepository = ReturnType<typeof createStaffOrdersRepository>;
