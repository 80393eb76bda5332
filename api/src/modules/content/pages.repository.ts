import { asc, eq } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { infoPages } from '../../db/schema/index.js';

export type PageRow = typeof infoPages.$inferSelect;

/** SQL for the information pages (a fixed set, seeded); content is the only writer of `info_pages`. */
export function createPageRepository(db: DbOrTx) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    list: () => db.select().from(infoPages).orderBy(asc(infoPages.slug)),
    find: async (slug: string) => first(await db.select().from(infoPages).where(eq(infoPages.slug, slug))),
    /** The row, locked until the transaction ends. */
    lock: async (slug: string) => first(await db.select().from(infoPages).where(eq(infoPages.slug, slug)).for('update')),
    update: async (slug: string, values: Partial<typeof infoPages.$inferInsert>) => first(await db.update(infoPages).set(values).where(eq(infoPages.slug, slug)).returning()),
  };
}
