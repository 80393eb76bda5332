// Refunds staff must make by hand. The shop's API makes card refunds (Payme receipts.cancel) and Click
// refunds (Click's reversal) itself, and asks again until the provider confirms; two kinds it cannot make:
//  - a paid Payme-checkout order: the Merchant API has no refund call, Payme refunds from its merchant
//    cabinet and then calls CancelTransaction (settlement.ts makes the order `refunded`);
//  - a Click reversal Click refused (not this month's payment, the card's bank said no): staff reverse it
//    in Click's cabinet, and the payment reconciler, still asking Click, then finds it reversed.
// Either stays `refund_pending` — never guessed refunded — and is a task for staff from the moment it was
// owed (the cancel), overdue after REFUND_TASK_OVERDUE_H. The rule is here twice, for one order's history
// (the shopper's order) and as SQL (the back office's lists); refund-tasks.test.ts holds both to it.
import { type SQL, getTableName, sql } from 'drizzle-orm';
import { type Config } from '../../config.js';
import { orders } from '../../db/schema/index.js';
import { type Lang, timeSpan } from '../../i18n/lang.js';
import { type OrderRow, type PaymentStatus } from './orders.repository.js';
import { refundNoteText } from './orders.text.js';

/** The history note of a Click reversal Click refused (written once): from then the refund is staff's to make. */
export const CLICK_REVERSAL_REFUSED = 'CLICK_REVERSAL_REFUSED';

export type RefundProvider = 'payme' | 'click';
type HistoryEntry = { paymentStatus: PaymentStatus; note: string | null; createdAt: Date };

/** The provider in whose cabinet staff must make the order's pending refund, or null when none is owed by hand. */
export function refundByHand(order: Pick<OrderRow, 'paymentStatus' | 'paymentMethod'>, history: readonly HistoryEntry[]): RefundProvider | null {
  if (order.paymentStatus !== 'refund_pending') return null;
  if (order.paymentMethod === 'payme') return 'payme';
  if (order.paymentMethod === 'click' && history.some((h) => h.note === CLICK_REVERSAL_REFUSED)) return 'click';
  return null;
}

/** When the refund became owed: the order's move into `refund_pending` (staff cancelling it; it happens once). */
export function owedSince(order: Pick<OrderRow, 'updatedAt'>, history: readonly HistoryEntry[]): Date {
  return history.find((h) => h.paymentStatus === 'refund_pending')?.createdAt ?? order.updatedAt;
}

/**
 * The order's id for the subqueries below, always written with its table: Drizzle writes a lone table's
 * columns unqualified in a select list (`"id"`), which inside `from order_status_history rh` would be rh's own id.
 */
const orderIdSql = sql`${sql.identifier(getTableName(orders))}.${sql.identifier(orders.id.name)}`;

/** `refundByHand` as SQL over `orders`, for lists. */
export const refundByHandSql: SQL = sql`(${orders.paymentStatus} = 'refund_pending' and (${orders.paymentMethod} = 'payme' or (${orders.paymentMethod} = 'click' and exists (select 1 from order_status_history rh where rh.order_id = ${orderIdSql} and rh.note = ${CLICK_REVERSAL_REFUSED}))))`;

/** `owedSince` as SQL over `orders`. */
export const owedSinceSql = sql<Date>`(select min(rh.created_at) from order_status_history rh where rh.order_id = ${orderIdSql} and rh.payment_status = 'refund_pending')`;

/** When a refund owed since `since` is overdue, and whether it is now. */
export function refundDue(since: Date, settings: Config['refunds'], now: Date): { overdueAt: Date; overdue: boolean } {
  const overdueAt = new Date(since.getTime() + settings.overdueH * 3600_000);
  return { overdueAt, overdue: now.getTime() >= overdueAt.getTime() };
}

/** The cabinet where staff make a refund of `provider`. */
export const cabinetUrl = (provider: RefundProvider, settings: Config['refunds']): string => (provider === 'payme' ? settings.paymeCabinetUrl : settings.clickCabinetUrl);

/**
 * What the shopper is told of a pending refund (their order's `refund`): who returns the money and by when.
 * Made by staff: by `due_at` (REFUND_TASK_OVERDUE_H after the cancel), or that it is late; made by the
 * provider's API: that it was asked for and the page says when it is done (no date: the provider decides).
 */
export function shopperRefund(order: OrderRow, history: readonly HistoryEntry[], settings: Config['refunds'], now: Date, lang: Lang) {
  if (order.paymentStatus !== 'refund_pending') return null;
  const byHand = refundByHand(order, history);
  if (!byHand) return { text: refundNoteText('automatic', order.paymentMethod === 'click' ? 'Click' : 'Payme', '', lang), due_at: null, overdue: false };
  const { overdueAt, overdue } = refundDue(owedSince(order, history), settings, now);
  const span = timeSpan(settings.overdueH * 60)[lang];
  return { text: refundNoteText(overdue ? 'late' : 'by_hand', byHand === 'payme' ? 'Payme' : 'Click', span, lang), due_at: overdueAt.toISOString(), overdue };
}
