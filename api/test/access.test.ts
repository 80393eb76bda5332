// Who may call each route: every route declares it (the app does not start otherwise), docs/api.md lists
// the same table, and every private route refuses strangers, other customers and the catalogue key.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { queryRows } from '../src/db/client.js';
import { registerAccessControl, sameSecret } from '../src/http/access.js';
import { type TestApp, bearer, createTestApp, documentedRoutes, signIn } from './helpers.js';

const KEY = 'catalogue-key-0123456789abcdef';
const CUSTOMERS = '/backend/api/ext/v1/customers';
const PRIVATE = new Set(['customer', 'customer:self']);

describe('route access is declared', () => {
  test('an app with a route that declares no access does not start, and the error names the route', async () => {
    const app = Fastify({ logger: false });
    registerAccessControl(app, { catalogueKey: undefined, opsSecret: 'x'.repeat(64) });
    app.get('/declared', { config: { access: 'public' } }, async () => ({ ok: true }));
    app.post('/api/forgotten', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/POST \/api\/forgotten declares no access/);
  });

  test("'customer:self' needs a :customerId in the path", async () => {
    const app = Fastify({ logger: false });
    registerAccessControl(app, { catalogueKey: undefined, opsSecret: 'x'.repeat(64) });
    app.get('/api/mine', { config: { access: 'customer:self' } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/no :customerId/);
  });

  test('the catalogue key is compared whole, whatever its length', () => {
    expect(sameSecret(KEY, KEY)).toBe(true);
    expect(sameSecret(`${KEY}x`, KEY)).toBe(false);
    expect(sameSecret(KEY.slice(0, -1), KEY)).toBe(false);
    expect(sameSecret('', KEY)).toBe(false);
    expect(sameSecret([KEY, KEY], KEY)).toBe(false);
    expect(sameSecret(undefined, KEY)).toBe(false);
  });
});

describe('who may call each route (pglite, CATALOG_API_KEY set)', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let aliceOrder: string;
  let aliceCard: number;

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: true, env: { CATALOG_API_KEY: KEY } });
    alice = await signIn(t, '+998901110001');
    bob = await signIn(t, '+998901110002');
    aliceId = (await t.app.inject({ url: '/api/auth/user', headers: bearer(alice) })).json().user.id;
    const [product] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and (select count(*) from variants v2 where v2.product_id = p.id) = 1
            and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= 3
          order by p.id limit 1`,
    );
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(alice), 'idempotency-key': 'access-test-0001' },
      payload: {
        items: [{ product_id: product!.id, quantity: 1 }],
        delivery: { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12', flat: '45', entrance: '2', floor: '5', intercom: '45K' },
        receiver: { name: 'Alisa', surname: 'Karimova', phone: '+998901110001' },
        payment: { method: 'cash' },
      },
    });
    expect(`${placed.statusCode} ${placed.body}`).toMatch(/^201 /);
    aliceOrder = placed.json().order.number;
    const card = await t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers: bearer(alice), payload: { number: '8600 0691 9540 6311', expire: '03/99' } });
    aliceCard = card.json().card.id;
    await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(alice), payload: { cart_data: [{ product_id: product!.id, quantity: 2 }] } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  /** A private route's URL with Alice's ids in it. */
  const urlFor = (route: string) =>
    route
      .replace(':customerId', String(aliceId))
      .replace(':orderId', aliceOrder)
      .replace(':tid', aliceOrder)
      .replace(':id', String(aliceCard));
  const privateRoutes = () => t.app.accessTable.filter((r) => PRIVATE.has(r.access) && r.method !== 'HEAD');

  test('docs/api.md lists every route with the access the app enforces', () => {
    const documented = documentedRoutes();
    const actual = t.app.accessTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.access}${r.roles ? ` ${r.roles.join(', ')}` : ''}`);
    expect(documented.sort()).toEqual(actual.sort());
  });

  test('the private routes are the ones a shopper expects to be private', () => {
    const urls = new Set(privateRoutes().map((r) => r.url));
    for (const url of [
      '/api/auth/user',
      '/api/orders',
      '/api/orders/:tid',
      '/api/payments/cards',
      '/api/payments/cards/:id',
      '/api/profile/cart',
      '/api/profile',
      '/api/profile/upload-photo',
      `${CUSTOMERS}/:customerId/orders`,
      `${CUSTOMERS}/:customerId/orders/:orderId/details`,
    ]) {
      expect(urls).toContain(url);
    }
  });

  test('every private route answers 401 to nobody, to the catalogue key and to a made-up token', async () => {
    const strangers: Array<Record<string, string>> = [{}, { 'x-api-key': KEY }, { authorization: `Bearer ${'f'.repeat(64)}` }, { cookie: `bozor_session=${'f'.repeat(64)}` }];
    for (const route of privateRoutes()) {
      for (const headers of strangers) {
        const res = await t.app.inject({ method: route.method as 'GET', url: urlFor(route.url), headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
        expect(`${route.method} ${route.url} ${Object.keys(headers).join()} → ${res.statusCode}`).toBe(`${route.method} ${route.url} ${Object.keys(headers).join()} → 401`);
      }
    }
  });

  test("another customer's token gets 403 on a customer's catalogue data, 404 on an order or card that is not theirs", async () => {
    for (const route of privateRoutes().filter((r) => r.access === 'customer:self')) {
      const res = await t.app.inject({ url: urlFor(route.url), headers: { ...bearer(bob), 'x-api-key': KEY } });
      expect(`${route.url} → ${res.statusCode}`).toBe(`${route.url} → 403`);
      expect(res.json().error.code).toBe('FORBIDDEN');
      const own = await t.app.inject({ url: urlFor(route.url), headers: bearer(alice) });
      expect(own.statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: `/api/orders/${aliceOrder}`, headers: bearer(bob) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/payments/cards/${aliceCard}`, headers: bearer(bob) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/card/confirm', headers: bearer(bob), payload: { card_id: aliceCard, code: '666666' } })).statusCode).toBe(404);
    // id-less routes answer with the caller's own data
    expect((await t.app.inject({ url: '/api/profile/cart', headers: bearer(bob) })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/orders', headers: bearer(bob) })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(bob) })).json().user.phone).toBe('+998901110002');
    // Alice's things are still there
    expect((await t.app.inject({ url: `/api/orders/${aliceOrder}`, headers: bearer(alice) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile/cart', headers: bearer(alice) })).json()).toHaveLength(1);
  });

  test('the catalogue needs the key; the key opens nothing else', async () => {
    const categories = '/backend/api/ext/v1/resources/categories';
    expect((await t.app.inject({ url: categories })).json().error.code).toBe('INVALID_API_KEY');
    expect((await t.app.inject({ url: categories, headers: bearer(alice) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: categories, headers: { 'x-api-key': KEY } })).statusCode).toBe(200);
    const orders = await t.app.inject({ url: `${CUSTOMERS}/${aliceId}/orders`, headers: { 'x-api-key': KEY } });
    expect(orders.statusCode).toBe(401);
    expect(orders.json().error.code).toBe('UNAUTHENTICATED');
    expect(orders.body).not.toContain(aliceOrder);
  });

  test('a cookie session works for reads, and its writes need our own origin', async () => {
    const cookie = { cookie: `bozor_session=${alice}` };
    expect((await t.app.inject({ url: `${CUSTOMERS}/${aliceId}/orders`, headers: cookie })).statusCode).toBe(200);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: { ...cookie, origin: 'https://evil.example' }, payload: { cart_data: [] } });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/profile/cart', headers: bearer(alice) })).json()).toHaveLength(1);
  });
});
