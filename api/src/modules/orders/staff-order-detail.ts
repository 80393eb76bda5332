import { type z } from 'zod';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { type Lang } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type StaffContext } from '../staff/index.js';
import { type CheckoutPort, type PaymentToRefund } from './checkout-port.js';
import { LABELS_OPEN, linesWithoutLabels } from './marking.js';
import { type OrderService } from './orders.service.js';
import { cabinetUrl, refundDue } from './refund-tasks.js';
import { type StaffOrdersRepository } from './staff-orders.repository.js';
import { type adminOrder } from './staff.schema.js';

type AdminOrder = z.output<typeof adminOrder>;
type RefundTaskRow = Awaited<ReturnType<StaffOrdersRepository['refundTasks']>>[number];

/** One order as the back office shows it (`adminOrder`), and refunds owed by hand as it shows them. */
export function createStaffOrderDetail(deps: {
  db: Db;
  clock: Clock;
  orders: Pick<OrderService, 'staffView'>;
  refunds: Config['refunds'];
  repo: StaffOrdersRepository;
  checkoutPayments: Pick<CheckoutPort, 'receiptState' | 'paymentsToRefund'>;
}) {
  const { repo } = deps;

  /** Refunds owed by hand (the repository's `refundTasks`), each with the payment to refund. */
  async function refundTasks(f: { orderId?: number; storeId?: number }, limit: number) {
    const rows = await repo.refundTasks(f, limit);
    const payments = rows.length > 0 ? await deps.checkoutPayments.paymentsToRefund(rows.map((r) => r.id)) : new Map<number, PaymentToRefund>();
    return rows.map((r) => ({ ...r, payment: payments.get(r.id) }));
  }

  /** A refund owed by hand as the back office shows it (`refund_task`). */
  function refundTaskDto(r: RefundTaskRow & { payment: PaymentToRefund | undefined }, now: Date) {
    const provider = r.method === 'click' ? 'click' : 'payme';
    // the cancel's history row is always there; the order's time only if a row went missing
    const since = r.owedSince ?? now;
    const { overdueAt, overdue } = refundDue(since, deps.refunds, now);
    return {
      provider,
      transaction_id: (provider === 'click' ? (r.payment?.paydocId ?? r.payment?.externalId) : r.payment?.externalId) ?? null,
      amount: r.payment ? r.payment.amount / 100 : r.total,
      cabinet_url: cabinetUrl(provider, deps.refunds),
      owed_since: since.toISOString(),
      overdue_at: overdueAt.toISOString(),
      overdue,
    } as const;
  }

  /** One order as the back office shows it; a store account is not sent the customer's account (no customer data for its role). */
  async function orderDetail(ctx: StaffContext, number: string, lang: Lang): Promise<AdminOrder> {
    const { row, view, allowedNext } = await deps.orders.staffView(number, lang);
    const [{ history, notes }, [customer], lines, receipt, [refund]] = await Promise.all([
      repo.orderExtras(row.id),
      repo.customerOf(row.id),
      repo.orderMarking(row.id),
      deps.checkoutPayments.receiptState(deps.db, row.id),
      row.paymentStatus === 'refund_pending' ? refundTasks({ orderId: row.id }, 1) : [],
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

  return { orderDetail, refundTasks, refundTaskDto };
}

export type StaffOrderDetail = ReturnType<typeof createStaffOrderDetail>;
