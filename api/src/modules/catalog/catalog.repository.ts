import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, sqlList } from '../../db/client.js';
import { type AccountType, type ProductAttribute, type VariantOption } from '../../db/schema/index.js';
import { type Localized } from '../../i18n/lang.js';
import { hasStock } from '../inventory/index.js';
import { type Sort } from './catalog.schema.js';
import { nameTier, poolCte } from './search-sql.js';
import {
  type FacetKey, type FilterConditions, brandCondition, conditions, inOrder, listPrice, listVisibleTo, listed, narrows, onlyWords, orderBy, perCategory, priceCondition, where, withSearch,
} from './listing-sql.js';
import { pricedVariants } from './priced-variants.js';
import { visibleTo } from './visibility.js';

/** What a product list, search or related block needs of one product. */
export interface ProductCardRow {
  id: number;
  slug: string;
  name: Localized;
  images: string[];
  price: number;
  old_price: number | null;
  discount: number;
  total_quantity: number;
  popularity: number;
  brand_slug: string;
  brand_name: string;
  category_slug: string;
  category_name: Localized;
  variants_count: number;
  /** The variant the product page opens on (in stock, then cheapest): what Buy on a card adds. */
  selected_variant: { id: number; sku: string; options: VariantOption[] } | null;
}

export interface ProductRow extends ProductCardRow {
  description: Localized;
  attributes: ProductAttribute[];
  mxit: string;
  mxit_unit: string;
  vat_percent: number;
  weight_grams: number;
  created_at: string;
  category_id: number;
}

export interface VariantRow {
  id: number;
  product_id: number;
  sku: string;
  options: VariantOption[];
  price: number;
  old_price: number | null;
  stock: Array<{ store_id: number; quantity: number }>;
}

/** Column names chosen from a fixed set by account type; never from input. */
export const priceColumn = (account: AccountType) => sql.raw(account === 'legal' ? 'p.price_legal' : 'p.price_individual');
const oldPriceColumn = (account: AccountType) => sql.raw(account === 'legal' ? 'p.old_price_legal' : 'p.old_price_individual');
const discountColumn = (account: AccountType) => sql.raw(account === 'legal' ? 'p.discount_legal' : 'p.discount_individual');

function cardColumns(account: AccountType): SQL {
  return sql`p.id, p.slug, p.name, p.images, ${priceColumn(account)} as price, ${oldPriceColumn(account)} as old_price,
    ${discountColumn(account)} as discount, p.total_quantity, p.popularity, b.slug as brand_slug, b.name as brand_name,
    c.slug as category_slug, c.name as category_name,
    (select count(*)::int from variants v where v.product_id = p.id) as variants_count,
    (select jsonb_build_object('id', v.id, 'sku', v.sku, 'options', v.options) from variants v
       where v.product_id = p.id
       order by ${hasStock(sql`v.id`)} desc,
                ${sql.raw(account === 'legal' ? 'v.price_legal' : 'v.price_individual')}, v.sort, v.id
       limit 1) as selected_variant`;
}

const FROM = sql`products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id`;

/** How many best word matches the search box re-ranks by name (exact/prefix name beats word matches). */
const SEARCH_POOL = 200;

/** SQL for the catalogue: categories, brands, product lists with facets, product pages, search. */
export function createCatalogRepository(db: DbOrTx) {
  /** Cards for the given product ids that this account type may see (unknown ids are skipped). */
  const cardsByIds = (ids: number[], account: AccountType) =>
    ids.length === 0
      ? Promise.resolve([] as ProductCardRow[])
      : queryRows<ProductCardRow>(db, sql`select ${cardColumns(account)} from ${FROM} where p.id in (${sqlList(ids)}) and ${visibleTo(account)}`);

  return {
    categories: () =>
      queryRows<{ id: number; slug: string; parent_id: number | null; sort: number; image: string | null; icon: string | null; name: Localized; description: Localized }>(
        db,
        sql`select id, slug, parent_id, sort, image, icon, name, description from categories order by sort, id`,
      ),

    /** Visible products per category they are in. */
    productCountsByCategory: (account: AccountType) =>
      queryRows<{ category_id: number; n: number }>(
        db,
        sql`select c as category_id, count(*)::int as n from product_listing l, unnest(l.category_ids) c
            where ${listVisibleTo(account)} group by c`,
      ),

    brands: (account: AccountType) =>
      queryRows<{ id: number; slug: string; name: string; logo: string | null; n: number }>(
        db,
        sql`select b.id, b.slug, b.name, b.logo, coalesce(n.n, 0)::int as n from brands b
            left join (select l.brand_id, count(*) as n from product_listing l where ${listVisibleTo(account)} group by l.brand_id) n on n.brand_id = b.id
            order by b.sort, b.name`,
      ),

    /** One page of a list: the ordered ids (an index walk when nothing narrows the list), then their cards. */
    async listProducts(f: FilterConditions, account: AccountType, sort: Sort, page: number, perPage: number) {
      const window = sql`limit ${perPage} offset ${(page - 1) * perPage}`;
      // Only search words (the search results page): the matches already hold visibility and rank.
      const conds = where(conditions(f, account));
      const query = sort === 'relevance' && onlyWords(f)
        ? sql`${withSearch(f, account)}select m.product_id as pid from search_matches m order by ${orderBy(sort, account)} ${window}`
        : sort !== 'relevance' && narrows(f)
          ? // Find the rows first, then order them: left to itself the planner may walk a whole
            // sort-order index (popularity, date) hoping to meet 24 matching rows early.
            sql`${withSearch(f, account, sql`narrowed as materialized (
                  select l.product_id, l.popularity, l.created_at, l.price_individual, l.price_legal, l.discount_individual, l.discount_legal
                  from ${listed(f)} where ${conds}
                )`)}select l.product_id as pid from narrowed l order by ${orderBy(sort, account)} ${window}`
          : sql`${withSearch(f, account)}select l.product_id as pid from ${listed(f)} where ${conds} order by ${orderBy(sort, account)} ${window}`;
      const ids = (await queryRows<{ pid: number }>(db, query)).map((r) => r.pid);
      return inOrder(await cardsByIds(ids, account), ids);
    },


    /** Facet counts; each facet ignores its own filter so the shopper sees the alternatives. */
    /**
     * The total and the facet counts; each facet ignores its own filter so the shopper sees the
     * alternatives. One pass over the rows that match all but the brand and price filters gives
     * the total (both hold), the brand counts (the price holds) and the price range (the brand
     * holds); the categories and each option need their own.
     */
    async facets(f: FilterConditions, account: AccountType) {
      const facetWhere = (...keys: FacetKey[]) => where(conditions(f, account, ...keys));
      const search = withSearch(f, account);
      const brandOk = brandCondition(f) ?? sql`true`;
      const priceOk = priceCondition(f, account) ?? sql`true`;
      const optionCodes = Object.keys(f.options ?? {}).filter((c) => (f.options?.[c]?.length ?? 0) > 0);
      const optionQuery = (codeFilter: SQL, ...keys: FacetKey[]) =>
        queryRows<{ code: string; value: string; name: Localized; label: Localized; n: number }>(
          db,
          // Count the listing's option keys, then read the names once per value.
          sql`${search}select o.code, o.value, t.name, t.label, o.n from (
                select split_part(k, '=', 1) as code, substr(k, strpos(k, '=') + 1) as value, count(*)::int as n
                from ${listed(f)} cross join unnest(l.option_keys) k
                where ${facetWhere(...keys)} and ${codeFilter} group by k
              ) o cross join lateral (
                select x.name, x.label from product_options x where x.code = o.code and x.value = o.value order by x.product_id limit 1
              ) t order by o.code, o.n desc, o.value`,
        );
      const [byBrand, categoryRows, plainOptions, ...activeOptions] = await Promise.all([
        queryRows<{ slug: string; name: string; brand_n: number; total_n: number; min: number | null; max: number | null }>(
          db,
          sql`${search}select b.slug, b.name, n.brand_n, n.total_n, n.min, n.max from (
                select l.brand_id,
                  count(*) filter (where ${priceOk})::int as brand_n,
                  count(*) filter (where ${brandOk} and ${priceOk})::int as total_n,
                  min(${listPrice(account)}) filter (where ${brandOk})::int as min,
                  max(${listPrice(account)}) filter (where ${brandOk})::int as max
                from ${listed(f)} where ${facetWhere('brands', 'price')} group by l.brand_id
              ) n join brands b on b.id = n.brand_id order by n.brand_n desc, b.name`,
        ),
        // Grouped by the whole category list (most products have one): far fewer rows to hash
        // than one per membership; the caller adds each group's count to each of its categories.
        queryRows<{ category_ids: number[]; n: number }>(
          db,
          sql`${search}select l.category_ids, count(*)::int as n from ${listed(f)} where ${facetWhere('category')} group by l.category_ids`,
        ),
        optionQuery(optionCodes.length > 0 ? sql`split_part(k, '=', 1) not in (${sqlList(optionCodes)})` : sql`true`),
        ...optionCodes.map((code) => optionQuery(sql`split_part(k, '=', 1) = ${code}`, `option:${code}`)),
      ]);
      const prices = byBrand.flatMap((b) => (b.min === null || b.max === null ? [] : [b]));
      return {
        total: byBrand.reduce((sum, b) => sum + b.total_n, 0),
        brandRows: byBrand.filter((b) => b.brand_n > 0).map((b) => ({ slug: b.slug, name: b.name, n: b.brand_n })),
        categoryRows: perCategory(categoryRows),
        price: {
          min: prices.length > 0 ? Math.min(...prices.map((b) => b.min!)) : null,
          max: prices.length > 0 ? Math.max(...prices.map((b) => b.max!)) : null,
        },
        optionRows: [...plainOptions, ...activeOptions.flat()],
      };
    },

    async productBySlug(slug: string, account: AccountType): Promise<ProductRow | undefined> {
      const [row] = await queryRows<ProductRow>(
        db,
        sql`select ${cardColumns(account)}, p.description, p.attributes, p.mxit, p.mxit_unit, p.vat_percent, p.weight_grams,
              p.created_at, p.category_id
            from ${FROM} where p.slug = ${slug} and ${visibleTo(account)}`,
      );
      return row;
    },

    cardsByIds,

    relatedIds: async (productId: number) =>
      (await queryRows<{ related_id: number }>(db, sql`select related_id from related_products where product_id = ${productId} order by sort`)).map((r) => r.related_id),

    /** The variants of these products, priced for the account type, with their stock per store. */
    variants: async (productIds: number[], account: AccountType): Promise<VariantRow[]> =>
      (await pricedVariants(db, productIds, account, 'all')).map((v) => ({
        id: v.variant_id,
        product_id: v.product_id,
        sku: v.sku,
        options: v.options,
        price: v.price,
        old_price: v.old_price,
        stock: v.stock,
      })),

    /**
     * Search box: the best word matches (stock-holding and popular first at equal score), then
     * those re-ranked with the exact/prefix name tier.
     */
    search: (tokens: string[], phrase: string, account: AccountType, limit: number, match: 'all' | 'any' = 'all') =>
      queryRows<ProductCardRow & { score: number }>(
        db,
        sql`with ${poolCte(tokens, account, match, SEARCH_POOL)},
            ranked as (
              select sp.product_id as pid, sp.score + ${nameTier(phrase)} as score, sp.rank
              from search_pool sp join products p on p.id = sp.product_id
              order by score desc, sp.rank desc, sp.product_id limit ${limit}
            )
            select ${cardColumns(account)}, r.score from ranked r join ${FROM} on p.id = r.pid
            order by r.score desc, r.rank desc, p.id`,
      ),

    blogs: (page: number, perPage: number) =>
      queryRows<{ id: number; slug: string; title: Localized; excerpt: Localized; cover: string | null; published_at: string; total: number }>(
        db,
        sql`select id, slug, title, excerpt, cover, published_at, count(*) over()::int as total from blogs
            where published_at is not null
            order by published_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      ),

    blogBySlug: async (slug: string) =>
      (await queryRows<{ id: number; slug: string; title: Localized; excerpt: Localized; body: Localized; cover: string | null; published_at: string }>(
        db,
        sql`select id, slug, title, excerpt, body, cover, published_at from blogs where slug = ${slug} and published_at is not null`,
      ))[0],

    pageBySlug: async (slug: string) =>
      (await queryRows<{ slug: string; title: Localized; body: Localized }>(db, sql`select slug, title, body from info_pages where slug = ${slug} and published`))[0],

    pages: () => queryRows<{ slug: string; title: Localized }>(db, sql`select slug, title from info_pages where published order by slug`),

    picture: async (key: string) =>
      (await queryRows<{ key: string; icon: string; background: string; caption: string }>(db, sql`select key, icon, background, caption from generated_pictures where key = ${key}`))[0],
  };
}

export { type FilterConditions, inOrder } from './listing-sql.js';

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
