import { type DbOrTx } from '../../db/client.js';
import { variantStock } from '../../db/schema/index.js';
import { refreshProductTotals } from './product-totals.js';

/** The tables of stock a replaced catalogue empties with it (cli/seed.ts `--replace`). */
export const STOCK_TABLES = ['variant_stock', 'stock_movements'] as const;

/**
 * A seeded catalogue's stock (no movements: it is where the history starts), in batches of 2 000 rows, then
 * the totals of its products.
 */
export async function seedStock(tx: DbOrTx, rows: ReadonlyArray<{ variantId: number; storeId: number; quantity: number }>, productIds: readonly number[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await tx.insert(variantStock).values(rows.slice(i, i + 2000));
  await refreshProductTotals(tx, { productIds });
}
