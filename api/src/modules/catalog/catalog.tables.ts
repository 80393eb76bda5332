// The tables catalog owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { type Localized } from '../../i18n/lang.js';
import { brands, categories } from '../content/content.tables.js';

export type AccountType = 'individual' | 'legal';

/** One line of a product's specification table. */
export interface ProductAttribute {
  code: string;
  name: Localized;
  value: Localized;
}

/** One choice of a variant (colour = white); `value` is the stable Latin key used by filters. */
export interface VariantOption {
  code: string;
  name: Localized;
  value: string;
  label: Localized;
}

/**
 * A product. Price, discount and stock columns are denormalised from its variants (kept in
 * step by the catalogue repository) so that filtering and sorting 100 000 products stays fast.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    brandId: integer('brand_id').notNull().references(() => brands.id),
    /** The main category (breadcrumbs); all categories are in product_categories. */
    categoryId: integer('category_id').notNull().references(() => categories.id),
    attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull(),
    /** Media keys, in display order. */
    images: jsonb('images').$type<string[]>().notNull(),
    mxit: text('mxit').notNull(),
    mxitUnit: text('mxit_unit').notNull(),
    vatPercent: integer('vat_percent').notNull().default(12),
    /** Goods under mandatory fiscal marking: each unit sold carries a scanned code on the receipt. */
    marked: boolean('marked').notNull().default(false),
    weightGrams: integer('weight_grams').notNull(),
    /** `archived`: deleted by staff (kept for old orders); like `hidden`, never shown in the shop. */
    status: text('status', { enum: ['active', 'hidden', 'archived'] }).notNull().default('active'),
    /** Null: every account type sees it; otherwise only that one. */
    visibleTo: text('visible_to', { enum: ['individual', 'legal'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last change by staff (or the seed). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    popularity: integer('popularity').notNull().default(0),
    priceIndividual: integer('price_individual').notNull(),
    priceLegal: integer('price_legal').notNull(),
    /** Old (pre-discount) price of the cheapest variant, when discounted. */
    oldPriceIndividual: integer('old_price_individual'),
    oldPriceLegal: integer('old_price_legal'),
    /** Discount of the cheapest variant, whole percent. */
    discountIndividual: integer('discount_individual').notNull().default(0),
    discountLegal: integer('discount_legal').notNull().default(0),
    totalQuantity: integer('total_quantity').notNull().default(0),
    /** Normalised names (3 languages), brand, categories and SKUs; its words fill product_words. */
    searchText: text('search_text').notNull(),
    /** `|name uz|name ru|name en|sku…|`, normalised, for exact and prefix ranking. */
    searchNames: text('search_names').notNull(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_popularity_idx').on(t.popularity),
    index('products_price_individual_idx').on(t.priceIndividual),
    index('products_created_idx').on(t.createdAt),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId, t.productId)],
);

/**
 * The narrow copy of each product that lists, counts and facets read (about 100 bytes a row, so a
 * 100 000-product catalogue filters from memory). Kept in step with products and
 * product_categories by triggers (migration 0003); nothing writes it directly.
 */
export const productListing = pgTable(
  'product_listing',
  {
    productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
    /** The main category and every category of product_categories. */
    categoryIds: integer('category_ids').array().notNull(),
    /** Its variant options as `code=value` (from product_options), for option filters and facets. */
    optionKeys: text('option_keys').array().notNull().default(sql`'{}'::text[]`),
    brandId: integer('brand_id').notNull(),
    active: boolean('active').notNull(),
    visibleTo: text('visible_to', { enum: ['individual', 'legal'] }),
    priceIndividual: integer('price_individual').notNull(),
    priceLegal: integer('price_legal').notNull(),
    discountIndividual: integer('discount_individual').notNull(),
    discountLegal: integer('discount_legal').notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    popularity: integer('popularity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('product_listing_categories_idx').using('gin', t.categoryIds),
    // With INCLUDE (category ids, visibility, stock, discount) since migration 0006.
    index('product_listing_brand_price_idx').on(t.brandId, t.priceIndividual),
    index('product_listing_popularity_idx').on(t.popularity),
    index('product_listing_created_idx').on(t.createdAt),
    index('product_listing_discount_idx').on(t.discountIndividual),
  ],
);

/**
 * Search index: each distinct normalised word of a product's search text, with what ranks and
 * filters a hit — `rank` (stock-holding first, then popularity) and `audience` (0 hidden, 1 every
 * account type, 2 individual only, 3 legal only) — so a search never reads the products to order
 * its candidates. Trigger-maintained (migration 0003). Fuzzy matching runs on the short words of
 * `search_vocabulary`; this table then finds the products, best first.
 */
export const productWords = pgTable(
  'product_words',
  {
    word: text('word').notNull(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    audience: smallint('audience').notNull(),
  },
  (t) => [index('product_words_word_rank_idx').on(t.word, t.rank.desc(), t.productId, t.audience), index('product_words_product_idx').on(t.productId)],
);

/** Every word the catalogue has ever used (a few hundred thousand short strings), with a trigram index. */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_vocabulary_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    // Typos are looked for among words of letters only (a few hundred: kinds, brands, colours);
    // model codes and SKUs (hundreds of thousands, sharing trigrams like "sam") match exactly,
    // by prefix or inside, never by similarity.
    index('search_vocabulary_letters_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).where(sql`${t.word} ~ '^[a-z]+$'`),
    index('search_vocabulary_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    options: jsonb('options').$type<VariantOption[]>().notNull(),
    priceIndividual: integer('price_individual').notNull(),
    priceLegal: integer('price_legal').notNull(),
    oldPriceIndividual: integer('old_price_individual'),
    oldPriceLegal: integer('old_price_legal'),
    sort: integer('sort').notNull().default(0),
    /** Below this many units in a store the variant is "low stock" there; null: LOW_STOCK_THRESHOLD. */
    lowStockThreshold: integer('low_stock_threshold'),
  },
  (t) => [index('variants_product_idx').on(t.productId)],
);

/** Distinct variant options per product, for option filters and their facet counts. */
export const productOptions = pgTable(
  'product_options',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: text('value').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    label: jsonb('label').$type<Localized>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.code, t.value] }), index('product_options_value_idx').on(t.code, t.value, t.productId)],
);

export const relatedProducts = pgTable(
  'related_products',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] })],
);

/** Pictures drawn on first request from an icon, colour and caption (nothing is downloaded). */
export const generatedPictures = pgTable('generated_pictures', {
  key: text('key').primaryKey(),
  icon: text('icon').notNull(),
  background: text('background').notNull(),
  caption: text('caption').notNull(),
});
