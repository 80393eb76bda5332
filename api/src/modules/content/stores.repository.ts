import { asc, eq } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { stores } from '../../db/schema/index.js';

export type StoreRow = typeof stores.$inferSelect;

/** SQL for the shop's stores (pickup points); content is the only writer of `stores`. */
export function createStoreRepository(db: DbOrTx) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    /** The stores in the shop's order. */
    list: () => db.select().from(stores).orderBy(asc(stores.sort), asc(stores.id)),
    /** The row, locked until the transaction ends. */
    lock: async (id: number) => first(await db.select().from(stores).where(eq(stores.id, id)).for('update')),
    update: async (id: number, values: Partial<typeof stores.$inferInsert>) => first(await db.update(stores).set(values).where(eq(stores.id, id)).returning()),
  };
}
