import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { type Localized } from '../../i18n/lang.js';
import { normaliseSearchText } from './search-text.js';

/**
 * Keeps a product's denormalised columns in step with its variants, names, brand and categories
 * (catalog.ts "products"): the cheapest prices, old prices and discounts, and the search text (the stock
 * total is inventory's: refreshProductTotals). The catalogue's triggers (migration 0003) then refresh
 * product_listing, product_words and search_vocabulary in the same transaction, so lists, facets and search
 * follow the change at once.
 */

/**
 * Recomputes prices and discounts of these products from their variants, in one statement; a product whose
 * prices moved is stamped changed at `now`.
 */
export async function refreshProductPrices(tx: DbOrTx, productIds: number[], now: Date): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  // One array parameter, however many products (an import may touch thousands).
  const part = sql`select unnest(${sql.param(ids)}::int[])`;
  await tx.execute(sql`
      update products p set
        price_individual = t.pi, old_price_individual = t.opi, discount_individual = t.di,
        price_legal = t.pl, old_price_legal = t.opl, discount_legal = t.dl, updated_at = ${now}
      from (
        select ci.product_id, ci.price_individual as pi,
               case when ci.old_price_individual > ci.price_individual then ci.old_price_individual end as opi,
               case when ci.old_price_individual > ci.price_individual
                    then round((ci.old_price_individual - ci.price_individual) * 100.0 / ci.old_price_individual)::int else 0 end as di,
               cl.price_legal as pl,
               case when cl.old_price_legal > cl.price_legal then cl.old_price_legal end as opl,
               case when cl.old_price_legal > cl.price_legal
                    then round((cl.old_price_legal - cl.price_legal) * 100.0 / cl.old_price_legal)::int else 0 end as dl
        from (select distinct on (product_id) product_id, price_individual, old_price_individual from variants
              where product_id in (${part}) order by product_id, price_individual, sort, id) ci
        join (select distinct on (product_id) product_id, price_legal, old_price_legal from variants
              where product_id in (${part}) order by product_id, price_legal, sort, id) cl on cl.product_id = ci.product_id
      ) t
      where p.id = t.product_id and (
        p.price_individual, p.old_price_individual, p.discount_individual, p.price_legal, p.old_price_legal, p.discount_legal
      ) is distinct from (t.pi, t.opi, t.di, t.pl, t.opl, t.dl)`);
}

/** Stamps these products changed by staff at `now` (their stock total moved: a stock move, an import). */
export async function touchProducts(tx: DbOrTx, productIds: readonly number[], now: Date): Promise<void> {
  if (productIds.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`update products set updated_at = ${at} where id = any(${sql.param([...productIds])}::int[]) and updated_at is distinct from ${at}`);
}

interface SearchSource {
  name: Localized;
  brand: string;
  categoryTexts: string[];
  skus: string[];
}

async function searchSource(tx: DbOrTx, productId: number): Promise<SearchSource | undefined> {
  const [row] = await queryRows<{ name: Localized; brand: string; category_texts: string[] | null; skus: string[] | null }>(
    tx,
    sql`with cats as (select category_id as id from product_categories where product_id = ${productId}
                      union select category_id from products where id = ${productId}),
             all_cats as (select id from cats union select c.parent_id from categories c join cats on cats.id = c.id where c.parent_id is not null)
        select p.name, b.name as brand,
          (select array_agg(v.t) from all_cats a join categories c on c.id = a.id
             cross join lateral (values (c.name->>'uz'), (c.name->>'ru'), (c.name->>'en')) v(t)) as category_texts,
          (select array_agg(v.sku order by v.sort, v.id) from variants v where v.product_id = p.id) as skus
        from products p join brands b on b.id = p.brand_id where p.id = ${productId}`,
  );
  return row ? { name: row.name, brand: row.brand, categoryTexts: (row.category_texts ?? []).filter(Boolean), skus: row.skus ?? [] } : undefined;
}

/** The words the shop derives from a product (names, brand, categories, SKUs), as the seed writes them. */
function baseWords(s: SearchSource): string[] {
  const names = [s.name.uz, s.name.ru, s.name.en];
  return normaliseSearchText([...names, s.brand, ...s.categoryTexts, ...s.skus].join(' ')).split(' ').filter(Boolean);
}

/**
 * The product's own extra search words (the seed's keywords: synonyms, misspellings), i.e. its search
 * text minus what its names, brand, categories and SKUs give. Read before a change, kept after it.
 */
export async function extraSearchWords(tx: DbOrTx, productId: number): Promise<string[]> {
  const source = await searchSource(tx, productId);
  const [row] = await queryRows<{ search_text: string }>(tx, sql`select search_text from products where id = ${productId}`);
  if (!source || !row) return [];
  const base = new Set(baseWords(source));
  return [...new Set(row.search_text.split(' ').filter((w) => w && !base.has(w)))];
}

/** Writes the product's search text and names from its current rows, plus `extra` words. */
export async function refreshSearchText(tx: DbOrTx, productId: number, extra: string[]): Promise<void> {
  const source = await searchSource(tx, productId);
  if (!source) return;
  const names = [source.name.uz, source.name.ru, source.name.en].map(normaliseSearchText);
  const words = [...new Set([...baseWords(source), ...extra])];
  const searchText = ` ${words.join(' ')} `;
  const searchNames = `|${[...names, ...source.skus.map(normaliseSearchText)].join('|')}|`;
  await tx.execute(sql`update products set search_text = ${searchText}, search_names = ${searchNames}
    where id = ${productId} and (search_text, search_names) is distinct from (${searchText}, ${searchNames})`);
}
