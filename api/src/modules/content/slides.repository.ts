import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { slides } from '../../db/schema/index.js';

export type SlideRow = typeof slides.$inferSelect;

/** SQL for the home banners; content is the only writer of `slides`. */
export function createSlideRepository(db: DbOrTx) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    /** Every banner in its order. */
    list: () => db.select().from(slides).orderBy(asc(slides.sort), asc(slides.id)),
    /** Every banner in its order, locked until the transaction ends. */
    lockAll: () => db.select().from(slides).orderBy(asc(slides.sort), asc(slides.id)).for('update'),
    /** The banners the shop shows at `now`: switched on, with a picture, within their dates. */
    listShown: (now: Date) =>
      db
        .select()
        .from(slides)
        .where(and(eq(slides.active, true), isNotNull(slides.image), or(isNull(slides.startsAt), lte(slides.startsAt, now)), or(isNull(slides.endsAt), gt(slides.endsAt, now))))
        .orderBy(asc(slides.sort), asc(slides.id)),
    /** The row, locked until the transaction ends. */
    lock: async (id: number) => first(await db.select().from(slides).where(eq(slides.id, id)).for('update')),
    /** The highest `sort`, 0 without any banner. */
    lastSort: async () => {
      const [row] = await db.select({ sort: sql<number>`coalesce(max(${slides.sort}), 0)::int` }).from(slides);
      return row?.sort ?? 0;
    },
    insert: async (values: typeof slides.$inferInsert) => (await db.insert(slides).values(values).returning())[0]!,
    update: async (id: number, values: Partial<typeof slides.$inferInsert>) => first(await db.update(slides).set(values).where(eq(slides.id, id)).returning()),
    /** Deletes the banner; the row it was, if any. */
    remove: async (id: number) => first(await db.delete(slides).where(eq(slides.id, id)).returning()),
  };
}
