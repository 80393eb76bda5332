/**
 * PostgreSQL's own time limits (db/limits.ts): a statement held up by a lock another connection holds fails
 * in time and leaves nothing behind on the server, a long job (the CSV import) is cut as a whole at its
 * budget with its locks released, and a connection a query timed out on is never handed out again. The
 * limits are small here so the test is quick; the shop's own are in DATABASE_LIMITS.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type Database, LongJobTimeoutError, openDatabase, queryRows } from '../src/db/client.js';
import { type DatabaseLimits } from '../src/db/limits.js';
import { type TestApp, bearer, createPostgresDatabase, createTestApp } from './helpers.js';
import { multipartBody, staffTokens } from './admin-catalog-helpers.js';

const LIMITS: DatabaseLimits = { statementMs: 10_000, lockMs: 1_000, idleInTransactionMs: 30_000, answerGraceMs: 1_000, longJobMs: 2_500 };
/** Room for a busy machine on top of a limit: an answer later than this means the limit did not hold. */
const SLACK_MS = 4_000;

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('PostgreSQL time limits', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: Database;
  let t: TestApp;
  let manager: string;
  let storeCode: string;
  /** Another connection, as a long report or a migration would hold one. */
  let other: pg.Client;

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    database = await openDatabase({ databaseUrl: url, dataDir: 'unused', poolMax: 3, limits: LIMITS });
    t = await createTestApp('postgres', { database, seed: true });
    const [store] = await queryRows<{ id: number; slug: string }>(database.db, sql`select id, slug from stores order by sort, id limit 1`);
    storeCode = store!.slug;
    manager = (await staffTokens(t, store!.id)).manager;
    other = new pg.Client({ connectionString: url });
    await other.connect();
  }, 180_000);

  afterAll(async () => {
    await other?.end();
    await t?.close();
    await database?.close();
    await drop?.();
  });

  const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ url: path, headers: { 'x-lang': 'en', ...headers } });
  /** Statements of this database still running or waiting on the server, other than `other`'s and this query's. */
  const leftOnServer = async () => {
    const { rows } = await other.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
    );
    return rows[0]!.n;
  };
  /** 100 requests one after another, as a shopper and a staff member browse: each status. */
  async function hundredRequests() {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await get(i % 2 ? '/api/store/stores' : '/api/admin/me', i % 2 ? {} : bearer(manager))).statusCode);
    return statuses;
  }

  test('a request held up by a table lock fails in time (503) and leaves nothing waiting on the server; others are served meanwhile and 100 after it', async () => {
    await other.query('begin');
    await other.query('lock table stores in access exclusive mode');
    try {
      const started = Date.now();
      const held = await Promise.all([get('/api/store/stores'), get('/api/store/stores'), get('/api/store/stores')]);
      expect(Date.now() - started).toBeLessThan(LIMITS.lockMs + SLACK_MS);
      expect(held.map((r) => [r.statusCode, r.json().error.code, r.headers['retry-after'] !== undefined])).toEqual(Array(3).fill([503, 'SERVICE_UNAVAILABLE', true]));
      // PostgreSQL gave up the statements itself: none of them still waits for the lock, holding a connection
      expect(await leftOnServer()).toBe(0);
      // what does not need the locked table is answered as usual, by the same (small) pool
      const others = await Promise.all([1, 2, 3, 4, 5].map(() => get('/api/content/slides')));
      expect(others.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await other.query('rollback');
    }
    expect(await hundredRequests()).toEqual(Array(100).fill(200));
  }, 60_000);

  test('an import held up past its budget is undone as a whole (503 IMPORT_TIMED_OUT): its locks go, nothing changes, and the staff member is served after it', async () => {
    const variants = await queryRows<{ id: number; sku: string; quantity: number }>(
      database.db,
      sql`select v.id, v.sku, coalesce(s.quantity, 0)::int as quantity from variants v join products p on p.id = v.product_id
          left join variant_stock s on s.variant_id = v.id and s.store_id = (select id from stores where slug = ${storeCode})
          where p.status = 'active' order by v.id limit 2`,
    );
    const file = [`sku;stock:${storeCode}`, ...variants.map((v) => `${v.sku};${v.quantity + 7}`), ''].join('\r\n');
    const upload = (path: string, token?: string) => {
      const body = multipartBody([...(token ? [{ field: 'token', data: token }] : []), { field: 'file', filename: 'slow.csv', type: 'text/csv', data: file }]);
      return t.app.inject({ method: 'POST', url: path, payload: body.payload, headers: { ...body.headers, ...bearer(manager), 'x-lang': 'en' } });
    };
    const dry = await upload('/api/admin/catalog/import/dry-run');
    expect(dry.statusCode).toBe(200);

    // another transaction holds the stock table against row locks (plain reads go on): the import waits on it
    await other.query('begin');
    await other.query('lock table variant_stock in exclusive mode');
    try {
      const started = Date.now();
      const applied = await upload('/api/admin/catalog/import/apply', dry.json().token);
      expect(Date.now() - started).toBeLessThan(LIMITS.longJobMs + SLACK_MS);
      expect([applied.statusCode, applied.json().error.code]).toEqual([503, 'IMPORT_TIMED_OUT']);
      expect(applied.json().error.message).toBe('The import took longer than 3 s and was undone: nothing changed. Try again in a quieter hour, or split the file.');
      expect(applied.headers['retry-after']).toBeDefined();
      expect(await leftOnServer()).toBe(0);
      // the staff member goes on working while the table is still held: no connection of the pool waits behind the import
      expect((await get('/api/admin/me', bearer(manager))).statusCode).toBe(200);
      expect((await get('/api/content/slides')).statusCode).toBe(200);
    } finally {
      await other.query('rollback');
    }
    // nothing was written, and no row is left locked: a checkout's lock is had at once
    const after = await queryRows<{ quantity: number }>(
      database.db,
      sql`select coalesce((select quantity from variant_stock s where s.variant_id = v.id and s.store_id = (select id from stores where slug = ${storeCode})), 0)::int as quantity
          from variants v where v.id in (${variants[0]!.id}, ${variants[1]!.id}) order by v.id`,
    );
    expect(after.map((r) => r.quantity)).toEqual(variants.map((v) => v.quantity));
    await other.query('begin');
    await other.query('select * from variant_stock where variant_id = any($1::int[]) for update nowait', [variants.map((v) => v.id)]);
    await other.query('rollback');
    expect(await hundredRequests()).toEqual(Array(100).fill(200));
    // and the same import goes through once nothing holds it up
    const again = await upload('/api/admin/catalog/import/apply', dry.json().token);
    expect(again.statusCode).toBe(200);
  }, 90_000);

  test('a long job is cut at its budget as a whole, though each of its statements is shorter, and its locks go with it', async () => {
    const started = Date.now();
    const job = database.longJob((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`lock table slides in exclusive mode`);
        for (let i = 0; i < 8; i++) await tx.execute(sql`select pg_sleep(0.5)`);
      }),
    );
    await expect(job).rejects.toBeInstanceOf(LongJobTimeoutError);
    expect(Date.now() - started).toBeLessThan(LIMITS.longJobMs + SLACK_MS);
    await other.query('begin');
    await other.query('lock table slides in exclusive mode nowait');
    await other.query('rollback');
    expect((await get('/api/content/slides')).statusCode).toBe(200);
  }, 30_000);
});
