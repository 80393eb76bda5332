import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.js';
import { type OrderStatus, orderItems } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { type FieldMessageKey } from '../../i18n/messages.js';
import { type Actor, type AuditService } from '../audit/index.js';
import { type CheckoutPort } from './checkout-port.js';
import { type OrderItemRow, createOrderRepository } from './orders.repository.js';

/**
 * A fiscal marking code as the receipts take it: the identification code of one unit, GTIN (14 digits)
 * followed by its serial of 7 characters from GS1's set for serials (digits, Latin letters and
 * `!"%&'()*+,-./:;<=>?_`), 21 characters in all: Click's OFD documents `Labels` as string(21). Deliberately
 * conservative: the full DataMatrix string with its crypto tail, or longer serials, are refused until a
 * provider documents them; a refused code is visible at once, a wrong one on a receipt is not.
 */
export const MARKING_CODE = /^\d{14}[0-9A-Za-z!"%&'()*+,\-./:;<=>?_]{7}$/;

export type LabelsProblem = 'not_marked' | 'count' | 'format' | 'duplicate' | 'taken';

/** Why `labels` cannot be a line's marking codes, or null when they can. */
export function labelsProblem(line: { marked: boolean; quantity: number }, labels: string[]): LabelsProblem | null {
  if (!line.marked) return labels.length === 0 ? null : 'not_marked';
  if (labels.length !== line.quantity) return 'count';
  if (labels.some((l) => !MARKING_CODE.test(l))) return 'format';
  if (new Set(labels).size !== labels.length) return 'duplicate';
  return null;
}

/** The field message of each problem (api/src/i18n/messages.ts). */
const PROBLEM_MESSAGE: Record<LabelsProblem, FieldMessageKey> = {
  not_marked: 'labels_not_marked',
  count: 'labels_count',
  format: 'labels_format',
  duplicate: 'labels_duplicate',
  taken: 'labels_taken',
};

/**
 * The 422 for codes a line cannot take: `fields.labels` says what is wrong with the whole set, and for a bad or
 * repeated code `fields["labels.<i>"]` points at that unit's code (the back office shows it by its field);
 * `problem` and `quantity` let a client act on it.
 */
export function labelsError(line: { marked: boolean; quantity: number }, labels: string[], problem: LabelsProblem): AppError {
  const fields: Record<string, string> = { labels: PROBLEM_MESSAGE[problem] };
  if (problem === 'format') labels.forEach((l, i) => !MARKING_CODE.test(l) && (fields[`labels.${i}`] = 'labels_format'));
  if (problem === 'duplicate') labels.forEach((l, i) => labels.indexOf(l) !== i && (fields[`labels.${i}`] = 'labels_duplicate'));
  return new AppError('VALIDATION_FAILED', 422, { fields, extra: { problem, quantity: line.marked ? line.quantity : 0 } });
}

/**
 * The codes of `labels` already on a line of another order that is not cancelled, with that order's number:
 * a code identifies one unit, which is sold once (a cancelled order's units went back to the shelf). Each
 * code is locked for the transaction first, so two orders saving the same code at once cannot both pass.
 */
async function takenElsewhere(tx: DbOrTx, lineId: number, labels: string[]): Promise<Map<string, TakenBy>> {
  for (const code of [...labels].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`marking:${code}`}))`);
  const codes = sql`array[${sql.join(
    labels.map((l) => sql`${l}`),
    sql`, `,
  )}]::text[]`;
  const rows = await queryRows<{ code: string; number: string; store_id: number | null; delivery_type: string }>(
    tx,
    sql`select l.code, o.number, o.store_id, o.delivery_type from order_items i join orders o on o.id = i.order_id
        cross join lateral jsonb_array_elements_text(i.labels) as l(code)
        where i.id <> ${lineId} and o.status <> 'cancelled' and i.labels ?| ${codes} and l.code = any(${codes})`,
  );
  return new Map(rows.map((r) => [r.code, { number: r.number, storeId: r.store_id === null ? null : Number(r.store_id), pickup: r.delivery_type === 'pickup' }]));
}

/** The order a code is already on. */
interface TakenBy {
  number: string;
  storeId: number | null;
  pickup: boolean;
}

/** Whose orders a staff member may see: a store account, its store's pickups only (null: all). */
export type OrderScope = { storeId: number } | null;

/**
 * While the goods are still in the shop, staff may scan (and correct) the codes: from `new` (some stores scan
 * when confirming) through `ready_for_pickup` (the parcel waits at the counter). From `shipping` or
 * `picked_up` on the units are with the courier or the customer and cannot be scanned; a cancelled order
 * sold nothing.
 */
export const LABELS_OPEN: readonly OrderStatus[] = ['new', 'confirmed', 'assembling', 'ready_for_pickup'];

/** Lines of a marked product whose codes are not all scanned yet (a marked line takes one code per unit). */
export function linesWithoutLabels<T extends { marked: boolean; quantity: number; labels: string[] }>(items: T[]): T[] {
  return items.filter((i) => i.marked && i.labels.length !== i.quantity);
}

/**
 * Marking codes of order lines, written by staff (the back office) and sent on Click's fiscal receipt, whose
 * state checkout-payments keeps (`receiptState`).
 */
export function createMarkingService(deps: { db: Db; audit?: AuditService; receiptState: CheckoutPort['receiptState'] }) {
  const repo = createOrderRepository(deps.db);
  return {
    /**
     * Sets the codes of one line of an order (all of its units), audited as `order.labels_set` in the same
     * transaction (when an audit service is given). 404 for a line not in the order; 409 `LABELS_CLOSED` once
     * the goods have left or the order is closed, 409 `LABELS_ON_RECEIPT` once a Click receipt was submitted
     * with the codes; 422 naming the problem. Setting the same codes again changes nothing.
     */
    async setLabels(orderNumber: string, itemId: number, labels: string[], actor: Actor = { command: 'internal' }, scope: OrderScope = null): Promise<OrderItemRow> {
      const found = await repo.findByNumberOrId(orderNumber);
      if (!found) throw notFound();
      return deps.db.transaction(async (tx) => {
        // The order's row first: a status move and the claim of a Click receipt take it too, so neither can
        // slip between these checks and the write.
        const order = (await repo.lock(tx, found.id))!;
        const [line] = await tx.select().from(orderItems).where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
        if (!line) throw notFound();
        if (!LABELS_OPEN.includes(order.status)) throw new AppError('LABELS_CLOSED', 409, { extra: { status: order.status } });
        const receipt = await deps.receiptState(tx, order.id);
        if (receipt !== null && receipt !== 'waiting_for_labels') throw new AppError('LABELS_ON_RECEIPT', 409, { extra: { fiscal_receipt: receipt } });
        const problem = labelsProblem(line, labels);
        if (problem) throw labelsError(line, labels, problem);
        if (line.labels.length === labels.length && line.labels.every((l, i) => l === labels[i])) return line;
        const taken = labels.length > 0 ? await takenElsewhere(tx, line.id, labels) : new Map<string, TakenBy>();
        if (taken.size > 0) {
          const fields: Record<string, string> = { labels: 'labels_taken' };
          labels.forEach((l, i) => taken.has(l) && (fields[`labels.${i}`] = 'labels_taken'));
          // the other order by its number, unless the caller may not see it (another store's): then null
          const seen = (t: TakenBy) => scope === null || (t.pickup && t.storeId === scope.storeId);
          const takenBy = Object.fromEntries([...taken].map(([code, t]) => [code, seen(t) ? t.number : null]));
          throw new AppError('VALIDATION_FAILED', 422, { fields, extra: { problem: 'taken', quantity: line.quantity, taken_by: takenBy } });
        }
        const [row] = await tx.update(orderItems).set({ labels }).where(eq(orderItems.id, line.id)).returning();
        await deps.audit?.record(tx, actor, {
          action: 'order.labels_set',
          entity: 'order',
          entityId: order.number,
          before: { item_id: line.id, sku: line.sku, labels: line.labels },
          after: { item_id: line.id, sku: line.sku, labels },
        });
        return row!;
      });
    },
  };
}

export type MarkingService = ReturnType<typeof createMarkingService>;
