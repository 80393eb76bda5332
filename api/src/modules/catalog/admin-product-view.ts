import { type SQL, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, sqlList } from '../../db/client.js';
import { CLOSED_ORDER_STATUSES, brands, categories, products, stores, type variantStock, variants } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { stockOf } from '../inventory/index.js';
import { type AdminProduct, type Visibility } from './admin.schema.js';

/**
 * A product as the back office shows it (the product form, the answers of its saves), and the pieces the
 * other back-office files share: visibility as staff name it, the three-language texts, the variant lines.
 */

type Status = 'active' | 'hidden' | 'archived';
type VisibleTo = 'individual' | 'legal' | null;

export function visibilityOf(status: Status, visibleTo: VisibleTo): Visibility {
  if (status !== 'active') return 'hidden';
  return visibleTo === 'legal' ? 'wholesale' : visibleTo === 'individual' ? 'retail' : 'shown';
}
export function storedVisibility(v: Visibility): { status: 'active' | 'hidden'; visibleTo: VisibleTo } {
  switch (v) {
    case 'shown':
      return { status: 'active', visibleTo: null };
    case 'hidden':
      return { status: 'hidden', visibleTo: null };
    case 'wholesale':
      return { status: 'active', visibleTo: 'legal' };
    case 'retail':
      return { status: 'active', visibleTo: 'individual' };
  }
}
/** SQL condition on `products p` for a visibility. */
export function visibilityCondition(v: Visibility): SQL {
  switch (v) {
    case 'shown':
      return sql`p.status = 'active' and p.visible_to is null`;
    case 'hidden':
      return sql`p.status = 'hidden'`;
    case 'wholesale':
      return sql`p.status = 'active' and p.visible_to = 'legal'`;
    case 'retail':
      return sql`p.status = 'active' and p.visible_to = 'individual'`;
  }
}

export const LANGS = ['uz', 'ru', 'en'] as const;
export const full = (t: Partial<Localized> | undefined): Localized => ({ uz: t?.uz ?? '', ru: t?.ru ?? '', en: t?.en ?? '' });
export function missingLangs(name: Localized, description: Localized): Lang[] {
  return LANGS.filter((l) => !name[l] || !description[l]);
}

/** The stores, in the shop's order, as the product form lists them. */
export async function storeRefs(tx: DbOrTx, lang: Lang = 'uz') {
  return (await tx.select({ id: stores.id, code: stores.slug, name: stores.name }).from(stores).orderBy(asc(stores.sort), asc(stores.id))).map((s) => ({
    id: s.id,
    code: s.code,
    name: pick(s.name, lang),
  }));
}

/** The product `id` with its variants, their stock per store and open orders; 404 when there is none. */
export async function loadProduct(tx: DbOrTx, id: number, lang: Lang, deps: { media: MediaStorage; lowStockThreshold: number }): Promise<AdminProduct> {
  const [row] = await tx
    .select({ p: products, categoryName: categories.name, brandName: brands.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id));
  if (!row) throw notFound();
  const p = row.p;
  const [variantRows, storeList] = await Promise.all([
    tx.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sort), asc(variants.id)),
    storeRefs(tx, lang),
  ]);
  const [stock, held] = variantRows.length
    ? await Promise.all([stockOf(tx, variantRows.map((v) => v.id)), openOrderCounts(tx, variantRows.map((v) => v.id))])
    : [[], new Map<number, number>()];
  const name = full(p.name);
  const description = full(p.description);
  return {
    id: p.id,
    slug: p.slug,
    name,
    description,
    missing_langs: missingLangs(name, description),
    category: { id: p.categoryId, name: pick(row.categoryName, lang) },
    brand: { id: p.brandId, name: row.brandName },
    attributes: p.attributes.map((a) => ({ code: a.code, name: full(a.name), value: full(a.value) })),
    mxik: p.mxit,
    package_code: p.mxitUnit,
    vat_percent: p.vatPercent,
    weight_grams: p.weightGrams,
    marked: p.marked,
    visibility: visibilityOf(p.status, p.visibleTo),
    archived: p.status === 'archived',
    images: p.images.map((key) => ({ key, url: deps.media.url(key) })),
    variants: variantRows.map((v) => variantDto(v, stock, storeList, deps.lowStockThreshold, held.get(v.id) ?? 0)),
    shop_url: `/${lang}/products/${p.slug}`,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/**
 * Per variant, the orders still under way that hold it (not delivered, picked up, completed or cancelled):
 * such a variant cannot be removed from its product until they close (409 VARIANT_IN_OPEN_ORDERS).
 */
export async function openOrderCounts(tx: DbOrTx, variantIds: number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await queryRows<{ variant_id: number; orders: number }>(
    tx,
    sql`select i.variant_id, count(distinct o.id)::int as orders from order_items i join orders o on o.id = i.order_id
        where i.variant_id in (${sqlList(variantIds)}) and o.status not in (${sqlList(CLOSED_ORDER_STATUSES)})
        group by i.variant_id`,
  );
  return new Map(rows.map((r) => [Number(r.variant_id), Number(r.orders)]));
}

/** A variant as the product form and the stock dialog show it: its stock per store (low or not) and its open orders. */
export function variantDto(
  v: typeof variants.$inferSelect,
  stock: Array<typeof variantStock.$inferSelect>,
  storeList: Array<{ id: number; code: string; name: string }>,
  defaultThreshold: number,
  openOrders: number,
) {
  const threshold = v.lowStockThreshold ?? defaultThreshold;
  const lines = storeList.map((store) => {
    const row = stock.find((s) => s.variantId === v.id && s.storeId === store.id);
    return { store, quantity: row?.quantity ?? 0, low: row !== undefined && row.quantity < threshold };
  });
  return {
    id: v.id,
    sku: v.sku,
    options: v.options.map((o) => ({ code: o.code, name: full(o.name), value: o.value, label: full(o.label) })),
    price_individual: v.priceIndividual,
    price_legal: v.priceLegal,
    old_price_individual: v.oldPriceIndividual,
    old_price_legal: v.oldPriceLegal,
    low_stock_threshold: v.lowStockThreshold,
    stock: lines,
    total_quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    open_orders: openOrders,
  };
}

/** What the audit log keeps of a product: the fields staff edit (not the URLs). */
export function auditView(p: AdminProduct): Record<string, unknown> {
  return {
    slug: p.slug,
    name: p.name,
    description: p.description,
    category_id: p.category.id,
    brand_id: p.brand.id,
    attributes: p.attributes,
    mxik: p.mxik,
    package_code: p.package_code,
    vat_percent: p.vat_percent,
    weight_grams: p.weight_grams,
    marked: p.marked,
    visibility: p.visibility,
    archived: p.archived,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.options.map((o) => `${o.code}=${o.value}`),
      price_individual: v.price_individual,
      price_legal: v.price_legal,
      old_price_individual: v.old_price_individual,
      old_price_legal: v.old_price_legal,
      low_stock_threshold: v.low_stock_threshold,
    })),
  };
}

/** Only the fields that changed, before → after. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return [b, a];
}
