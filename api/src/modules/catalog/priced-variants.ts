import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, sqlList } from '../../db/client.js';
import { type AccountType, type VariantOption } from '../../db/schema/index.js';
import { type Localized } from '../../i18n/lang.js';
import { variantStockJson, variantTotal } from '../inventory/index.js';

/** A variant priced for one account type, with what the product page, the cart and an order need of its product. */
export interface PricedVariant {
  product_id: number;
  slug: string;
  name: Localized;
  images: string[];
  /** MXIK (fiscal product code), its package code and VAT %. */
  mxit: string;
  mxit_unit: string;
  vat_percent: number;
  weight_grams: number;
  /** Under mandatory fiscal marking (orders carry each unit's code). */
  marked: boolean;
  variant_id: number;
  sku: string;
  options: VariantOption[];
  sort: number;
  /** The price list of the account type: individuals' or legal entities'. */
  price: number;
  old_price: number | null;
  /** Units in all stores. */
  total_quantity: number;
  /** Units per store. */
  stock: Array<{ store_id: number; quantity: number }>;
}

const priceOf = (account: AccountType) => sql.raw(account === 'legal' ? 'v.price_legal' : 'v.price_individual');
const oldPriceOf = (account: AccountType) => sql.raw(account === 'legal' ? 'v.old_price_legal' : 'v.old_price_individual');

/**
 * The one query that reads variants with their prices: every variant of `productIds` in the product's
 * order, priced for `account`. `sellable` keeps only products that are on sale to that account type
 * (active, and not meant for the other type); `all` trusts the caller to have checked the product.
 * Runs on a transaction when given one (an order reads prices and stock in its own).
 */
export function pricedVariants(db: DbOrTx, productIds: number[], account: AccountType, which: 'sellable' | 'all'): Promise<PricedVariant[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  const sellable = which === 'sellable' ? sql`and p.status = 'active' and (p.visible_to is null or p.visible_to = ${account})` : sql``;
  return queryRows<PricedVariant>(
    db,
    sql`select p.id as product_id, p.slug, p.name, p.images, p.mxit, p.mxit_unit, p.vat_percent, p.weight_grams, p.marked,
          v.id as variant_id, v.sku, v.options, v.sort, ${priceOf(account)} as price, ${oldPriceOf(account)} as old_price,
          ${variantTotal(sql`v.id`)} as total_quantity, ${variantStockJson(sql`v.id`)} as stock
        from variants v join products p on p.id = v.product_id
        where v.product_id in (${sqlList(productIds)}) ${sellable}
        order by v.product_id, v.sort, v.id`,
  );
}
