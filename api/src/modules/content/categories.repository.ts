import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { categories } from '../../db/schema/index.js';

export type CategoryRow = typeof categories.$inferSelect;

/**
 * A product with its main category and each extra one. These read the catalogue's `products` and
 * `product_categories` (only read: a category's products block its delete and are counted in the list).
 */
const PRODUCT_CATEGORY_PAIRS = sql`select id as product_id, category_id from products union all select product_id, category_id from product_categories`;

/** SQL for the category tree; content is the only writer of `categories`. */
export function createCategoryRepository(db: DbOrTx) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    /** Every category, siblings in their order. */
    list: () => db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    /** Every category's parent. */
    parents: () => db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
    find: async (id: number) => first(await db.select().from(categories).where(eq(categories.id, id))),
    /** The row, locked until the transaction ends. */
    lock: async (id: number) => first(await db.select().from(categories).where(eq(categories.id, id)).for('update')),
    exists: async (id: number) => (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))).length > 0,
    /** True when another category (not `exceptId`) has `slug`. */
    slugUsed: async (slug: string, exceptId?: number) =>
      (await db
        .select({ id: categories.id })
        .from(categories)
        .where(exceptId === undefined ? eq(categories.slug, slug) : and(eq(categories.slug, slug), ne(categories.id, exceptId)))).length > 0,
    hasChildren: async (id: number) => (await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id))).length > 0,
    /** The highest `sort` among the children of `parentId` (null: the top level), 0 without any. */
    lastSort: async (parentId: number | null) => {
      const [row] = await db
        .select({ sort: sql<number>`coalesce(max(${categories.sort}), 0)::int` })
        .from(categories)
        .where(parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, parentId));
      return row?.sort ?? 0;
    },
    insert: async (values: typeof categories.$inferInsert) => (await db.insert(categories).values(values).returning())[0]!,
    update: async (id: number, values: Partial<typeof categories.$inferInsert>) => first(await db.update(categories).set(values).where(eq(categories.id, id)).returning()),
    remove: async (id: number) => {
      await db.delete(categories).where(eq(categories.id, id));
    },
    /** One move of the tree at a time, until the transaction ends: two moves into each other could otherwise make a cycle. */
    lockTree: async () => {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('categories.tree'))`);
    },
    /** Products whose main or extra category `id` is. */
    directCount: async (id: number) => {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(distinct product_id)::int as n from (${PRODUCT_CATEGORY_PAIRS}) x where category_id = ${id}`);
      return row?.n ?? 0;
    },
    /** Each (category, product) pair once, main or extra. */
    productPairs: () => queryRows<{ category_id: number; product_id: number }>(db, sql`select distinct category_id, product_id from (${PRODUCT_CATEGORY_PAIRS}) x`),
  };
}
