import { type SQL, sql } from 'drizzle-orm';
import { sqlList } from '../../db/client.js';
import { type AccountType } from '../../db/schema/index.js';
import { type Sort } from './catalog.schema.js';
import { matchesCte } from './search-sql.js';

/**
 * The SQL of a product list over `product_listing l` (catalog.ts "product_listing"): a filter's conditions
 * (each facet leaving its own out), the search words' join, and the orders a list is sorted by.
 */

/** The conditions a filter turns into; `except` leaves one out to count a facet. */
export interface FilterConditions {
  categoryIds?: number[];
  /** Brand ids (the service resolves slugs; an unknown slug is -1, so nothing matches). */
  brandIds?: number[];
  priceMin?: number;
  priceMax?: number;
  options?: Record<string, string[]>;
  attributes?: Record<string, string[]>;
  inStock?: boolean;
  discounted?: boolean;
  tokens?: string[];
}
export type FacetKey = 'category' | 'brands' | 'price' | `option:${string}`;

/** The same columns on `product_listing l`, which every list, count and facet reads. */
export const listPrice = (account: AccountType) => sql.raw(account === 'legal' ? 'l.price_legal' : 'l.price_individual');
const listDiscount = (account: AccountType) => sql.raw(account === 'legal' ? 'l.discount_legal' : 'l.discount_individual');

export const listVisibleTo = (account: AccountType): SQL => sql`l.active and (l.visible_to is null or l.visible_to = ${account})`;


/** Conditions on `product_listing l`; `except` leaves one out to count its facet. Search words come in through `listed(f)`. */
/** How `product_listing.option_keys` spells an option value (migration 0005). */
const optionKey = (code: string, value: string) => `${code}=${value}`;

/** The brand filter on `l`, or null when the filter has none. */
export function brandCondition(f: FilterConditions): SQL | null {
  return f.brandIds && f.brandIds.length > 0 ? sql`l.brand_id in (${sqlList(f.brandIds)})` : null;
}

/** The price filter on `l` (the account type's price), or null when the filter has none. */
export function priceCondition(f: FilterConditions, account: AccountType): SQL | null {
  const bounds = [
    ...(f.priceMin !== undefined ? [sql`${listPrice(account)} >= ${f.priceMin}`] : []),
    ...(f.priceMax !== undefined ? [sql`${listPrice(account)} <= ${f.priceMax}`] : []),
  ];
  return bounds.length > 0 ? sql.join(bounds, sql` and `) : null;
}

export function conditions(f: FilterConditions, account: AccountType, ...except: FacetKey[]): SQL[] {
  const out: SQL[] = [listVisibleTo(account)];
  if (f.categoryIds && !except.includes('category')) out.push(sql`l.category_ids && array[${sqlList(f.categoryIds)}]::int[]`);
  const brand = brandCondition(f);
  if (brand && !except.includes('brands')) out.push(brand);
  const price = priceCondition(f, account);
  if (price && !except.includes('price')) out.push(price);
  for (const [code, values] of Object.entries(f.options ?? {})) {
    if (values.length === 0 || except.includes(`option:${code}`)) continue;
    out.push(sql`l.option_keys && array[${sqlList(values.map((v) => optionKey(code, v)))}]::text[]`);
  }
  for (const [code, values] of Object.entries(f.attributes ?? {})) {
    if (values.length === 0) continue;
    const any = values.map((v) => sql`pa.attributes @> ${JSON.stringify([{ code, value: { en: v } }])}::jsonb`);
    out.push(sql`exists (select 1 from products pa where pa.id = l.product_id and (${sql.join(any, sql` or `)}))`);
  }
  if (f.inStock) out.push(sql`l.total_quantity > 0`);
  if (f.discounted) out.push(sql`${listDiscount(account)} > 0`);
  return out;
}

export const where = (conds: SQL[]): SQL => sql.join(conds, sql` and `);
/** The rows a list reads: the listing, joined to `search_matches m` when the filter has search words. */
export const listed = (f: FilterConditions): SQL =>
  (f.tokens ?? []).length > 0 ? sql`product_listing l join search_matches m on m.product_id = l.product_id` : sql`product_listing l`;
/** A filter that keeps a small part of the catalogue (a category, brands, an option, search words, a price). */
export const narrows = (f: FilterConditions): boolean =>
  !!f.categoryIds || (f.brandIds ?? []).length > 0 || (f.tokens ?? []).length > 0 || f.priceMin !== undefined || f.priceMax !== undefined ||
  Object.values(f.options ?? {}).some((v) => v.length > 0);

/** A filter of search words alone. */
export const onlyWords = (f: FilterConditions): boolean =>
  (f.tokens ?? []).length > 0 && !f.categoryIds && !(f.brandIds ?? []).length && f.priceMin === undefined && f.priceMax === undefined &&
  !Object.values(f.options ?? {}).some((v) => v.length > 0) && !Object.values(f.attributes ?? {}).some((v) => v.length > 0) && !f.inStock && !f.discounted;
/** `with search_… as (…)` when the filter has search words; `listed(f)` then joins it. */
export const withSearch = (f: FilterConditions, account: AccountType, ...more: SQL[]): SQL => {
  const ctes = [...((f.tokens ?? []).length > 0 ? [matchesCte(f.tokens ?? [], account)] : []), ...more];
  return ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
};

/** Counts per category list → counts per category. */
export function perCategory(groups: Array<{ category_ids: number[]; n: number }>): Array<{ category_id: number; n: number }> {
  const counts = new Map<number, number>();
  for (const g of groups) for (const id of g.category_ids) counts.set(id, (counts.get(id) ?? 0) + g.n);
  return [...counts].map(([category_id, n]) => ({ category_id, n }));
}

/** `rows` in the order of `ids` (rows whose id is not there are dropped). */
export function inOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Order of a list over `product_listing l`; relevance needs `search_matches m`. */
export function orderBy(sort: Sort, account: AccountType): SQL {
  switch (sort) {
    case 'relevance':
      // Word score, then stock and popularity (`m.rank`). The exact-name tier is the search box's:
      // computing it here would read every matching product's names.
      return sql`m.score desc, m.rank desc, m.product_id`;
    case 'popular':
      return sql`l.popularity desc, l.product_id`;
    case 'new':
      return sql`l.created_at desc, l.product_id`;
    case 'price_asc':
      return sql`${listPrice(account)} asc, l.product_id`;
    case 'price_desc':
      return sql`${listPrice(account)} desc, l.product_id`;
    case 'discount':
      return sql`${listDiscount(account)} desc, l.popularity desc, l.product_id`;
  }
}
