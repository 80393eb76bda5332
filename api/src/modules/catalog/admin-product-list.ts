import { type SQL, asc, sql } from 'drizzle-orm';
import { type Db, queryRows, sqlList } from '../../db/client.js';
import { brands, categories } from '../../db/schema/index.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { hasLowStock } from '../inventory/index.js';
import { type ProductsQuery } from './admin.schema.js';
import { LANGS, full, missingLangs, storeRefs, visibilityCondition, visibilityOf } from './admin-product-view.js';
import { matchesCte } from './search-sql.js';
import { matchTokens, searchTokens } from './search-text.js';

type Status = 'active' | 'hidden' | 'archived';
type VisibleTo = 'individual' | 'legal' | null;

/** The back office's product list (its search and filters) and what the product form picks from. */
export function createAdminProductList(deps: { db: Db; media: MediaStorage; lowStockThreshold: number }) {
  const { db } = deps;

  async function list(query: ProductsQuery, lang: Lang) {
    const where: SQL[] = [query.archived ? sql`p.status = 'archived'` : sql`p.status <> 'archived'`];
    if (query.brand_id) where.push(sql`p.brand_id = ${query.brand_id}`);
    if (query.category_id) {
      const all = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
      const ids = new Set([query.category_id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const c of all) {
          if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.id)) {
            ids.add(c.id);
            grew = true;
          }
        }
      }
      where.push(sql`exists (select 1 from product_listing l where l.product_id = p.id and l.category_ids && array[${sqlList([...ids])}]::int[])`);
    }
    if (query.visibility) where.push(visibilityCondition(query.visibility));
    const lowExists = hasLowStock(sql`p.id`, deps.lowStockThreshold);
    if (query.stock === 'none') where.push(sql`p.total_quantity = 0`);
    if (query.stock === 'low') where.push(sql`p.total_quantity > 0 and ${lowExists}`);
    if (query.stock === 'in_stock') where.push(sql`p.total_quantity > 0 and not ${lowExists}`);
    if (query.missing_lang) {
      const langs = query.missing_lang === 'any' ? LANGS : [query.missing_lang];
      where.push(sql`(${sql.join(langs.map((l) => sql`coalesce(p.name->>${l}, '') = '' or coalesce(p.description->>${l}, '') = ''`), sql` or `)})`);
    }
    const tokens = query.q ? matchTokens(searchTokens(query.q)) : [];
    const searching = tokens.length > 0;
    const from = searching ? sql`search_matches m join products p on p.id = m.product_id` : sql`products p`;
    const withSearch = searching ? sql`with ${matchesCte(tokens, 'staff')} ` : sql``;
    const cond = sql.join(where, sql` and `);
    const order = searching && !query.sort
      ? sql`m.score desc, m.rank desc, p.id desc`
      : query.sort === 'name'
        ? sql`p.name->>${lang} asc, p.id`
        : query.sort === 'price'
          ? sql`p.price_individual asc, p.id`
          : query.sort === 'stock'
            ? sql`p.total_quantity asc, p.id`
            : sql`p.created_at desc, p.id desc`;
    const [rows, [count]] = await Promise.all([
      queryRows<{
        id: number; slug: string; name: Localized; description: Localized; images: string[]; category_id: number; category_name: Localized;
        brand_id: number; brand_name: string; status: Status; visible_to: VisibleTo; price_individual: number; price_legal: number;
        variants_count: number; skus: string[] | null; total_quantity: number; low: boolean; updated_at: string;
      }>(
        db,
        sql`${withSearch}select p.id, p.slug, p.name, p.description, p.images, p.category_id, c.name as category_name, p.brand_id, b.name as brand_name,
              p.status, p.visible_to, p.price_individual, p.price_legal, p.total_quantity, p.updated_at,
              (select count(*)::int from variants v where v.product_id = p.id) as variants_count,
              (select array_agg(x.sku) from (select v.sku from variants v where v.product_id = p.id order by v.sort, v.id limit 5) x) as skus,
              ${lowExists} as low
            from ${from} join categories c on c.id = p.category_id join brands b on b.id = p.brand_id
            where ${cond} order by ${order} limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
      ),
      queryRows<{ n: number }>(db, sql`${withSearch}select count(*)::int as n from ${from} where ${cond}`),
    ]);
    return {
      data: rows.map((r) => {
        const name = full(r.name);
        return {
          id: r.id,
          slug: r.slug,
          name: pick(name, lang),
          missing_langs: missingLangs(name, full(r.description)),
          image_url: r.images[0] ? deps.media.url(r.images[0]) : null,
          category: { id: r.category_id, name: pick(r.category_name, lang) },
          brand: { id: r.brand_id, name: r.brand_name },
          visibility: visibilityOf(r.status, r.visible_to),
          archived: r.status === 'archived',
          price_individual: r.price_individual,
          price_legal: r.price_legal,
          variants_count: r.variants_count,
          skus: r.skus ?? [],
          total_quantity: r.total_quantity,
          stock_state: r.total_quantity === 0 ? ('none' as const) : r.low ? ('low' as const) : ('in_stock' as const),
          updated_at: new Date(r.updated_at).toISOString(),
        };
      }),
      meta: pageMeta(query.page, query.per_page, Number(count?.n ?? 0)),
    };
  }

  async function lookups(lang: Lang) {
    const [cats, brandRows, storeList] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
      db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
      storeRefs(db, lang),
    ]);
    const byId = new Map(cats.map((c) => [c.id, c]));
    const path = (id: number): string => {
      const names: string[] = [];
      for (let c = byId.get(id), depth = 0; c && depth < 20; c = c.parentId !== null ? byId.get(c.parentId) : undefined, depth++) names.unshift(pick(c.name, lang));
      return names.join(' / ');
    };
    return {
      categories: cats.map((c) => ({ id: c.id, parent_id: c.parentId, name: pick(c.name, lang), path: path(c.id) })).sort((a, b) => a.path.localeCompare(b.path)),
      brands: brandRows,
      stores: storeList,
      low_stock_threshold: deps.lowStockThreshold,
    };
  }

  return { list, lookups };
}
