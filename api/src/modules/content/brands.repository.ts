import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { brands } from '../../db/schema/index.js';

export type BrandRow = typeof brands.$inferSelect;

/** SQL for the brands; content is the only writer of `brands`. */
export function createBrandRepository(db: DbOrTx) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    /** Every brand by name. */
    list: () => db.select().from(brands).orderBy(asc(brands.name), asc(brands.id)),
    find: async (id: number) => first(await db.select().from(brands).where(eq(brands.id, id))),
    /** The row, locked until the transaction ends. */
    lock: async (id: number) => first(await db.select().from(brands).where(eq(brands.id, id)).for('update')),
    /** True when another brand (not `exceptId`) has `slug`. */
    slugUsed: async (slug: string, exceptId?: number) =>
      (await db
        .select({ id: brands.id })
        .from(brands)
        .where(exceptId === undefined ? eq(brands.slug, slug) : and(eq(brands.slug, slug), ne(brands.id, exceptId)))).length > 0,
    insert: async (values: typeof brands.$inferInsert) => (await db.insert(brands).values(values).returning())[0]!,
    update: async (id: number, values: Partial<typeof brands.$inferInsert>) => first(await db.update(brands).set(values).where(eq(brands.id, id)).returning()),
    /** Each brand's number of products (reads the catalogue's `products`). */
    productCounts: async () => {
      const rows = await queryRows<{ brand_id: number; n: number }>(db, sql`select brand_id, count(*)::int as n from products group by brand_id`);
      return new Map(rows.map((r) => [r.brand_id, r.n]));
    },
  };
}
