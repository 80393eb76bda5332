import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { blogs } from '../../db/schema/index.js';

export type PostRow = typeof blogs.$inferSelect;

/** SQL for the blog's posts; content is the only writer of `blogs`. */
export function createPostRepository(db: DbOrTx) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    /** Drafts first, then the newest published. */
    list: () => db.select().from(blogs).orderBy(sql`${blogs.publishedAt} desc nulls first`, desc(blogs.updatedAt), desc(blogs.id)),
    find: async (id: number) => first(await db.select().from(blogs).where(eq(blogs.id, id))),
    /** The row, locked until the transaction ends. */
    lock: async (id: number) => first(await db.select().from(blogs).where(eq(blogs.id, id)).for('update')),
    /** True when another post (not `exceptId`) has `slug`. */
    slugUsed: async (slug: string, exceptId?: number) =>
      (await db
        .select({ id: blogs.id })
        .from(blogs)
        .where(exceptId === undefined ? eq(blogs.slug, slug) : and(eq(blogs.slug, slug), ne(blogs.id, exceptId)))).length > 0,
    insert: async (values: typeof blogs.$inferInsert) => (await db.insert(blogs).values(values).returning())[0]!,
    update: async (id: number, values: Partial<typeof blogs.$inferInsert>) => first(await db.update(blogs).set(values).where(eq(blogs.id, id)).returning()),
    /** Deletes the post; the row it was, if any. */
    remove: async (id: number) => first(await db.delete(blogs).where(eq(blogs.id, id)).returning()),
  };
}
