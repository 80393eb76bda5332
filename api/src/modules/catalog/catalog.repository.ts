import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { type AccountType, type ProductAttribute, type VariantOption } from '../../db/schema/catalog.js';
import { type Localized } from '../../i18n/lang.js';
import { type Sort } from './catalog.schema.js';

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

/** The conditions a filter turns into; `except` leaves one out to count a facet. */
export interface FilterConditions {
  categoryIds?: number[];
  brandSlugs?: string[];
  priceMin?: number;
  priceMax?: number;
  options?: Record<string, string[]>;
  attributes?: Record<string, string[]>;
  inStock?: boolean;
  discounted?: boolean;
  tokens?: string[];
}
export type FacetKey = 'category' | 'brands' | 'price' | `option:${string}`;

/** Column names chosen from a fixed set by account type; never from input. */
export const priceColumn = (account: AccountType) => sql.raw(account === 'legal' ? 'p.price_legal' : 'p.price_individual');
const oldPriceColumn = (account: AccountType) => sql.raw(account === 'legal' ? 'p.old_price_legal' : 'p.old_price_individual');
const discountColumn = (account: AccountType) => sql.raw(account === 'legal' ? 'p.discount_legal' : 'p.discount_individual');

export const visibleTo = (account: AccountType): SQL =>
  sql`p.status = 'active' and (p.visible_to is null or p.visible_to = ${account})`;

/**
 * A search word matches a product when it is inside the normalised text or close to one of
 * its words (pg_trgm word similarity, which the GIN index answers).
 */
export function tokenCondition(token: string): SQL {
  if (token.length < 3) return sql`p.search_text like ${`% ${token}%`}`;
  return sql`(p.search_text like ${`%${token}%`} or ${token} <% p.search_text)`;
}

/**
 * Relevance: exact name/SKU (3 tiers up) > name starts with the query > per word: whole word 3,
 * word prefix 2, otherwise its trigram word similarity (0–1).
 */
export function relevance(tokens: string[], phrase: string): SQL {
  const perToken = tokens.map(
    (t) => sql`(case when p.search_text like ${`% ${t} %`} then 3 when p.search_text like ${`% ${t}%`} then 2 else word_similarity(${t}, p.search_text) end)`,
  );
  const tier = sql`(case when p.search_names like ${`%|${phrase}|%`} then 200 when p.search_names like ${`%|${phrase}%`} then 100 else 0 end)`;
  return perToken.length > 0 ? sql`(${tier} + ${sql.join(perToken, sql` + `)})` : sql`0`;
}

function conditions(f: FilterConditions, account: AccountType, except: FacetKey | null): SQL[] {
  const out: SQL[] = [visibleTo(account)];
  if (f.categoryIds && except !== 'category') {
    out.push(sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id in (${sql.join(f.categoryIds.map((id) => sql`${id}`), sql`, `)}))`);
  }
  if (f.brandSlugs && f.brandSlugs.length > 0 && except !== 'brands') {
    out.push(sql`b.slug in (${sql.join(f.brandSlugs.map((s) => sql`${s}`), sql`, `)})`);
  }
  if (except !== 'price') {
    if (f.priceMin !== undefined) out.push(sql`${priceColumn(account)} >= ${f.priceMin}`);
    if (f.priceMax !== undefined) out.push(sql`${priceColumn(account)} <= ${f.priceMax}`);
  }
  for (const [code, values] of Object.entries(f.options ?? {})) {
    if (values.length === 0 || except === `option:${code}`) continue;
    out.push(sql`exists (select 1 from product_options po where po.product_id = p.id and po.code = ${code} and po.value in (${sql.join(values.map((v) => sql`${v}`), sql`, `)}))`);
  }
  for (const [code, values] of Object.entries(f.attributes ?? {})) {
    if (values.length === 0) continue;
    const any = values.map((v) => sql`p.attributes @> ${JSON.stringify([{ code, value: { en: v } }])}::jsonb`);
    out.push(sql`(${sql.join(any, sql` or `)})`);
  }
  if (f.inStock) out.push(sql`p.total_quantity > 0`);
  if (f.discounted) out.push(sql`${discountColumn(account)} > 0`);
  for (const token of f.tokens ?? []) out.push(tokenCondition(token));
  return out;
}

const where = (conds: SQL[]): SQL => sql.join(conds, sql` and `);

function cardColumns(account: AccountType): SQL {
  return sql`p.id, p.slug, p.name, p.images, ${priceColumn(account)} as price, ${oldPriceColumn(account)} as old_price,
    ${discountColumn(account)} as discount, p.total_quantity, p.popularity, b.slug as brand_slug, b.name as brand_name,
    c.slug as category_slug, c.name as category_name,
    (select count(*)::int from variants v where v.product_id = p.id) as variants_count`;
}

const FROM = sql`products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id`;

function orderBy(sort: Sort, account: AccountType, tokens: string[], phrase: string): SQL {
  switch (sort) {
    case 'relevance':
      return sql`${relevance(tokens, phrase)} desc, (p.total_quantity > 0) desc, p.popularity desc, p.id`;
    case 'popular':
      return sql`p.popularity desc, p.id`;
    case 'new':
      return sql`p.created_at desc, p.id`;
    case 'price_asc':
      return sql`${priceColumn(account)} asc, p.id`;
    case 'price_desc':
      return sql`${priceColumn(account)} desc, p.id`;
    case 'discount':
      return sql`${discountColumn(account)} desc, p.popularity desc, p.id`;
  }
}

/** SQL for the catalogue: categories, brands, product lists with facets, product pages, search. */
export function createCatalogRepository(db: DbOrTx) {
  return {
    categories: () =>
      queryRows<{ id: number; slug: string; parent_id: number | null; sort: number; image: string | null; icon: string | null; name: Localized; description: Localized }>(
        db,
        sql`select id, slug, parent_id, sort, image, icon, name, description from categories order by sort, id`,
      ),

    /** Visible products per category they are directly in. */
    productCountsByCategory: (account: AccountType) =>
      queryRows<{ category_id: number; n: number }>(
        db,
        sql`select pc.category_id, count(*)::int as n from product_categories pc join products p on p.id = pc.product_id
            where ${visibleTo(account)} group by pc.category_id`,
      ),

    brands: (account: AccountType) =>
      queryRows<{ id: number; slug: string; name: string; logo: string | null; n: number }>(
        db,
        sql`select b.id, b.slug, b.name, b.logo, count(p.id)::int as n from brands b
            left join products p on p.brand_id = b.id and ${visibleTo(account)}
            group by b.id order by b.sort, b.name`,
      ),

    async listProducts(f: FilterConditions, account: AccountType, sort: Sort, phrase: string, page: number, perPage: number) {
      const conds = where(conditions(f, account, null));
      const [rows, [count]] = await Promise.all([
        queryRows<ProductCardRow>(
          db,
          sql`select ${cardColumns(account)} from (
                select p.id as pid, row_number() over (order by ${orderBy(sort, account, f.tokens ?? [], phrase)}) as ord
                from ${FROM} where ${conds} order by ord limit ${perPage} offset ${(page - 1) * perPage}
              ) r join ${FROM} on p.id = r.pid order by r.ord`,
        ),
        queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${conds}`),
      ]);
      return { rows, total: count?.n ?? 0 };
    },

    /** Facet counts; each facet ignores its own filter so the shopper sees the alternatives. */
    async facets(f: FilterConditions, account: AccountType) {
      const facetWhere = (key: FacetKey) => where(conditions(f, account, key));
      const optionCodes = Object.keys(f.options ?? {}).filter((c) => (f.options?.[c]?.length ?? 0) > 0);
      const optionQuery = (codeFilter: SQL, key: FacetKey | null) =>
        queryRows<{ code: string; value: string; name: Localized; label: Localized; n: number }>(
          db,
          sql`select po.code, po.value, min(po.name::text)::jsonb as name, min(po.label::text)::jsonb as label, count(*)::int as n
              from product_options po join products p on p.id = po.product_id join brands b on b.id = p.brand_id
              where ${codeFilter} and ${key ? facetWhere(key) : where(conditions(f, account, null))}
              group by po.code, po.value order by po.code, count(*) desc`,
        );
      const [brandRows, categoryRows, [price], plainOptions, ...activeOptions] = await Promise.all([
        queryRows<{ slug: string; name: string; n: number }>(
          db,
          sql`select b.slug, b.name, count(*)::int as n from ${FROM} where ${facetWhere('brands')} group by b.slug, b.name order by n desc, b.name`,
        ),
        queryRows<{ category_id: number; n: number }>(
          db,
          sql`select pc.category_id, count(*)::int as n from ${FROM} join product_categories pc on pc.product_id = p.id
              where ${facetWhere('category')} group by pc.category_id`,
        ),
        queryRows<{ min: number | null; max: number | null }>(
          db,
          sql`select min(${priceColumn(account)})::int as min, max(${priceColumn(account)})::int as max from ${FROM} where ${facetWhere('price')}`,
        ),
        optionQuery(optionCodes.length > 0 ? sql`po.code not in (${sql.join(optionCodes.map((c) => sql`${c}`), sql`, `)})` : sql`true`, null),
        ...optionCodes.map((code) => optionQuery(sql`po.code = ${code}`, `option:${code}`)),
      ]);
      return { brandRows, categoryRows, price: price ?? { min: null, max: null }, optionRows: [...plainOptions, ...activeOptions.flat()] };
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

    /** Cards for the given product ids that this account type may see (unknown ids are skipped). */
    cardsByIds: (ids: number[], account: AccountType) =>
      ids.length === 0
        ? Promise.resolve([] as ProductCardRow[])
        : queryRows<ProductCardRow>(db, sql`select ${cardColumns(account)} from ${FROM} where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and ${visibleTo(account)}`),

    relatedIds: async (productId: number) =>
      (await queryRows<{ related_id: number }>(db, sql`select related_id from related_products where product_id = ${productId} order by sort`)).map((r) => r.related_id),

    variants: (productIds: number[], account: AccountType) =>
      productIds.length === 0
        ? Promise.resolve([] as VariantRow[])
        : queryRows<VariantRow>(
          db,
          sql`select v.id, v.product_id, v.sku, v.options,
                ${sql.raw(account === 'legal' ? 'v.price_legal' : 'v.price_individual')} as price,
                ${sql.raw(account === 'legal' ? 'v.old_price_legal' : 'v.old_price_individual')} as old_price,
                coalesce((select json_agg(json_build_object('store_id', s.store_id, 'quantity', s.quantity) order by s.store_id)
                          from variant_stock s where s.variant_id = v.id), '[]'::json) as stock
              from variants v where v.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
              order by v.product_id, v.sort, v.id`,
        ),

    /** Search box: the best matches by relevance, stock-holding first at equal relevance. */
    search: (tokens: string[], phrase: string, account: AccountType, limit: number, match: 'all' | 'any' = 'all') =>
      queryRows<ProductCardRow & { score: number }>(
        db,
        // Rank ids first and build cards only for the winners: card columns are costly per row.
        sql`select ${cardColumns(account)}, r.score from (
              select p.id as pid, ${relevance(tokens, phrase)} as score, (p.total_quantity > 0) as stocked, p.popularity as pop from products p
              where ${match === 'all' ? where(conditions({ tokens }, account, null)) : sql`${visibleTo(account)} and (${sql.join(tokens.map(tokenCondition), sql` or `)})`}
              order by score desc, stocked desc, pop desc, p.id limit ${limit}
            ) r join ${FROM} on p.id = r.pid order by r.score desc, r.stocked desc, r.pop desc, p.id`,
      ),

    blogs: (page: number, perPage: number) =>
      queryRows<{ id: number; slug: string; title: Localized; excerpt: Localized; cover: string | null; published_at: string; total: number }>(
        db,
        sql`select id, slug, title, excerpt, cover, published_at, count(*) over()::int as total from blogs
            order by published_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      ),

    blogBySlug: async (slug: string) =>
      (await queryRows<{ id: number; slug: string; title: Localized; excerpt: Localized; body: Localized; cover: string | null; published_at: string }>(
        db,
        sql`select id, slug, title, excerpt, body, cover, published_at from blogs where slug = ${slug}`,
      ))[0],

    pageBySlug: async (slug: string) =>
      (await queryRows<{ slug: string; title: Localized; body: Localized }>(db, sql`select slug, title, body from info_pages where slug = ${slug}`))[0],

    pages: () => queryRows<{ slug: string; title: Localized }>(db, sql`select slug, title from info_pages order by slug`),

    picture: async (key: string) =>
      (await queryRows<{ key: string; icon: string; background: string; caption: string }>(db, sql`select key, icon, background, caption from generated_pictures where key = ${key}`))[0],
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
