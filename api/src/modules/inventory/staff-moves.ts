import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { type StockMoveReason, stockMovements, variantStock } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { refreshProductTotals } from './product-totals.js';

/** Who made a stock change and when, as its movement records it. */
export interface MoveAuthor {
  /** Null for a command run on the server. */
  staffId: number | null;
  at: Date;
}

/** One change made in the stock dialog (POST /api/admin/variants/:id/stock-movements). */
export interface StockMove {
  variantId: number;
  storeId: number;
  reason: Exclude<StockMoveReason, 'import'>;
  /** `received`/`damaged`: the units in or out; `correction`: the new count. */
  quantity: number;
  /** The count the form showed; 409 STOCK_CHANGED if the store's count moved since. */
  expectedQuantity?: number;
  note: string | null;
}

/**
 * A staff member's change to one store's count of one variant, in the caller's transaction: the row is
 * locked as checkout locks it (reserveStock), so an order and a correction queue; 409 STOCK_CHANGED when the
 * count is no longer `expectedQuantity` (a correction must not undo a sale made meanwhile, a delivery saved
 * again after a lost answer must not count twice), 409 STOCK_INSUFFICIENT when more is damaged than there is.
 * Written as a movement and the product's total follows. The variant and the store must exist (the caller checks).
 */
export async function moveStock(tx: DbOrTx, move: StockMove, by: MoveAuthor) {
  const { variantId, storeId } = move;
  await tx.insert(variantStock).values({ variantId, storeId, quantity: 0 }).onConflictDoNothing();
  const [row] = await queryRows<{ quantity: number }>(tx, sql`select quantity from variant_stock where variant_id = ${variantId} and store_id = ${storeId} for update`);
  const before = row!.quantity;
  if (move.expectedQuantity !== undefined && move.expectedQuantity !== before) {
    throw new AppError('STOCK_CHANGED', 409, { params: { available: before }, extra: { available: before } });
  }
  let after: number;
  if (move.reason === 'received') after = before + move.quantity;
  else if (move.reason === 'damaged') {
    if (move.quantity > before) throw new AppError('STOCK_INSUFFICIENT', 409, { params: { available: before }, extra: { available: before } });
    after = before - move.quantity;
  } else after = move.quantity;
  await tx.update(variantStock).set({ quantity: after }).where(sql`${variantStock.variantId} = ${variantId} and ${variantStock.storeId} = ${storeId}`);
  const [m] = await tx
    .insert(stockMovements)
    .values({ variantId, storeId, delta: after - before, quantityAfter: after, reason: move.reason, note: move.note, staffId: by.staffId, at: by.at })
    .returning({ id: stockMovements.id });
  const changed = await refreshProductTotals(tx, { variantIds: [variantId] });
  return { movementId: m!.id, before, after, totalChanged: changed.length > 0 };
}

/**
 * The stock rows of these variants; with `lock`, locked in variant order as checkout locks them (an import's
 * apply plans under these locks, so an order placed meanwhile waits for it).
 */
export function readStock(tx: DbOrTx, variantIds: readonly number[], lock = false) {
  const ids = [...variantIds].sort((a, b) => a - b);
  return queryRows<{ variant_id: number; store_id: number; quantity: number }>(
    tx,
    sql`select variant_id, store_id, quantity from variant_stock where variant_id = any(${sql.param(ids)}::int[])
        order by variant_id, store_id ${lock ? sql`for update` : sql``}`,
  );
}

/**
 * Sets store counts (a recount: the CSV import's stock columns), each written as a movement with `reason`
 * and `note`; one statement each over arrays, whatever the number of rows. `before` is the count the caller
 * read under readStock's lock. The caller refreshes the product totals once for all it changed
 * (refreshProductTotals), as the import does over every product it touched.
 */
export async function setStock(
  tx: DbOrTx,
  counts: ReadonlyArray<{ variantId: number; storeId: number; before: number; after: number }>,
  reason: StockMoveReason,
  note: string | null,
  by: MoveAuthor,
): Promise<void> {
  if (counts.length === 0) return;
  const variantIds = sql.param(counts.map((s) => s.variantId));
  const storeIds = sql.param(counts.map((s) => s.storeId));
  await tx.execute(sql`insert into variant_stock (variant_id, store_id, quantity)
    select * from unnest(${variantIds}::int[], ${storeIds}::int[], ${sql.param(counts.map((s) => s.after))}::int[])
    on conflict (variant_id, store_id) do update set quantity = excluded.quantity`);
  await tx.execute(sql`insert into stock_movements (variant_id, store_id, delta, quantity_after, reason, note, staff_id, at)
    select x.variant_id, x.store_id, x.delta, x.after, ${reason}::text, ${note}::text, ${by.staffId}::int, ${by.at}::timestamptz
    from unnest(${variantIds}::int[], ${storeIds}::int[], ${sql.param(counts.map((s) => s.after - s.before))}::int[],
                ${sql.param(counts.map((s) => s.after))}::int[]) as x(variant_id, store_id, delta, after)`);
}

/**
 * A new variant's first stock per store (the product form's `stock` lines): a row per store given, and a
 * `received` movement for each that has units. Returns those lines (the caller audits them as the stock
 * dialog's moves are). The caller refreshes the product's total (refreshProductTotals) once its variants are saved.
 */
export async function openingStock(tx: DbOrTx, variantId: number, lines: ReadonlyArray<{ storeId: number; quantity: number }>, by: MoveAuthor) {
  const received: Array<{ storeId: number; quantity: number }> = [];
  for (const s of lines) {
    await tx.insert(variantStock).values({ variantId, storeId: s.storeId, quantity: s.quantity }).onConflictDoNothing();
    if (s.quantity > 0) {
      await tx.insert(stockMovements).values({ variantId, storeId: s.storeId, delta: s.quantity, quantityAfter: s.quantity, reason: 'received', staffId: by.staffId, at: by.at });
      received.push(s);
    }
  }
  return received;
}

/**
 * Forgets the stock and the movements of variants about to be deleted (no open order holds them: the
 * catalogue checks). The caller deletes the variants and refreshes the product's total.
 */
export async function dropVariantStock(tx: DbOrTx, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx.delete(stockMovements).where(inArray(stockMovements.variantId, [...variantIds]));
  await tx.delete(variantStock).where(inArray(variantStock.variantId, [...variantIds]));
}
