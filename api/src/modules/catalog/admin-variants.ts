import { eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, sqlList } from '../../db/client.js';
import { type VariantOption, productOptions, stores, variants } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { randomName } from '../../lib/secrets.js';
import { type AuditService } from '../audit/index.js';
import { dropVariantStock, openingStock } from '../inventory/index.js';
import { type StaffContext } from '../staff/index.js';
import { type VariantInput } from './admin.schema.js';
import { full, openOrderCounts } from './admin-product-view.js';

/** 409 SKU_TAKEN naming each variant whose SKU another product's variant (or another variant) has. */
export async function assertSkusFree(tx: DbOrTx, list: VariantInput[], productId: number | null) {
  if (list.length === 0) return;
  const taken = await queryRows<{ sku: string; id: number; product_id: number }>(
    tx,
    sql`select sku, id, product_id from variants where lower(sku) in (${sqlList(list.map((v) => v.sku.toLowerCase()))})`,
  );
  const fields: Record<string, string> = {};
  list.forEach((v, i) => {
    const other = taken.find((t) => t.sku.toLowerCase() === v.sku.toLowerCase() && !(t.product_id === productId && (v.id === undefined || t.id === v.id)));
    // A new variant may take the SKU of a variant of this product that the same request deletes.
    if (other && !(other.product_id === productId && !list.some((x) => x.id === other.id))) fields[`variants.${i}.sku`] = 'sku_taken';
  });
  if (Object.keys(fields).length) throw new AppError('SKU_TAKEN', 409, { fields });
}

/**
 * Writes the variant list: updates those with an id, inserts the rest, deletes the ones left out. A new
 * variant's first stock and a deleted one's stock go through inventory, in the save's transaction; the
 * caller then refreshes the product's prices and total.
 */
export async function writeVariants(tx: DbOrTx, audit: AuditService, productId: number, list: VariantInput[], ctx: StaffContext, now: Date, isNew: boolean) {
  const existing = isNew ? [] : await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
  const existingIds = new Set(existing.map((v) => v.id));
  list.forEach((v, i) => {
    if (v.id !== undefined && !existingIds.has(v.id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { [`variants.${i}.id`]: 'not_found_ref' } });
  });
  const kept = new Set(list.flatMap((v) => (v.id !== undefined ? [v.id] : [])));
  const gone = [...existingIds].filter((id) => !kept.has(id));
  if (gone.length) {
    // An order still under way holds the variant's units (its stock moves, a cancel gives them back): the
    // variant stays until that order is closed. Closed orders keep their line's SKU and name.
    const counts = await openOrderCounts(tx, gone);
    if (counts.size > 0) {
      const skus = await tx.select({ id: variants.id, sku: variants.sku }).from(variants).where(inArray(variants.id, [...counts.keys()]));
      const held = skus.map((v) => ({ sku: v.sku, orders: counts.get(v.id) ?? 0 })).sort((a, b) => a.sku.localeCompare(b.sku));
      const first = held[0]!;
      throw new AppError('VARIANT_IN_OPEN_ORDERS', 409, { params: { sku: first.sku, count: first.orders }, extra: { variants: held } });
    }
    await dropVariantStock(tx, gone);
    await tx.delete(variants).where(inArray(variants.id, gone));
  }
  // Free the SKUs of updated variants first, so two variants may swap SKUs in one save.
  for (const v of list) if (v.id !== undefined) await tx.update(variants).set({ sku: `~${v.id}~${randomName().slice(0, 6)}` }).where(eq(variants.id, v.id));
  const storeIds = new Set((await tx.select({ id: stores.id }).from(stores)).map((s) => s.id));
  for (const [i, v] of list.entries()) {
    const values = {
      sku: v.sku,
      options: v.options.map((o): VariantOption => ({ code: o.code, name: full(o.name), value: o.value, label: full(o.label) })),
      priceIndividual: v.price_individual,
      priceLegal: v.price_legal,
      oldPriceIndividual: v.old_price_individual ?? null,
      oldPriceLegal: v.old_price_legal ?? null,
      lowStockThreshold: v.low_stock_threshold ?? null,
      sort: i,
    };
    if (v.id !== undefined) {
      await tx.update(variants).set(values).where(eq(variants.id, v.id));
      continue;
    }
    const [row] = await tx.insert(variants).values({ ...values, productId }).returning({ id: variants.id });
    const stock = v.stock ?? [];
    stock.forEach((s, j) => {
      if (!storeIds.has(s.store_id)) throw new AppError('VALIDATION_FAILED', 422, { fields: { [`variants.${i}.stock.${j}.store_id`]: 'not_found_ref' } });
    });
    const received = await openingStock(tx, row!.id, stock.map((s) => ({ storeId: s.store_id, quantity: s.quantity })), { staffId: ctx.staff.id, at: now });
    // a new variant's opening stock is a movement like any other: audited as the stock dialog's are
    for (const s of received) {
      await audit.record(tx, { staffId: ctx.staff.id }, {
        action: 'stock.move',
        entity: 'variant',
        entityId: row!.id,
        before: { sku: v.sku, store_id: s.storeId, quantity: 0 },
        after: { sku: v.sku, store_id: s.storeId, quantity: s.quantity, reason: 'received' },
      });
    }
  }
  // The product's options (filters and facets) follow its variants.
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));
  const options = new Map<string, typeof productOptions.$inferInsert>();
  for (const v of list) for (const o of v.options) options.set(`${o.code}|${o.value}`, { productId, code: o.code, value: o.value, name: full(o.name), label: full(o.label) });
  if (options.size) await tx.insert(productOptions).values([...options.values()]);
}
