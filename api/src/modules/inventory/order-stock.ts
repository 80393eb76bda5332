import { and, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { orderStockMoves, variantStock } from '../../db/schema/index.js';
import { refreshProductTotals } from './product-totals.js';

/** Units an order took from one store, and that store's count right after. */
export interface StockTake {
  variantId: number;
  storeId: number;
  quantity: number;
  quantityAfter: number | null;
}

/** A variant there is not enough of, and how many units all stores have. */
export interface StockShortfall {
  variant_id: number;
  available: number;
}

/**
 * Takes `wanted` units of each variant (variant id → units) from the stores, preferring `preferredStore`, in
 * the caller's transaction (checkout's, so the order and its stock commit or roll back together). Rows are
 * locked in variant order (`for update`), so concurrent checkouts queue instead of deadlocking and no two
 * orders sell the same unit; a staff move and an import lock the same rows the same way. Returns the
 * shortfalls (nothing is taken when there are any) or the takes, which the order records once it has an id
 * (recordOrderTakes).
 */
export async function reserveStock(tx: DbOrTx, wanted: Map<number, number>, preferredStore: number | null): Promise<{ shortfalls: StockShortfall[]; moves: StockTake[] }> {
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const rows = await queryRows<{ variant_id: number; store_id: number; quantity: number }>(
    tx,
    sql`select variant_id, store_id, quantity from variant_stock
        where variant_id = any(${sql.param(ids)}::int[])
        order by variant_id, store_id for update`,
  );
  const shortfalls: StockShortfall[] = [];
  const moves: Array<{ variantId: number; storeId: number; quantity: number }> = [];
  for (const id of ids) {
    const need = wanted.get(id)!;
    const stock = rows
      .filter((r) => r.variant_id === id && r.quantity > 0)
      .sort((a, b) => Number(b.store_id === preferredStore) - Number(a.store_id === preferredStore) || b.quantity - a.quantity);
    const available = stock.reduce((sum, r) => sum + r.quantity, 0);
    if (available < need) {
      shortfalls.push({ variant_id: id, available });
      continue;
    }
    let left = need;
    for (const r of stock) {
      if (left === 0) break;
      const take = Math.min(left, r.quantity);
      moves.push({ variantId: id, storeId: r.store_id, quantity: take });
      left -= take;
    }
  }
  if (shortfalls.length > 0) return { shortfalls, moves: [] };
  const taken: StockTake[] = [];
  for (const m of moves) {
    const [after] = await tx
      .update(variantStock)
      .set({ quantity: sql`${variantStock.quantity} - ${m.quantity}` })
      .where(and(eq(variantStock.variantId, m.variantId), eq(variantStock.storeId, m.storeId)))
      .returning({ quantity: variantStock.quantity });
    taken.push({ ...m, quantityAfter: after?.quantity ?? null });
  }
  await refreshProductTotals(tx, { variantIds: ids });
  return { shortfalls, moves: taken };
}

/** Records the takes of reserveStock against the order they were for (in the order's transaction), so it can give them back. */
export async function recordOrderTakes(tx: DbOrTx, orderId: number, moves: readonly StockTake[]): Promise<void> {
  if (moves.length > 0) await tx.insert(orderStockMoves).values(moves.map((m) => ({ ...m, orderId })));
}

/** Gives an order's stock back to the stores it came from, once (a second call finds nothing left to give). */
export async function releaseOrderStock(tx: DbOrTx, orderId: number, now: Date): Promise<void> {
  const moves = await tx.select().from(orderStockMoves).where(and(eq(orderStockMoves.orderId, orderId), isNull(orderStockMoves.releasedAt)));
  for (const m of moves) {
    const [after] = await tx
      .update(variantStock)
      .set({ quantity: sql`${variantStock.quantity} + ${m.quantity}` })
      .where(and(eq(variantStock.variantId, m.variantId), eq(variantStock.storeId, m.storeId)))
      .returning({ quantity: variantStock.quantity });
    await tx.update(orderStockMoves).set({ releasedAt: now, releasedQuantityAfter: after?.quantity ?? null }).where(eq(orderStockMoves.id, m.id));
  }
  if (moves.length === 0) return;
  await refreshProductTotals(tx, { variantIds: moves.map((m) => m.variantId) });
}
