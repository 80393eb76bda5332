import { type SQL, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { variantStock } from '../../db/schema/index.js';

/**
 * Stock as other modules read it. Their queries that need stock inside their own SQL (a product card's
 * selected variant, the listing's variants, a stock alert's sweep) take these fragments, so what "in stock"
 * and "low" mean and where stock lives are said here once.
 */

/** Per store count rows of these variants. */
export function stockOf(tx: DbOrTx, variantIds: readonly number[]): Promise<Array<typeof variantStock.$inferSelect>> {
  if (variantIds.length === 0) return Promise.resolve([]);
  return tx.select().from(variantStock).where(inArray(variantStock.variantId, [...variantIds]));
}

/** Whether any store has a unit of the variant. */
export async function inStock(tx: DbOrTx, variantId: number): Promise<boolean> {
  const [row] = await queryRows<{ in_stock: boolean }>(tx, sql`select ${hasStock(sql`${variantId}`)} as in_stock`);
  return Boolean(row?.in_stock);
}

/** SQL: whether any store has a unit of the variant `variantId` (an id or a column, e.g. sql`v.id`). */
export const hasStock = (variantId: SQL): SQL => sql`exists (select 1 from variant_stock vs where vs.variant_id = ${variantId} and vs.quantity > 0)`;

/** SQL: the variant's units in all stores (0 when it has no rows). */
export const variantTotal = (variantId: SQL): SQL => sql`coalesce((select sum(vs.quantity) from variant_stock vs where vs.variant_id = ${variantId}), 0)::int`;

/** SQL: the variant's units per store, as a JSON array of `{ store_id, quantity }` in store order. */
export const variantStockJson = (variantId: SQL): SQL =>
  sql`coalesce((select json_agg(json_build_object('store_id', vs.store_id, 'quantity', vs.quantity) order by vs.store_id)
                from variant_stock vs where vs.variant_id = ${variantId}), '[]'::json)`;

/**
 * SQL: a stock row `s` (variant_stock) of variant `v` (variants) is "low": under the variant's own threshold,
 * else LOW_STOCK_THRESHOLD (`defaultThreshold`).
 */
export const lowCondition = (defaultThreshold: number): SQL => sql`s.quantity < coalesce(v.low_stock_threshold, ${defaultThreshold})`;

/** SQL: some store of product `productId` (a column, e.g. sql`p.id`) is low on one of its variants. */
export const hasLowStock = (productId: SQL, defaultThreshold: number): SQL =>
  sql`exists (select 1 from variants v join variant_stock s on s.variant_id = v.id where v.product_id = ${productId} and ${lowCondition(defaultThreshold)})`;

/** SQL: the variant's units per store as a JSON object `{ "<store id>": units }`; null when it has no rows. */
export const variantStockByStore = (variantId: SQL): SQL =>
  sql`(select jsonb_object_agg(vs.store_id::text, vs.quantity) from variant_stock vs where vs.variant_id = ${variantId})`;
