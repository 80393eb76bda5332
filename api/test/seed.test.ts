/** The demo shop that an empty database gets on start: all of it or none of it. */
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../src/db/client.js';
import { type MediaStorage } from '../src/providers/media/media.js';
import { seedDemo } from '../src/seed/index.js';
import { DB_KINDS, type TestApp, createTestApp, createTestDatabase } from './helpers.js';

/** Migrating and seeding twice can pass jest's 30 s on a busy machine. */
const SEED_TIMEOUT_MS = 180_000;

/** How many rows the shop's first start writes into the tables a shopper meets. */
async function counts(database: Database): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(
    database.db,
    sql`select (select count(*)::int from stores) as stores, (select count(*)::int from slides) as slides,
      (select count(*)::int from products) as products, (select count(*)::int from info_pages) as pages,
      (select count(*)::int from blogs) as blogs`,
  );
  return row!;
}

/** The app's own media store, but the n-th picture written fails (a disk that filled up, a stop). */
function failingOn(media: MediaStorage, n: number): MediaStorage {
  let writes = 0;
  return Object.assign(Object.create(media) as MediaStorage, {
    put: async (key: string, data: Buffer) => {
      writes += 1;
      if (writes === n) throw new Error('disk full');
      await media.put(key, data);
    },
  });
}

describe.each(DB_KINDS)('seeding the demo shop (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  test('a seed stopped half-way leaves the database empty, and the next start seeds all of it', async () => {
    // the stores are written before the second slide's picture: the failure comes after them
    await expect(seedDemo(t.database.db, failingOn(t.app.providers.media, 2), t.app.log)).rejects.toThrow('disk full');
    expect(await counts(t.database)).toEqual({ stores: 0, slides: 0, products: 0, pages: 0, blogs: 0 });

    expect(await seedDemo(t.database.db, t.app.providers.media, t.app.log)).toBe(true);
    const seeded = await counts(t.database);
    expect(seeded.stores).toBe(3);
    expect(seeded.slides).toBeGreaterThanOrEqual(4);
    expect(seeded.products).toBeGreaterThan(100);
    expect(seeded.pages).toBeGreaterThan(3);
    expect(seeded.blogs).toBeGreaterThan(0);
    const about = await t.app.inject({ url: '/api/store/stores', headers: { 'x-lang': 'en' } });
    expect(about.json().data).toHaveLength(3);

    // a database with data is left alone
    expect(await seedDemo(t.database.db, t.app.providers.media, t.app.log)).toBe(false);
    expect(await counts(t.database)).toEqual(seeded);
  }, SEED_TIMEOUT_MS);
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two API processes starting on one empty PostgreSQL', () => {
  test('one seeds the shop, the other finds it seeded: one set of stores, slides and products', async () => {
    const first = await createTestDatabase('postgres');
    const second = await openDatabase({ databaseUrl: first.url!, dataDir: 'unused', poolMax: 2 });
    const t = await createTestApp('postgres', { database: first });
    try {
      // as server.ts seeds (seedDatabase): a long job each, so the second may wait out the first's seed for the lock
      const results = await Promise.all([
        first.longJob((db) => seedDemo(db, t.app.providers.media, t.app.log)),
        second.longJob((db) => seedDemo(db, t.app.providers.media, t.app.log)),
      ]);
      expect(results.sort()).toEqual([false, true]);
      const seeded = await counts(first);
      expect(seeded.stores).toBe(3);
      const [unique] = await queryRows<{ n: number }>(first.db, sql`select count(distinct image)::int as n from slides`);
      expect(seeded.slides).toBe(unique!.n);
    } finally {
      await t.close();
      await second.close();
      await first.close();
    }
  }, SEED_TIMEOUT_MS);
});
