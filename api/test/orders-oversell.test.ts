/**
 * Stock under real concurrency: fifty shoppers ordering the last ten units at once, on PostgreSQL only
 * (skipped without TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { type TestApp, bearer, createTestApp, signIn } from './helpers.js';

const describeIfPg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeIfPg('never oversold (PostgreSQL, real concurrency)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { seed: true });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  test('50 shoppers order the last 10 units at once: exactly 10 orders, stock 0', async () => {
    const [v] = await queryRows<{ product_id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null order by p.id desc limit 1`,
    );
    await t.database.db.execute(sql`update variant_stock set quantity = case when store_id = 1 then 4 when store_id = 2 then 6 else 0 end where variant_id = ${v!.variant_id}`);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      tokens.push(await signIn(t, `+9989${String(3000000 + i).padStart(8, '0')}`));
      // Fifty sign-ins from one test IP would hit the per-IP cap, which is not what this test is about.
      await t.database.db.execute(sql`delete from rate_limits`);
    }
    const results = await Promise.all(
      tokens.map((tok, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders/',
          headers: { ...bearer(tok), 'idempotency-key': `race-${i}-abcdef` },
          payload: {
            items: [{ product_id: v!.product_id, variant_id: v!.variant_id, quantity: 1 }],
            delivery: { type: 'courier', region: 'tashkent', address: 'Navoiy 1' },
            receiver: { name: 'A', surname: 'B', phone: '+998901234567' },
            payment: { method: 'cash' },
          },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const [left] = await queryRows<{ n: number; min: number }>(t.database.db, sql`select sum(quantity)::int as n, min(quantity)::int as min from variant_stock where variant_id = ${v!.variant_id}`);
    expect(left).toEqual({ n: 0, min: 0 });
    const [orders] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_items where variant_id = ${v!.variant_id}`);
    expect(orders!.n).toBe(10);
  }, 60_000);
});
