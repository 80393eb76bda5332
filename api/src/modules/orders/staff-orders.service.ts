import { type z } from 'zod';
import { type Config } from '../../config.js';
import { ORDER_STATUSES, type OrderStatus } from '../../db/schema/index.js';
import { type Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type AuditService, tashkentDayStart } from '../audit/index.js';
import { type StaffContext } from '../staff/index.js';
import { type CheckoutPort } from './checkout-port.js';
import { createMarkingService, linesWithoutLabels } from './marking.js';
import { nextStatuses } from './order-status-machine.js';
import { orderStatusFields } from './orders.dto.js';
import { type OrderService } from './orders.service.js';
import { STATUS_LABELS } from './orders.text.js';
import { createStaffOrderDetail } from './staff-order-detail.js';
import { type OrderFilter, createStaffOrdersRepository } from './staff-orders.repository.js';
import { type ordersQuery } from './staff.schema.js';

type OrdersQuery = z.output<typeof ordersQuery>;

/** The dashboard lists this many refund tasks, the oldest first (its counts cover them all). */
const REFUND_TASKS_SHOWN = 20;

/** The order a `store` account may see: pickup orders of its own store. Anyone else sees every order. */
function inScope(ctx: StaffContext, order: { deliveryType: string; storeId: number | null }): boolean {
  return ctx.staff.role !== 'store' || (order.deliveryType === 'pickup' && order.storeId === ctx.staff.storeId);
}

/**
 * Orders as staff run them in the back office (docs/back-office.md): the list, one order, its moves, marking
 * codes and notes, and the dashboard, whose figures are the orders' but for the low-stock count. A `store`
 * account sees only its store's pickup orders. Also what the customers' pages show of their orders
 * (auth/staff-customers.service.ts `CustomerOrders`).
 */
export function createStaffOrdersService(deps: {
  db: Db;
  clock: Clock;
  orders: Pick<OrderService, 'find' | 'staffView' | 'changeStatus' | 'extendHold'>;
  audit: AuditService;
  /** When a refund owed by hand is overdue, and the providers' cabinets. */
  refunds: Config['refunds'];
  /** Variant × store rows under their low-stock threshold (the catalogue's stock, from inventory), for one store or all. */
  lowStockCount: (storeId: number | undefined) => Promise<number>;
  /** checkout-payments (checkout-port.ts): Click's fiscal receipts, the payments refunds are made against. */
  checkoutPayments: CheckoutPort;
}) {
  const repo = createStaffOrdersRepository(deps.db);
  const marking = createMarkingService({ db: deps.db, audit: deps.audit, receiptState: deps.checkoutPayments.receiptState });
  const { orderDetail, refundTasks, refundTaskDto } = createStaffOrderDetail({ ...deps, repo });

  async function scopedOrder(ctx: StaffContext, number: string) {
    const row = await deps.orders.find(number);
    // A store account is told nothing about orders outside its store, not even that they exist.
    if (!row || !inScope(ctx, row)) throw notFound();
    return row;
  }

  return {
    async listOrders(ctx: StaffContext, q: OrdersQuery, lang: Lang) {
      const filter: OrderFilter = {
        ...(q.status ? { status: q.status } : {}),
        ...(q.payment_status ? { paymentStatus: q.payment_status } : {}),
        ...(q.payment_method ? { paymentMethod: q.payment_method } : {}),
        ...(q.delivery_type ? { deliveryType: q.delivery_type } : {}),
        ...(q.store_id ? { storeId: q.store_id } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: q.to } : {}),
        ...(q.q ? { q: q.q } : {}),
      };
      if (ctx.staff.role === 'store') {
        // a store account sees its own pickups only: a filter asking for anything else finds nothing
        const own = ctx.staff.storeId ?? -1;
        const elsewhere = (q.delivery_type !== undefined && q.delivery_type !== 'pickup') || (q.store_id !== undefined && q.store_id !== own);
        // and finds them by what it is shown: the number and the receiver, not the customer's account
        Object.assign(filter, { deliveryType: 'pickup', storeId: elsewhere ? -1 : own, receiverOnly: true });
      }
      const { rows, total, counts, latestId } = await repo.listOrders(filter, q.sort, q.dir, q.page, q.per_page);
      const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<OrderStatus, number>;
      return {
        data: rows.map(({ order, customerName, customerPhone, storeName, itemsCount }) => ({
          id: order.id,
          number: order.number,
          ...orderStatusFields(order, lang),
          delivery_type: order.deliveryType,
          one_click: order.oneClick,
          store_id: order.storeId,
          store_name: storeName ? pick(storeName, lang) : null,
          // the till needs the receiver, not the account behind the order (a store account sees no customers)
          customer: ctx.staff.role === 'store' ? null : { id: order.customerId, name: customerName, phone: customerPhone },
          receiver_name: `${order.receiverName} ${order.receiverSurname}`.trim(),
          receiver_phone: order.receiverPhone,
          total: order.total,
          items_count: Number(itemsCount),
          created_at: order.createdAt.toISOString(),
        })),
        meta: { ...pageMeta(q.page, q.per_page, total), counts: byStatus, latest_id: latestId },
      };
    },

    async order(ctx: StaffContext, number: string, lang: Lang) {
      await scopedOrder(ctx, number);
      return orderDetail(ctx, number, lang);
    },

    async changeStatus(ctx: StaffContext, number: string, status: OrderStatus, note: string | undefined, lang: Lang) {
      const row = await scopedOrder(ctx, number);
      // Marked goods leave the shop only with their codes scanned: the receipt needs them, and after this
      // nobody can scan the units any more (409 naming the lines).
      if ((status === 'shipping' || status === 'picked_up') && nextStatuses(row).includes(status)) {
        const missing = linesWithoutLabels(await repo.orderMarking(row.id));
        if (missing.length > 0) {
          throw new AppError('LABELS_MISSING', 409, { params: { items: missing.map((l) => pick(l.name, lang)).join(', ') }, extra: { items: missing.map((l) => l.id) } });
        }
      }
      await deps.orders.changeStatus(row.number, status, { ...(note ? { note } : {}), actor: { staffId: ctx.staff.id } });
      return orderDetail(ctx, row.number, lang);
    },

    /** Gives an unconfirmed cash order CASH_ORDER_HOLD_H more, once (orders.service.ts `extendHold`). */
    async extendHold(ctx: StaffContext, number: string, lang: Lang) {
      const row = await scopedOrder(ctx, number);
      await deps.orders.extendHold(row.number, { staffId: ctx.staff.id });
      return orderDetail(ctx, row.number, lang);
    },

    /**
     * Sets the marking codes of one line (marking.ts: checked, audited as `order.labels_set`); a store account
     * only on its store's orders. Then a Click receipt that waited for them goes (checkout-payments'
     * `afterLabels`), after the write has committed: the receipt reads the codes under the order's lock.
     * Answers the order as the back office shows it.
     */
    async setLabels(ctx: StaffContext, number: string, itemId: number, labels: string[], lang: Lang) {
      const row = await scopedOrder(ctx, number);
      await marking.setLabels(row.number, itemId, labels, { staffId: ctx.staff.id }, ctx.staff.role === 'store' ? { storeId: ctx.staff.storeId ?? -1 } : null);
      await deps.checkoutPayments.afterLabels(row.id);
      return orderDetail(ctx, row.number, lang);
    },

    async addNote(ctx: StaffContext, number: string, text: string) {
      const row = await scopedOrder(ctx, number);
      const now = deps.clock.now();
      const note = await deps.db.transaction(async (tx) => {
        const created = await repo.addNote(row.id, ctx.staff.id, text, now, tx);
        await deps.audit.record(tx, { staffId: ctx.staff.id }, { action: 'order.note', entity: 'order', entityId: row.number, before: null, after: { note: text } });
        return created;
      });
      return { id: note.id, text: note.text, at: note.createdAt.toISOString(), staff: { id: ctx.staff.id, name: ctx.staff.name } };
    },

    /** auth/staff-customers.service.ts `CustomerOrders`: each customer's orders counted and summed (cancelled left out). */
    async orderTotals(customerIds: readonly number[]) {
      const rows = await repo.orderTotals(customerIds);
      return new Map(rows.map((r) => [r.customerId, { count: Number(r.n), total: Number(r.amount ?? 0) }]));
    },

    /** The customer's latest orders (100 at most), newest first, for the customer's page. */
    async ordersOf(customerId: number, lang: Lang) {
      const orders = await repo.ordersOfCustomer(customerId);
      return orders.map((o) => ({ number: o.number, status: o.status, status_label: STATUS_LABELS[o.status][lang], payment_status: o.paymentStatus, total: o.total, created_at: o.createdAt.toISOString() }));
    },

    /** Today and the last 7 days (Tashkent calendar days), and what waits per status. */
    async dashboard(ctx: StaffContext) {
      const now = deps.clock.now();
      const today = new Date(now.getTime() + 5 * 3600_000).toISOString().slice(0, 10);
      const todayStart = tashkentDayStart(today);
      const weekStart = new Date(todayStart.getTime() - 6 * 86_400_000);
      const storeId = ctx.staff.role === 'store' ? (ctx.staff.storeId ?? -1) : undefined;
      const overdueBefore = new Date(now.getTime() - deps.refunds.overdueH * 3600_000);
      const [{ today: t, week: w, waiting }, lowStock, tasks, refundCounts] = await Promise.all([
        repo.dashboard(todayStart, weekStart, storeId),
        deps.lowStockCount(storeId),
        refundTasks(storeId === undefined ? {} : { storeId }, REFUND_TASKS_SHOWN),
        repo.refundTaskCounts(overdueBefore, storeId),
      ]);
      const waitingOf = (s: OrderStatus) => waiting.find((x) => x.status === s)?.n ?? 0;
      return {
        today: { orders: t?.n ?? 0, revenue: Number(t?.revenue ?? 0) },
        week: { orders: w?.n ?? 0, revenue: Number(w?.revenue ?? 0) },
        waiting: { new: waitingOf('new'), confirmed: waitingOf('confirmed'), assembling: waitingOf('assembling'), shipping: waitingOf('shipping'), ready_for_pickup: waitingOf('ready_for_pickup') },
        low_stock: lowStock,
        refunds_owed: { ...refundCounts, tasks: tasks.map((r) => ({ number: r.number, ...refundTaskDto(r, now) })) },
      };
    },
  };
}

export type StaffOrdersService = ReturnType<typeof createStaffOrdersService>;
