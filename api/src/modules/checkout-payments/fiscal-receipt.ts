import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { checkoutTransactions } from '../../db/schema/index.js';
import { type FiscalReceiptState } from '../orders/index.js';
import { TX } from './transactions.repository.js';

/**
 * What became of a Click payment's fiscal receipt, kept under `OFD` in `checkout_transactions.fiscal`:
 * - `{ waiting: 'labels', since }`: the order has marked lines without their codes; the receipt goes when
 *   staff have scanned them all (docs/back-office.md "Marking codes").
 * - `{ submitting: at }`: one process has claimed the submission and is calling Click.
 * - `{ error_code, error_note }`: Click's answer (0: registered).
 * - `{ not_submitted: message }`: the call failed (network, time-out, HTTP error); staff register it by hand.
 */
export type OfdRecord = { waiting: 'labels'; since: string } | { submitting: string } | { error_code: number; error_note: string } | { not_submitted: string };

/** The state an `OFD` record stands for, in the orders module's words (its `FiscalReceiptState`); null when nothing was recorded (no receipt through Click yet). */
export function receiptState(fiscal: Record<string, unknown> | null): FiscalReceiptState | null {
  const ofd = fiscal?.OFD as Partial<Record<string, unknown>> | undefined;
  if (!ofd || typeof ofd !== 'object') return null;
  if ('waiting' in ofd) return 'waiting_for_labels';
  if ('submitting' in ofd) return 'sending';
  if ('not_submitted' in ofd) return 'not_sent';
  return ofd.error_code === 0 ? 'sent' : 'refused';
}

/**
 * The fiscal receipt of an order's completed Click payment (refunded since, too), or null (no such payment, or
 * nothing recorded). Only `waiting_for_labels` (or null) leaves the marking codes open: once a receipt was
 * submitted with them, or is being submitted, the codes are what the tax office has.
 */
export async function clickReceiptOf(db: DbOrTx, orderId: number): Promise<FiscalReceiptState | null> {
  const [row] = await db
    .select({ fiscal: checkoutTransactions.fiscal })
    .from(checkoutTransactions)
    .where(and(eq(checkoutTransactions.orderId, orderId), eq(checkoutTransactions.provider, 'click'), inArray(checkoutTransactions.state, [TX.performed, TX.cancelledAfterPerform])))
    .orderBy(desc(checkoutTransactions.id))
    .limit(1);
  return row ? receiptState(row.fiscal) : null;
}

/**
 * Sets the transaction's `OFD` record, but only while the record is still open: absent or waiting for codes
 * (`from: 'open'`), or absent only (`from: 'empty'`). False when someone else got there first.
 */
export async function setOfd(tx: DbOrTx, txId: number, record: OfdRecord, from: 'open' | 'empty'): Promise<boolean> {
  const open = from === 'open' ? sql`(${checkoutTransactions.fiscal} -> 'OFD' is null or ${checkoutTransactions.fiscal} -> 'OFD' -> 'waiting' is not null)` : sql`${checkoutTransactions.fiscal} -> 'OFD' is null`;
  const rows = await tx
    .update(checkoutTransactions)
    .set({ fiscal: sql`coalesce(${checkoutTransactions.fiscal}, '{}'::jsonb) || jsonb_build_object('OFD', ${JSON.stringify(record)}::jsonb)` })
    .where(and(eq(checkoutTransactions.id, txId), eq(checkoutTransactions.state, TX.performed), open))
    .returning({ id: checkoutTransactions.id });
  return rows.length > 0;
}
