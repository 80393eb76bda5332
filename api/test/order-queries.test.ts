/**
 * Order lists cost the same number of queries whatever the number of orders on the page (no N+1):
 * counted on the database's own query log.
 */
import { type TestApp, DB_KINDS, bearer, createTestApp, createTestDatabase, signIn } from './helpers.js';
import { checkoutKit } from './checkout-helpers.js';

describe.each(DB_KINDS)('order list queries (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let kit: ReturnType<typeof checkoutKit>;
  const queries: string[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase(kind, (q) => queries.push(q));
    close = database.close;
    t = await createTestApp(kind, { seed: true, database, env: { ORDER_OPEN_UNPAID_MAX: '100' } });
    kit = checkoutKit(t, () => token);
    token = await signIn(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await close();
  });

  /** The queries one request sends. */
  async function countQueries(url: string) {
    queries.length = 0;
    const res = await t.app.inject({ url, headers: { ...bearer(token), 'x-lang': 'en' } });
    expect(res.statusCode).toBe(200);
    return { n: queries.length, body: res.json() as { data: unknown[] } };
  }

  test('the shopper’s order list: one order or six, the same queries', async () => {
    await kit.place('cash', await kit.freshVariant());
    const one = await countQueries('/api/orders?per_page=10');
    expect(one.body.data).toHaveLength(1);
    for (let i = 0; i < 5; i++) await kit.place('cash', await kit.freshVariant());
    const six = await countQueries('/api/orders?per_page=10');
    expect(six.body.data).toHaveLength(6);
    expect(six.n).toBe(one.n);
    // and each order still carries its own lines
    for (const order of six.body.data as Array<{ items: unknown[] }>) expect(order.items).toHaveLength(1);
  });
});
