/**
 * PostgreSQL gone silent behind a proxy that forwards nothing: a failover or a dropped route, where no
 * connection reset ever comes. Requests must fail within the query time limit (503), and the API must serve
 * again by itself once the database answers.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { type TestApp, createPostgresDatabase, createTestApp } from './helpers.js';
import { type TcpProxy, startTcpProxy } from './tcp-proxy.js';

const QUERY_TIMEOUT_MS = 1_500;
/** The database's own statement limit, and how long past it the API waits for an answer: 1.5 s in all. */
const LIMITS = { statementMs: 1_000, answerGraceMs: 500 };

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('PostgreSQL gone silent (a proxy that forwards nothing)', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let drop: () => Promise<void>;
  /** The test database, reached through the proxy. */
  let proxyUrl: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const target = new URL(created.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(created.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    proxyUrl = viaProxy.toString();
    const database = await openDatabase({ databaseUrl: proxyUrl, dataDir: 'unused', poolMax: 3, limits: LIMITS });
    t = await createTestApp('postgres', { database });
  }, 60_000);

  afterAll(async () => {
    proxy.setMode('pass');
    await t.close();
    await t.database.close();
    await proxy.close();
    await drop();
  });

  /** A sign-in code asked for: it reads and writes the database every time (no cache in between). */
  const askCode = (phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/send-otp', headers: { 'x-lang': 'ru' }, payload: { phone, user_type: 'individual' } });

  test('a request fails with 503 within the time limit, and the next ones are served once the database answers', async () => {
    expect((await askCode('+998901110001')).statusCode).toBe(200);

    proxy.setMode('blackhole');
    const started = Date.now();
    const cut = await askCode('+998901110002');
    expect(Date.now() - started).toBeLessThan(QUERY_TIMEOUT_MS * 4);
    expect(cut.statusCode).toBe(503);
    expect(cut.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(cut.headers['retry-after']).toBeDefined();

    proxy.setMode('pass');
    // the pool dropped the connections that went silent: no restart needed
    const codes = await Promise.all(['+998901110003', '+998901110004', '+998901110005', '+998901110006'].map(askCode));
    expect(codes.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  }, 60_000);

  test('a transaction whose statement got no answer gives its connection up: the next queries are answered once the database is back', async () => {
    // one connection, so the next query would get the same one back if the pool kept it
    const database = await openDatabase({ databaseUrl: proxyUrl, dataDir: 'unused', poolMax: 1, limits: LIMITS });
    try {
      await database.db.execute(sql`select 1`);
      proxy.setMode('blackhole');
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      proxy.setMode('pass');
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await database.db.execute(sql`select 1 as one`).then(() => 'answered', (err: Error) => err.message));
      expect(answers).toEqual(Array(5).fill('answered'));
    } finally {
      proxy.setMode('pass');
      await database.close();
    }
  }, 60_000);
});
