import { asc, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import {
  generatedPictures, productCategories, productOptions, products, relatedProducts, stores, variants,
} from '../../db/schema/index.js';
import { seedArticles, seedBrands, seedCategories } from '../content/index.js';
import { brandPicture, categoryPicture, type SeedCatalog, type SeedImage, type SeedProduct } from '../../seed/catalog/index.js';
import { seedStock } from '../inventory/index.js';
import { normaliseSearchText } from './search-text.js';

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The denormalised price columns of a product, from its variants (its stock total is inventory's: seedStock). */
function productPrices(p: SeedProduct) {
  const cheapest = [...p.variants].sort((a, b) => a.priceIndividual - b.priceIndividual)[0]!;
  const cheapestLegal = [...p.variants].sort((a, b) => a.priceLegal - b.priceLegal)[0]!;
  const discount = (price: number, old: number | null) => (old && old > price ? Math.round(((old - price) * 100) / old) : 0);
  const legalOld = cheapestLegal.oldPrice ? Math.round((cheapestLegal.oldPrice * cheapestLegal.priceLegal) / cheapestLegal.priceIndividual / 1000) * 1000 : null;
  return {
    priceIndividual: cheapest.priceIndividual,
    priceLegal: cheapestLegal.priceLegal,
    oldPriceIndividual: cheapest.oldPrice,
    oldPriceLegal: legalOld,
    discountIndividual: discount(cheapest.priceIndividual, cheapest.oldPrice),
    discountLegal: discount(cheapestLegal.priceLegal, legalOld),
  };
}

/**
 * Writes a seed catalogue into a database that has no catalogue yet: categories, brands,
 * products with variants, stock in the shop's stores, options, related products, blogs and
 * pages, plus the list of pictures to draw on first request. Returns the number of products.
 */
export async function seedCatalog(db: DbOrTx, catalog: SeedCatalog, log?: (message: string) => void): Promise<number> {
  const storeIds = (await db.select({ id: stores.id }).from(stores).orderBy(asc(stores.sort), asc(stores.id))).map((s) => s.id).slice(0, 3);
  const pictures: SeedImage[] = [];

  // the category tree, the brands, the posts and the pages are content's tables: content writes them
  const categoryIds = await seedCategories(
    db,
    catalog.categories.map((c) => {
      const picture = categoryPicture(c.slug, c.icon, c.color);
      pictures.push(picture);
      return { slug: c.slug, parent: c.parent, sort: c.sort, icon: c.icon, image: picture.file, name: c.name, description: c.description };
    }),
  );
  const parentOf = new Map(catalog.categories.map((c) => [c.slug, c.parent]));
  const categoryBySlug = new Map(catalog.categories.map((c) => [c.slug, c]));

  const brandIds = await seedBrands(
    db,
    catalog.brands.map((b, i) => {
      const picture = brandPicture(b.slug, b.name, b.color);
      pictures.push(picture);
      return { slug: b.slug, name: b.name, logo: picture.file, sort: i };
    }),
  );
  const brandNames = new Map(catalog.brands.map((b) => [b.slug, b.name]));

  const productIds = new Map<string, number>();
  let done = 0;
  for (const batch of chunks(catalog.products)) {
    const rows = await db
      .insert(products)
      .values(batch.map((p) => {
        pictures.push(...p.images);
        const categoryTexts = p.categories.flatMap((slug) => {
          const parent = parentOf.get(slug);
          return [slug, parent].filter((s): s is string => !!s).flatMap((s) => Object.values(categoryBySlug.get(s)?.name ?? {}));
        });
        const skus = p.variants.map((v) => v.sku);
        const names = [p.name.uz, p.name.ru, p.name.en].map(normaliseSearchText);
        return {
          slug: p.slug,
          name: p.name,
          description: p.description,
          brandId: brandIds.get(p.brand)!,
          categoryId: categoryIds.get(p.categories[0]!)!,
          attributes: p.attributes,
          images: p.images.map((i) => i.file),
          mxit: p.mxit,
          mxitUnit: p.mxitUnit,
          vatPercent: p.vatPercent,
          weightGrams: p.weightGrams,
          marked: p.marked,
          status: p.status,
          visibleTo: p.visibleTo,
          createdAt: p.createdAt,
          popularity: p.popularity,
          ...productPrices(p),
          searchText: ` ${normaliseSearchText([...names, brandNames.get(p.brand) ?? '', ...categoryTexts, ...skus, ...p.keywords].join(' '))} `,
          searchNames: `|${[...names, ...skus.map(normaliseSearchText)].join('|')}|`,
        };
      }))
      .returning({ id: products.id, slug: products.slug });
    for (const r of rows) productIds.set(r.slug, r.id);

    await db.insert(productCategories).values(batch.flatMap((p) => p.categories.map((c) => ({ productId: productIds.get(p.slug)!, categoryId: categoryIds.get(c)! }))));
    const options = new Map<string, typeof productOptions.$inferInsert>();
    for (const p of batch) for (const v of p.variants) for (const o of v.options) {
      options.set(`${p.slug}|${o.code}|${o.value}`, { productId: productIds.get(p.slug)!, code: o.code, value: o.value, name: o.name, label: o.label });
    }
    if (options.size > 0) await db.insert(productOptions).values([...options.values()]);

    const variantValues = batch.flatMap((p) =>
      p.variants.map((v, i) => ({
        productId: productIds.get(p.slug)!,
        sku: v.sku,
        options: v.options,
        priceIndividual: v.priceIndividual,
        priceLegal: v.priceLegal,
        oldPriceIndividual: v.oldPrice,
        oldPriceLegal: v.oldPrice ? Math.round((v.oldPrice * v.priceLegal) / v.priceIndividual / 1000) * 1000 : null,
        sort: i,
      })),
    );
    const variantRows = await db.insert(variants).values(variantValues).returning({ id: variants.id, sku: variants.sku });
    const stockBySku = new Map(batch.flatMap((p) => p.variants.map((v) => [v.sku, v.stock] as const)));
    const stockValues = variantRows.flatMap((v) => storeIds.map((storeId, i) => ({ variantId: v.id, storeId, quantity: stockBySku.get(v.sku)?.[i] ?? 0 })));
    await seedStock(db, stockValues, rows.map((r) => r.id));
    done += batch.length;
    if (log && done % 10_000 === 0) log(`catalogue: ${done} products`);
  }

  const related = catalog.products.flatMap((p) =>
    p.related.map((slug, sort) => ({ productId: productIds.get(p.slug)!, relatedId: productIds.get(slug) ?? 0, sort })).filter((r) => r.relatedId > 0),
  );
  for (const part of chunks(related, 2000)) await db.insert(relatedProducts).values(part);

  pictures.push(...catalog.blogs.map((b) => b.cover));
  await seedArticles(
    db,
    catalog.blogs.map((b) => ({ slug: b.slug, title: b.title, excerpt: b.excerpt, body: b.body, cover: b.cover.file, publishedAt: b.publishedAt })),
    catalog.pages.map((p) => ({ slug: p.slug, title: p.title, body: p.body })),
  );

  const uniquePictures = [...new Map(pictures.map((p) => [p.file, p])).values()];
  for (const part of chunks(uniquePictures, 2000)) {
    await db.insert(generatedPictures).values(part.map((p) => ({ key: p.file, icon: p.icon, background: p.background, caption: p.caption }))).onConflictDoNothing();
  }
  return catalog.products.length;
}

/** True when the catalogue tables are empty. */
export async function catalogIsEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products`);
  return Number(row?.n ?? 0) === 0;
}
