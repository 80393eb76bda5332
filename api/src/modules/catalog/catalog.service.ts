import { pageMeta } from '../../http/validation.js';
import { type Db } from '../../db/client.js';
import { type AccountType } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type CatalogRepository, type FilterConditions, createCatalogRepository, inOrder } from './catalog.repository.js';
import { productCard, productDetail } from './catalog.dto.js';
import { type CategoryNodeDto, type ProductFilter, type Sort } from './catalog.schema.js';
import { type CategoryIndex, type SlideDto, categoryIndex } from '../content/index.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import { type Metrics } from '../../lib/metrics.js';
import { matchTokens, normaliseSearchText, searchTokens } from './search-text.js';
import { createPictureSource } from './pictures.js';
import { queryRows } from '../../db/client.js';
import { sql } from 'drizzle-orm';

/** How other modules read priced variants (the cart, orders): through the catalogue, which owns them. */

/** How long the category tree and the per-category and per-brand counts are reused. */
const CATALOGUE_CACHE_MS = 30_000;

/** Home-page banners come from the content module; the catalogue only passes them through. */
type SlidesSource = (lang: Lang) => Promise<SlideDto[]>;

export interface CatalogContext {
  lang: Lang;
  account: AccountType;
}

/** The catalogue as the storefront reads it: categories, product lists with facets, product pages, search. */
export function createCatalogService(deps: { db: Db; media: MediaStorage; slides: SlidesSource; lineMaxQty: Record<AccountType, number>; metrics?: Metrics }) {
  const repo: CatalogRepository = createCatalogRepository(deps.db);
  const { media } = deps;
  /** Counts each cache's hits and misses (bozor_api_cache_lookups_total). */
  const counted = (cache: string) => ({ onLookup: (hit: boolean) => deps.metrics?.cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' }) });
  // Whole-catalogue figures follow the catalogue, not the request: each API process reads them at
  // most every CATALOGUE_CACHE_MS (a new category or a count shows within that time).
  const categoriesCache = ttlCache(CATALOGUE_CACHE_MS, async () => categoryIndex(await repo.categories()), counted('categories'));
  const loadCategories = (): Promise<CategoryIndex> => categoriesCache('all');
  const categoryCounts = ttlCache(CATALOGUE_CACHE_MS, (account: AccountType) => repo.productCountsByCategory(account), counted('category_counts'));
  const brandCounts = ttlCache(CATALOGUE_CACHE_MS, (account: AccountType) => repo.brands(account), counted('brands'));
  const storeSlugs = async () =>
    new Map((await queryRows<{ id: number; slug: string }>(deps.db, sql`select id, slug from stores`)).map((s) => [s.id, s.slug]));

  async function categoryTree(ctx: CatalogContext) {
    const [index, counts] = await Promise.all([loadCategories(), categoryCounts(ctx.account)]);
    const totals = index.rollUp(new Map(counts.map((c) => [c.category_id, c.n])));
    const node = (id: number | null): CategoryNodeDto[] =>
      (index.children.get(id) ?? []).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: pick(c.name, ctx.lang),
        description: pick(c.description, ctx.lang),
        image_url: c.image ? media.url(c.image) : null,
        icon: c.icon,
        products_count: totals.get(c.id) ?? 0,
        children: node(c.id),
      }));
    return node(null);
  }

  /** The filter's conditions: the category with its descendants, the query's search words. */
  function filterConditions(filter: Partial<ProductFilter>, index: CategoryIndex, brandIds: Map<string, number>): FilterConditions {
    let categoryIds: number[] | undefined;
    if (filter.category) {
      const category = index.bySlug.get(filter.category);
      // An unknown category is an empty shelf, not an error: links outlive categories.
      categoryIds = category ? index.descendants(category.id) : [-1];
    }
    const tokens = filter.q ? matchTokens(searchTokens(filter.q)) : [];
    // A query of symbols alone ("???", "%") has no word to look for: it finds nothing, as the search box's
    // suggestions do, rather than every product.
    if (filter.q?.trim() && tokens.length === 0) categoryIds = [-1];
    return {
      categoryIds,
      brandIds: filter.brands?.map((slug) => brandIds.get(slug) ?? -1),
      priceMin: filter.price_min,
      priceMax: filter.price_max,
      options: filter.options,
      attributes: filter.attributes,
      inStock: filter.in_stock,
      discounted: filter.discounted,
      tokens,
    };
  }

  // The total and the facets depend on the filter, not on the page or the order: paging and
  // re-sorting reuse them (for CATALOGUE_CACHE_MS at most).
  const summaries = ttlCache(
    CATALOGUE_CACHE_MS,
    ({ conditions, account }: { conditions: FilterConditions; account: AccountType }) => repo.facets(conditions, account),
    { keyOf: (k) => JSON.stringify(k), maxEntries: 500, ...counted('facets') },
  );

  /** Brand slug → id (brands are few and change rarely; the same 30 s cache as their counts). */
  const brandIdsBySlug = async () => new Map((await brandCounts('individual')).map((b) => [b.slug, b.id]));

  async function listProducts(filter: ProductFilter, ctx: CatalogContext) {
    const [index, brandIds] = await Promise.all([loadCategories(), brandIdsBySlug()]);
    const conditions = filterConditions(filter, index, brandIds);
    const searching = (conditions.tokens ?? []).length > 0;
    const sort = filter.sort ?? (searching ? 'relevance' : 'popular');
    const [rows, facets] = await Promise.all([
      repo.listProducts(conditions, ctx.account, sort === 'relevance' && !searching ? 'popular' : sort, filter.page, filter.per_page),
      summaries({ conditions, account: ctx.account }),
    ]);
    const categoryTotals = index.rollUp(new Map(facets.categoryRows.map((r) => [r.category_id, r.n])));
    const options = new Map<string, { code: string; name: string; values: Array<{ value: string; label: string; count: number }> }>();
    for (const o of facets.optionRows) {
      const entry = options.get(o.code) ?? { code: o.code, name: pick(o.name, ctx.lang), values: [] };
      entry.values.push({ value: o.value, label: pick(o.label, ctx.lang), count: o.n });
      options.set(o.code, entry);
    }
    return {
      data: rows.map((r) => productCard(r, ctx.lang, media)),
      meta: { ...pageMeta(filter.page, filter.per_page, facets.total), sort },
      facets: {
        brands: facets.brandRows.map((b) => ({ slug: b.slug, name: b.name, count: b.n })),
        price: { min: facets.price.min, max: facets.price.max },
        options: [...options.values()],
        categories: [...index.byId.values()]
          .filter((c) => (categoryTotals.get(c.id) ?? 0) > 0)
          .map((c) => ({ slug: c.slug, name: pick(c.name, ctx.lang), parent: c.parent_id !== null ? (index.byId.get(c.parent_id)?.slug ?? null) : null, count: categoryTotals.get(c.id) ?? 0 })),
      },
    };
  }

  async function product(slug: string, ctx: CatalogContext, withRelateds: boolean) {
    const row = await repo.productBySlug(slug, ctx.account);
    if (!row) throw notFound();
    const [variants, index, stores, relatedIds] = await Promise.all([
      repo.variants([row.id], ctx.account),
      loadCategories(),
      storeSlugs(),
      withRelateds ? repo.relatedIds(row.id) : Promise.resolve([]),
    ]);
    const breadcrumbs = index.path(row.category_id).map((c) => ({ slug: c.slug, name: pick(c.name, ctx.lang) }));
    const relatedRows = inOrder(await repo.cardsByIds(relatedIds, ctx.account), relatedIds);
    return {
      product: productDetail(row, variants, breadcrumbs, ctx.lang, media, stores, deps.lineMaxQty[ctx.account]),
      ...(withRelateds ? { relateds: relatedRows.map((r) => productCard(r, ctx.lang, media)) } : {}),
    };
  }

  /** The variants of these products, priced for the account type, with their stock per store (availability reads them here). */
  const variants = (productIds: number[], account: AccountType) => repo.variants(productIds, account);

  /** Product cards by id, in the order asked (favourites, recently viewed); unknown and hidden ones left out. */
  async function cards(ids: number[], ctx: CatalogContext) {
    const unique = [...new Set(ids)];
    return inOrder(await repo.cardsByIds(unique, ctx.account), unique).map((r) => productCard(r, ctx.lang, media));
  }

  async function search(q: string, limit: number, ctx: CatalogContext) {
    const tokens = matchTokens(searchTokens(q));
    const phrase = normaliseSearchText(q);
    if (tokens.length === 0) return { data: [], categories: [], brands: [], meta: { q, total: 0 } };
    const [allWords, index, brandRows] = await Promise.all([repo.search(tokens, phrase, ctx.account, limit), loadCategories(), brandCounts(ctx.account)]);
    // A word the catalogue does not know ("smart") should not hide what the other words find.
    const rows = allWords.length === 0 && tokens.length > 1 ? await repo.search(tokens, phrase, ctx.account, limit, 'any') : allWords;
    const words = (text: string) => normaliseSearchText(text).split(' ');
    const matches = (texts: string[]) => tokens.every((t) => texts.some((text) => words(text).some((w) => w.startsWith(t))));
    const categories = [...index.byId.values()]
      .filter((c) => matches([c.name.uz, c.name.ru, c.name.en]))
      .slice(0, 5)
      .map((c) => ({ slug: c.slug, name: pick(c.name, ctx.lang), image_url: c.image ? media.url(c.image) : null }));
    const brands = brandRows
      .filter((b) => b.n > 0 && matches([b.name, b.slug]))
      .slice(0, 5)
      .map((b) => ({ slug: b.slug, name: b.name, logo_url: b.logo ? media.url(b.logo) : null }));
    return { data: rows.map((r) => productCard(r, ctx.lang, media)), categories, brands, meta: { q, total: rows.length } };
  }

  async function brandList(ctx: CatalogContext) {
    const rows = await brandCounts(ctx.account);
    return rows.map((b) => ({ id: b.id, slug: b.slug, name: b.name, logo_url: b.logo ? media.url(b.logo) : null, products_count: b.n }));
  }

  async function blogList(page: number, perPage: number, lang: Lang) {
    const rows = await repo.blogs(page, perPage);
    const total = rows[0]?.total ?? 0;
    return {
      data: rows.map((b) => ({
        id: b.id,
        slug: b.slug,
        title: pick(b.title, lang),
        excerpt: pick(b.excerpt, lang),
        cover_url: b.cover ? media.url(b.cover) : null,
        published_at: new Date(b.published_at).toISOString(),
      })),
      meta: pageMeta(page, perPage, total),
    };
  }

  async function blog(slug: string, lang: Lang) {
    const b = await repo.blogBySlug(slug);
    if (!b) throw notFound();
    return {
      id: b.id,
      slug: b.slug,
      title: pick(b.title, lang),
      excerpt: pick(b.excerpt, lang),
      body: pick(b.body, lang),
      cover_url: b.cover ? media.url(b.cover) : null,
      published_at: new Date(b.published_at).toISOString(),
    };
  }

  async function page(slug: string, lang: Lang) {
    const p = await repo.pageBySlug(slug);
    if (!p) throw notFound();
    return { slug: p.slug, title: pick(p.title, lang), body: pick(p.body, lang) };
  }

  async function home(ctx: CatalogContext) {
    const [index, brandIds] = await Promise.all([loadCategories(), brandIdsBySlug()]);
    const section = async (filter: Partial<ProductFilter>, sort: Sort) =>
      (await repo.listProducts(filterConditions(filter, index, brandIds), ctx.account, sort, 1, 12)).map((r) => productCard(r, ctx.lang, media));
    const [slides, categories, newest, popular, discounted, brands, blogs] = await Promise.all([
      deps.slides(ctx.lang),
      categoryTree(ctx),
      section({ in_stock: true }, 'new'),
      section({ in_stock: true }, 'popular'),
      section({ discounted: true, in_stock: true }, 'discount'),
      brandList(ctx),
      blogList(1, 3, ctx.lang),
    ]);
    return {
      slides,
      categories,
      sections: [
        { key: 'new' as const, products: newest },
        { key: 'popular' as const, products: popular },
        { key: 'discounted' as const, products: discounted },
      ],
      brands: brands.filter((b) => b.products_count > 0),
      blogs: blogs.data,
    };
  }

  const picture = createPictureSource({ repo, media });
  /**
   * Forgets this process's catalogue caches (tree, counts, brands, facets) after a back-office change, so
   * the change shows here at once; other API processes follow within CATALOGUE_CACHE_MS.
   */
  function invalidate(): void {
    for (const cache of [categoriesCache, categoryCounts, brandCounts, summaries]) cache.clear();
  }

  return { categoryTree, listProducts, product, variants, cards, search, brandList, blogList, blog, page, home, picture, repo, invalidate };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
