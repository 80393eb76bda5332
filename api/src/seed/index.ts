import { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../db/client.js';
import { type MediaStorage } from '../providers/media/media.js';
import { seedShop } from './shop.js';
import { seedCatalog } from '../modules/catalog/index.js';
import { buildCatalog } from './catalog/index.js';

/** True when the database has never been seeded (no stores yet). */
async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores`);
  return Number(row?.n ?? 0) === 0;
}

/** Any constant shared by all API processes: the lock that lets one of them seed. */
const SEED_LOCK = 727_002;

/**
 * Seeds the demo shop into an empty database; a database with data is left alone. All of it is one
 * transaction: a start stopped half-way (Ctrl+C, a kill, a crash) leaves the database empty, so the next
 * start seeds it whole — never stores without information pages, which "has data" would then keep for
 * good. Two processes starting on one empty PostgreSQL take turns on a lock; the second finds it seeded.
 */
export async function seedDemo(db: Db, media: MediaStorage, log: FastifyInstance['log']): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return false;
    log.info('empty database: seeding the demo shop');
    await seedShop(tx, media);
    // The catalogue: categories, brands, products, blogs, pages (pictures are drawn on first request).
    await seedCatalog(tx, buildCatalog());
    log.info('demo shop seeded');
    return true;
  });
}

/**
 * server.ts entry: seeds through the app's own providers, as a long job (its own connection and the long-job
 * budget: the seed's statements and a second process's wait for the lock take longer than a request's).
 */
export async function seedDatabase(app: FastifyInstance): Promise<void> {
  await app.providers.database.longJob((db) => seedDemo(db, app.providers.media, app.log));
}
