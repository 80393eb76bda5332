import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';

/** Which products to recompute: by id, or those owning these variants. */
export type TotalsOf = { productIds: readonly number[] } | { variantIds: readonly number[] };

/**
 * Keeps products.total_quantity (the catalogue's `total_quanity`, and through the catalogue's triggers the
 * listing's stock filter and the search rank) equal to the sum of the product's variants over every store,
 * in the caller's transaction. The one place that column is written; every stock change of this module ends
 * with it. Only rows whose total moved are written (one statement, one array parameter however many
 * products an import touches). Returns the ids of the products whose total changed.
 */
export async function refreshProductTotals(tx: DbOrTx, of: TotalsOf): Promise<number[]> {
  const ids = 'productIds' in of ? [...new Set(of.productIds)] : [...new Set(of.variantIds)];
  if (ids.length === 0) return [];
  const products: SQL =
    'productIds' in of ? sql`select unnest(${sql.param(ids)}::int[])` : sql`select product_id from variants where id = any(${sql.param(ids)}::int[])`;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update products p set total_quantity = t.q
        from (
          select x.id, coalesce((select sum(s.quantity) from variants v join variant_stock s on s.variant_id = v.id where v.product_id = x.id), 0)::int as q
          from (select distinct id from products where id in (${products})) x
        ) t
        where p.id = t.id and p.total_quantity is distinct from t.q
        returning p.id`,
  );
  return rows.map((r) => Number(r.id));
}
