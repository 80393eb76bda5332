import { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { type MediaStorage } from '../providers/media/media.js';
import { seedShop } from './shop.js';
import { seedCatalog } from '../modules/catalog/catalog.seed.js';
import { buildCatalog } from './catalog/index.js';

/** True when the database has never been seeded (no stores yet). */
async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores`);
  return Number(row?.n ?? 0) === 0;
}

/** Seeds the demo shop into an empty database; a database with data is left alone. */
export async function seedDemo(db: Db, media: MediaStorage, log: FastifyInstance['log']): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log.info('empty database: seeding the demo shop');
  await seedShop(db, media);
  // The catalogue: categories, brands, products, blogs, pages (pictures are drawn on first request).
  await seedCatalog(db, buildCatalog());
  log.info('demo shop seeded');
  return true;
}

/** server.ts entry: seeds through the app's own providers. */
export async function seedDatabase(app: FastifyInstance): Promise<void> {
  await seedDemo(app.providers.database.db, app.providers.media, app.log);
}
