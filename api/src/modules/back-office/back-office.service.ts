import { type z } from 'zod';
import { type Config } from '../../config.js';
import { ORDER_STATUSES, type OrderStatus } from '../../db/schema/index.js';
import { type Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type AuditService, tashkentDayStart } from '../audit/audit.service.js';
import { type AuthService } from '../auth/auth.service.js';
import { linesWithoutLabels } from '../checkout-payments/fiscal-receipt.js';
import { LABELS_OPEN, createMarkingService } from '../orders/marking.js';
import { nextStatuses } from '../orders/order-status-machine.js';
import { type OrderService } from '../orders/orders.service.js';
import { orderStatusFields } from '../orders/orders.dto.js';
import { STATUS_LABELS } from '../orders/orders.text.js';
import { cabinetUrl, refundDue } from '../orders/refund-tasks.js';
import { type StaffContext } from '../staff/staff.service.js';
import { type OrderFilter, createBackOfficeRepository } from './back-office.repository.js';
import { type adminOrder, type customerPatch, type ordersQuery } from './back-office.schema.js';

type OrdersQuery = z.output<typeof ordersQuery>;
type AdminOrder = z.output<typeof adminOrder>;
type RefundTaskRow = Awaited<ReturnType<ReturnType<typeof createBackOfficeRepository>['refundTasks']>>[number];

/** The dashboard lists this many refund tasks, the oldest first (its counts cover them all). */
const REFUND_TASKS_SHOWN = 20;

/** The order a `store` account may see: pickup orders of its own store. Anyone else sees every order. */
function inScope(ctx: StaffContext, order: { deliveryType: string; storeId: number | null }): boolean {
  return ctx.staff.role !== 'store' || (order.deliveryType === 'pickup' && order.storeId === ctx.staff.storeId);
}

/** What the back office shows and does: order lists and actions, customers, the dashboard. */
export function createBackOfficeService(deps: {
  db: Db;
  clock: Clock;
  orders: OrderService;
  auth: AuthService;
  audit: AuditService;
  /** When a refund owed by hand is overdue, and the providers' cabinets. */
  refunds: Config['refunds'];
  /** Variant × store rows under their low-stock threshold (admin-catalog), for one store or all. */
  lowStockCount: (storeId: number | undefined) => Promise<number>;
}) {
  const repo = createBackOfficeRepository(deps.db);
  const marking = createMarkingService({ db: deps.db, audit: deps.audit });

  /** A refund owed by hand as the back office shows it (`refund_task`). */
  function refundTaskDto(r: RefundTaskRow, now: Date) {
    const provider = r.method === 'click' ? 'click' : 'payme';
    // the cancel's history row is always there; the order's time only if a row went missing
    const since = r.owedSince ?? now;
    const { overdueAt, overdue } = refundDue(since, deps.refunds, now);
    return {
      provider,
      transaction_id: (provider === 'click' ? (r.paydocId ?? r.externalId) : r.externalId) ?? null,
      amount: r.amount !== null ? r.amount / 100 : r.total,
      cabinet_url: cabinetUrl(provider, deps.refunds),
      owed_since: since.toISOString(),
      overdue_at: overdueAt.toISOString(),
      overdue,
    } as const;
  }

  async function scopedOrder(ctx: StaffContext, number: string) {
    const row = await deps.orders.find(number);
    // A store account is told nothing about orders outside its store, not even that they exist.
    if (!row || !inScope(ctx, row)) throw notFound();
    return row;
  }

  /** One order as the back office shows it; a store account is not sent the customer's account (no customer data for its role). */
  async function orderDetail(ctx: StaffContext, number: string, lang: Lang): Promise<AdminOrder> {
    const { row, view, allowedNext } = await deps.orders.staffView(number, lang);
    const [{ history, notes }, [customer], { lines, receipt }, [refund]] = await Promise.all([
      repo.orderExtras(row.id),
      repo.customerSummary(row.customerId),
      repo.orderMarking(row.id),
      row.paymentStatus === 'refund_pending' ? repo.refundTasks({ orderId: row.id }, 1) : [],
    ]);
    const address = view.delivery.address;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      status_label: view.status_label,
      payment_status: row.paymentStatus,
      payment_status_label: view.payment_status_label,
      payment_method: row.paymentMethod,
      receipt_id: row.receiptId,
      stock_held_until: row.stockHeldUntil?.toISOString() ?? null,
      payment_expires_at:
        (row.paymentMethod === 'payme' || row.paymentMethod === 'click') && row.paymentStatus === 'pending' && row.status !== 'cancelled'
          ? (row.paymentCheckAt?.toISOString() ?? null)
          : null,
      hold_extended: row.holdExtended,
      delivery_type: row.deliveryType,
      one_click: row.oneClick,
      delivery_price: row.deliveryFee,
      items_total: row.itemsTotal,
      total: row.total,
      lang: row.lang,
      created_at: row.createdAt.toISOString(),
      customer: ctx.staff.role === 'store' ? null : (customer ?? { id: row.customerId, name: null, phone: null }),
      receiver: { name: `${row.receiverName} ${row.receiverSurname}`.trim(), phone: row.receiverPhone },
      address: address
        ? {
            region_name: address.region_name,
            city_name: address.city_name,
            address: address.address,
            flat: address.flat,
            entrance: address.entrance,
            floor: address.floor,
            intercom: address.intercom,
            comment: address.comment,
            lat: address.location?.lat ?? null,
            lng: address.location?.lng ?? null,
          }
        : null,
      store: view.delivery.store ? { id: view.delivery.store.id, name: view.delivery.store.name, address: view.delivery.store.address } : null,
      labels_missing: linesWithoutLabels(lines).reduce((sum, l) => sum + l.quantity, 0),
      labels_editable: LABELS_OPEN.includes(row.status) && (receipt === null || receipt === 'waiting_for_labels'),
      fiscal_receipt: receipt,
      refund_task: refund ? refundTaskDto(refund, deps.clock.now()) : null,
      // Both lists are the order's lines by id.
      items: view.items.map((i, index) => ({
        id: lines[index]!.id,
        product_id: i.product_id,
        variant_id: i.variant_id,
        name: i.name,
        sku: i.sku,
        mxik: i.mxit,
        options: i.attributes,
        picture: i.img_url,
        quantity: i.quantity,
        price: i.price,
        total: i.total,
        marked: lines[index]!.marked,
        labels: lines[index]!.labels,
      })),
      timeline: (view.statuses ?? []).map((s, index) => {
        const who = history[index];
        return {
          status: s.status,
          status_label: s.label,
          payment_status: s.payment_status,
          payment_status_label: s.payment_status_label,
          at: s.at,
          staff: who?.staffId ? { id: who.staffId, name: who.staffName ?? '' } : null,
          note: who?.note ?? null,
        };
      }),
      notes: notes.map(({ note, staffName }) => ({ id: note.id, text: note.text, at: note.createdAt.toISOString(), staff: note.staffId ? { id: note.staffId, name: staffName ?? '' } : null })),
      allowed_next: allowedNext,
    };
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
        const missing = linesWithoutLabels((await repo.orderMarking(row.id)).lines);
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
     * Sets the marking codes of one line (orders/marking.ts: checked, audited as `order.labels_set`); a store
     * account only on its store's orders. The caller then lets a waiting Click receipt go
     * (checkout-payments.service.ts `afterLabels`). Answers the order's row.
     */
    async setLabels(ctx: StaffContext, number: string, itemId: number, labels: string[]) {
      const row = await scopedOrder(ctx, number);
      await marking.setLabels(row.number, itemId, labels, { staffId: ctx.staff.id }, ctx.staff.role === 'store' ? { storeId: ctx.staff.storeId ?? -1 } : null);
      return row;
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

    async listCustomers(q: string | undefined, page: number, perPage: number) {
      const { rows, total } = await repo.listCustomers(q, page, perPage);
      return { data: rows.map(customerDto), meta: pageMeta(page, perPage, total) };
    },

    async customer(id: number, lang: Lang) {
      const { rows } = await repo.listCustomers(undefined, 1, 1, [id]);
      const found = rows[0];
      if (!found) throw notFound();
      const orders = await repo.ordersOfCustomer(id);
      return {
        customer: customerDto(found),
        orders: orders.map((o) => ({ number: o.number, status: o.status, status_label: STATUS_LABELS[o.status][lang], payment_status: o.paymentStatus, total: o.total, created_at: o.createdAt.toISOString() })),
      };
    },

    async updateCustomer(ctx: StaffContext, id: number, patch: z.output<typeof customerPatch>, lang: Lang) {
      await deps.auth.updateAccount({ staffId: ctx.staff.id }, id, {
        ...(patch.user_type ? { userType: patch.user_type } : {}),
        ...(patch.company_name ? { companyName: patch.company_name } : {}),
        ...(patch.inn ? { inn: patch.inn } : {}),
        ...(patch.blocked !== undefined ? { blocked: patch.blocked } : {}),
      });
      return this.customer(id, lang);
    },

    /** Today and the last 7 days (Tashkent calendar days), and what waits per status. */
    async dashboard(ctx: StaffContext) {
      const now = deps.clock.now();
      const today = new Date(now.getTime() + 5 * 3600_000).toISOString().slice(0, 10);
      const todayStart = tashkentDayStart(today);
      const weekStart = new Date(todayStart.getTime() - 6 * 86_400_000);
      const storeId = ctx.staff.role === 'store' ? (ctx.staff.storeId ?? -1) : undefined;
      const overdueBefore = new Date(now.getTime() - deps.refunds.overdueH * 3600_000);
      const [{ today: t, week: w, waiting }, lowStock, refundTasks, refundCounts] = await Promise.all([
        repo.dashboard(todayStart, weekStart, storeId),
        deps.lowStockCount(storeId),
        repo.refundTasks(storeId === undefined ? {} : { storeId }, REFUND_TASKS_SHOWN),
        repo.refundTaskCounts(overdueBefore, storeId),
      ]);
      const waitingOf = (s: OrderStatus) => waiting.find((x) => x.status === s)?.n ?? 0;
      return {
        today: { orders: t?.n ?? 0, revenue: Number(t?.revenue ?? 0) },
        week: { orders: w?.n ?? 0, revenue: Number(w?.revenue ?? 0) },
        waiting: { new: waitingOf('new'), confirmed: waitingOf('confirmed'), assembling: waitingOf('assembling'), shipping: waitingOf('shipping'), ready_for_pickup: waitingOf('ready_for_pickup') },
        low_stock: lowStock,
        refunds_owed: { ...refundCounts, tasks: refundTasks.map((r) => ({ number: r.number, ...refundTaskDto(r, now) })) },
      };
    },
  };
}

function customerDto(r: { customer: { id: number; phone: string | null; name: string | null; surname: string | null; userType: 'individual' | 'legal'; companyName: string | null; inn: string | null; blockedAt: Date | null; createdAt: Date }; ordersCount: number | null; ordersTotal: string | null }) {
  const c = r.customer;
  return {
    id: c.id,
    phone: c.phone,
    name: c.name,
    surname: c.surname,
    user_type: c.userType,
    company_name: c.companyName,
    inn: c.inn,
    blocked: c.blockedAt !== null,
    orders_count: Number(r.ordersCount ?? 0),
    orders_total: Number(r.ordersTotal ?? 0),
    created_at: c.createdAt.toISOString(),
  };
}

export type BackOfficeService = ReturnType<typeof createBackOfficeService>;
