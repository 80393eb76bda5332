// The shop's content in an empty database: the seed says what goes in (seed/shop.ts, and the catalogue's
// seed for the category tree, brands, posts and pages), content writes its own tables.
import { type DbOrTx } from '../../db/client.js';
import { blogs, brands, categories, deliveryRegions, deliverySettings, infoPages, slides, stores } from '../../db/schema/index.js';
import { type Localized } from '../../i18n/lang.js';
import { sanitiseArticle } from './article-html.js';

export interface ShopContentSeed {
  stores: Array<typeof stores.$inferInsert>;
  slides: Array<typeof slides.$inferInsert>;
  deliverySettings: typeof deliverySettings.$inferInsert;
  regions: Array<typeof deliveryRegions.$inferInsert>;
}

/** Stores, banners (their pictures already stored), delivery settings and regions; a store, the settings or a region already there stays as it is. */
export async function seedShopContent(db: DbOrTx, seed: ShopContentSeed): Promise<void> {
  await db.insert(stores).values(seed.stores).onConflictDoNothing();
  // one at a time, as the banners are numbered in their order
  for (const slide of seed.slides) await db.insert(slides).values(slide);
  await db.insert(deliverySettings).values(seed.deliverySettings).onConflictDoNothing();
  await db.insert(deliveryRegions).values(seed.regions).onConflictDoNothing();
}

/** A seeded category: its parent by slug, one seeded before it (null: the top level). */
export type CategorySeed = Omit<typeof categories.$inferInsert, 'parentId'> & { parent: string | null };

/** The category tree, parents before children; each slug's id. */
export async function seedCategories(db: DbOrTx, rows: CategorySeed[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { parent, ...c } of rows) {
    const [row] = await db
      .insert(categories)
      .values({ ...c, parentId: parent ? (ids.get(parent) ?? null) : null })
      .returning({ id: categories.id });
    ids.set(c.slug, row!.id);
  }
  return ids;
}

/** The brands; each slug's id. */
export async function seedBrands(db: DbOrTx, rows: Array<typeof brands.$inferInsert>): Promise<Map<string, number>> {
  const inserted = await db.insert(brands).values(rows).returning({ id: brands.id, slug: brands.slug });
  return new Map(inserted.map((b) => [b.slug, b.id]));
}

const sanitised = (body: Localized): Localized => ({ uz: sanitiseArticle(body.uz), ru: sanitiseArticle(body.ru), en: sanitiseArticle(body.en) });

/** Blog posts and information pages, their bodies sanitised as the back office stores them. */
export async function seedArticles(db: DbOrTx, posts: Array<typeof blogs.$inferInsert>, pages: Array<typeof infoPages.$inferInsert>): Promise<void> {
  for (const post of posts) await db.insert(blogs).values({ ...post, body: sanitised(post.body) });
  for (const page of pages) await db.insert(infoPages).values({ ...page, body: sanitised(page.body) });
}
