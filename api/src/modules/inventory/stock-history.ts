import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { type Localized } from '../../i18n/lang.js';
import { type VariantOption } from '../../db/schema/index.js';
import { lowCondition } from './stock-reads.js';

export type HistoryReason = 'received' | 'correction' | 'damaged' | 'import' | 'order' | 'order_released';

/** One line of a variant's stock history: a staff movement, an order's take or its give-back. */
export interface HistoryRow {
  id: string;
  at: string;
  store_id: number;
  reason: HistoryReason;
  delta: number;
  quantity_after: number | null;
  note: string | null;
  staff_id: number | null;
  staff_name: string | null;
  order_id: number | null;
  order_number: string | null;
}

/** Every stock change of one variant: staff movements (`m…`), orders' takes (`o…`) and give-backs (`r…`). */
const changesOf = (variantId: number): SQL => sql`(
    select 'm' || m.id as id, m.id as seq, m.at, m.store_id, m.reason, m.delta, m.quantity_after, m.note, m.staff_id, null::bigint as order_id
      from stock_movements m where m.variant_id = ${variantId}
    union all
    select 'o' || x.id, x.id, o.created_at, x.store_id, 'order', -x.quantity, x.quantity_after, null, null, x.order_id
      from order_stock_moves x join orders o on o.id = x.order_id where x.variant_id = ${variantId}
    union all
    select 'r' || x.id, x.id, x.released_at, x.store_id, 'order_released', x.quantity, x.released_quantity_after, null, null, x.order_id
      from order_stock_moves x where x.variant_id = ${variantId} and x.released_at is not null
  ) h`;

/**
 * The variant's stock history, newest first, `filter` on `h` (e.g. sql`h.store_id = 2`, or the one
 * movement just made): the movement's staff member and order are read by name and number (a read of the
 * staff and orders tables).
 */
export function stockHistory(tx: DbOrTx, variantId: number, filter: SQL, limit: number, offset: number): Promise<HistoryRow[]> {
  return queryRows<HistoryRow>(
    tx,
    sql`select h.*, st.name as staff_name, o.number as order_number from ${changesOf(variantId)}
        left join staff st on st.id = h.staff_id
        left join orders o on o.id = h.order_id
        where ${filter}
        order by h.at desc, h.seq desc limit ${limit} offset ${offset}`,
  );
}

/** How many lines stockHistory has for `filter`. */
export async function stockHistoryCount(tx: DbOrTx, variantId: number, filter: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (
          select store_id from stock_movements where variant_id = ${variantId}
          union all select store_id from order_stock_moves where variant_id = ${variantId}
          union all select store_id from order_stock_moves where variant_id = ${variantId} and released_at is not null
        ) h where ${filter}`,
  );
  return Number(row?.n ?? 0);
}

/** A variant × store row under its threshold, with what the back office's list shows of its product. */
export interface LowStockRow {
  variant_id: number;
  product_id: number;
  name: Localized;
  sku: string;
  options: VariantOption[];
  images: string[];
  store_id: number;
  quantity: number;
  threshold: number;
}

/** The low rows of products not archived, in one store or all, and of one product or all (a read of the catalogue's variants and products). */
const lowFrom = (defaultThreshold: number, storeId: number | undefined, productId?: number) =>
  sql`variant_stock s join variants v on v.id = s.variant_id join products p on p.id = v.product_id
      where p.status <> 'archived' and ${lowCondition(defaultThreshold)}${storeId !== undefined ? sql` and s.store_id = ${storeId}` : sql``}${
        productId !== undefined ? sql` and p.id = ${productId}` : sql``
      }`;

/** Variants under their threshold per store, fewest units first. */
export function lowStockRows(tx: DbOrTx, defaultThreshold: number, where: { storeId?: number; productId?: number }, limit: number, offset: number): Promise<LowStockRow[]> {
  return queryRows<LowStockRow>(
    tx,
    sql`select v.id as variant_id, p.id as product_id, p.name, v.sku, v.options, p.images, s.store_id, s.quantity,
          coalesce(v.low_stock_threshold, ${defaultThreshold})::int as threshold
        from ${lowFrom(defaultThreshold, where.storeId, where.productId)}
        order by s.quantity, p.id, v.sort, v.id, s.store_id limit ${limit} offset ${offset}`,
  );
}

/** How many variant × store rows are under their threshold (one store or all; one product or all). */
export async function lowStockCount(tx: DbOrTx, defaultThreshold: number, where: { storeId?: number; productId?: number }): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${lowFrom(defaultThreshold, where.storeId, where.productId)}`);
  return Number(row?.n ?? 0);
}
