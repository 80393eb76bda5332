/**
 * "Buy in 1 click" (issue 12): POST /api/orders/one-click places a cash order for one variant by name and
 * the account's verified phone; delivery is agreed by phone when staff call. It is written like any order
 * (caps, stock, Idempotency-Key) and held like any cash order. Also POST /api/cart/availability, the
 * checkout's per-store view of the cart.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { type StaffRole, staffSessions } from '../src/db/schema/index.js';
import { newSessionToken, sha256 } from '../src/lib/secrets.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';

const PHONE = '+998935557788';
const HOUR = 3600;

describe.each(DB_KINDS)('buy in 1 click and cart availability (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let products: Array<{ product_id: number; variant_id: number; price: number }>;
  let stores: number[];
  let used = 0;
  let keys = 0;
  let operatorId: number;

  /** A single-variant product no other test has used, with `perStore[i]` units in the i-th store (0 for the rest). */
  async function variantWith(...perStore: number[]) {
    const v = products[used++];
    if (!v) throw new Error('no fresh product');
    await t.database.db.execute(sql`delete from variant_stock where variant_id = ${v.variant_id}`);
    for (const [i, store] of stores.entries()) {
      await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) values (${v.variant_id}, ${store}, ${perStore[i] ?? 0})`);
    }
    return v;
  }
  const stockOf = async (variantId: number) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n;

  const oneClick = (payload: object, options: { key?: string | null; lang?: string; who?: string | null } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/one-click',
      headers: {
        ...(options.who === null ? {} : bearer(options.who ?? token)),
        ...(options.key === null ? {} : { 'idempotency-key': options.key ?? `one-click-${kind}-${keys++}` }),
        'x-lang': options.lang ?? 'en',
      },
      payload,
    });
  async function staff(method: 'GET' | 'POST', url: string, payload?: object) {
    const staffToken = newSessionToken();
    await t.database.db.insert(staffSessions).values({ tokenHash: sha256(staffToken), staffId: operatorId, lastSeenAt: t.clock.now() });
    return t.app.inject({ method, url, headers: { ...bearer(staffToken), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    stores = (await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by sort, id`)).map((r) => r.id);
    products = await queryRows<{ product_id: number; variant_id: number; price: number }>(
      t.database.db,
      sql`select p.id as product_id, min(v.id)::int as variant_id, min(v.price_individual)::int as price from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null
          group by p.id having count(*) = 1 order by p.id desc limit 30`,
    );
    const operator = await t.app.services.staff.add({ command: 'test' }, { phone: '+998902229903', name: 'Operator Olim', role: 'operator' as StaffRole, storeId: null }, 'en');
    operatorId = operator.id;
  }, 180_000);
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t, PHONE);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/orders/one-click', () => {
    test('places a cash order by name and the verified phone: stock reserved, delivery by phone, held 48 h, the shopper texted; the cart is left alone', async () => {
      const v = await variantWith(3, 2);
      await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(token), payload: { cart_data: [{ product_id: v.product_id, quantity: 1, name: 'x', price: 1 }] } });
      const res = await oneClick({ product_id: v.product_id, variant_id: v.variant_id, quantity: 2, name: '  Dilnoza ' });
      expect(res.statusCode).toBe(201);
      const order = res.json().order;
      expect(order).toMatchObject({
        status: 'new',
        payment_method: 'cash',
        payment_status: 'pending',
        one_click: true,
        delivery: { type: 'phone', fee: 0, address: null, store: null },
        receiver: { name: 'Dilnoza', surname: '', phone: PHONE },
        items_total: v.price * 2,
        total: v.price * 2,
      });
      expect(order.items).toEqual([expect.objectContaining({ product_id: v.product_id, variant_id: v.variant_id, quantity: 2, price: v.price })]);
      expect(await stockOf(v.variant_id)).toBe(3);
      expect(t.sms.sent.at(-1)).toEqual({ phone: PHONE, text: `Bozor: your order ${order.number} is in. We will call you to confirm it and agree the delivery.` });
      // The shopper's own order page and list say so too.
      const mine = await t.app.inject({ url: `/api/orders/${order.number}`, headers: bearer(token) });
      expect(mine.json().order).toMatchObject({ one_click: true, delivery: { type: 'phone' } });
      // "Buy in 1 click" leaves the cart as it was.
      const cart = await t.app.inject({ url: '/api/profile/cart', headers: bearer(token) });
      expect(JSON.stringify(cart.json())).toContain(`"product_id":${v.product_id}`);

      // Staff see it marked, with the phone to call, held like a cash order.
      const list = await staff('GET', '/api/admin/orders?delivery_type=phone');
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([expect.objectContaining({ number: order.number, one_click: true, delivery_type: 'phone', receiver_phone: PHONE })]);
      const detail = (await staff('GET', `/api/admin/orders/${order.number}`)).json().order;
      expect(detail).toMatchObject({ one_click: true, delivery_type: 'phone', receiver: { name: 'Dilnoza', phone: PHONE }, allowed_next: ['confirmed', 'cancelled'] });
      expect(detail.stock_held_until).toBe(new Date(t.clock.now().getTime() + 48 * HOUR * 1000).toISOString());
    });

    test('staff confirm it through the usual moves and then send it either way (courier or pickup), as agreed by phone', async () => {
      const v = await variantWith(5);
      const a = (await oneClick({ product_id: v.product_id, quantity: 1, name: 'Aziz' })).json().order;
      const b = (await oneClick({ product_id: v.product_id, quantity: 1, name: 'Aziz' })).json().order;
      for (const number of [a.number, b.number]) {
        expect((await staff('POST', `/api/admin/orders/${number}/status`, { status: 'confirmed', note: 'Agreed by phone' })).statusCode).toBe(200);
        expect((await staff('POST', `/api/admin/orders/${number}/status`, { status: 'assembling' })).statusCode).toBe(200);
      }
      expect((await staff('GET', `/api/admin/orders/${a.number}`)).json().order).toMatchObject({ stock_held_until: null, allowed_next: ['shipping', 'ready_for_pickup', 'cancelled'] });
      expect((await staff('POST', `/api/admin/orders/${a.number}/status`, { status: 'shipping' })).statusCode).toBe(200);
      expect((await staff('POST', `/api/admin/orders/${a.number}/status`, { status: 'delivered' })).statusCode).toBe(200);
      expect((await staff('POST', `/api/admin/orders/${b.number}/status`, { status: 'ready_for_pickup' })).statusCode).toBe(200);
      expect((await staff('POST', `/api/admin/orders/${b.number}/status`, { status: 'picked_up' })).statusCode).toBe(200);
    });

    test('never confirmed: the cash-hold expiry cancels it and gives the stock back', async () => {
      const v = await variantWith(2);
      const order = (await oneClick({ product_id: v.product_id, quantity: 2, name: 'Aziz' })).json().order;
      expect(await stockOf(v.variant_id)).toBe(0);
      t.clock.advance(48 * HOUR + 1);
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(1);
      expect((await t.app.inject({ url: `/api/orders/${order.number}`, headers: bearer(token) })).json().order.status).toBe('cancelled');
      expect(await stockOf(v.variant_id)).toBe(2);
    });

    test('not enough in stock: 409 OUT_OF_STOCK in the request’s language, nothing placed or taken', async () => {
      const v = await variantWith(1);
      const res = await oneClick({ product_id: v.product_id, variant_id: v.variant_id, quantity: 2, name: 'Aziz' }, { lang: 'ru' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('OUT_OF_STOCK');
      expect(res.json().error.message).toMatch(/[а-я]/);
      expect(await stockOf(v.variant_id)).toBe(1);
      expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`))[0]!.n).toBe(0);
    });

    test('the same Idempotency-Key answers the same order (200) and takes nothing more; another body with it is 409', async () => {
      const v = await variantWith(4);
      const body = { product_id: v.product_id, quantity: 1, name: 'Aziz' };
      const first = await oneClick(body, { key: 'one-click-same-key' });
      expect(first.statusCode).toBe(201);
      const again = await oneClick(body, { key: 'one-click-same-key' });
      expect(again.statusCode).toBe(200);
      expect(again.json().order.number).toBe(first.json().order.number);
      expect(await stockOf(v.variant_id)).toBe(3);
      expect((await oneClick({ ...body, quantity: 2 }, { key: 'one-click-same-key' })).statusCode).toBe(409);
    });

    test('counts against ORDER_OPEN_UNPAID_MAX like any order', async () => {
      const v = await variantWith(20);
      for (let i = 0; i < 5; i++) expect((await oneClick({ product_id: v.product_id, quantity: 1, name: 'Aziz' })).statusCode).toBe(201);
      const sixth = await oneClick({ product_id: v.product_id, quantity: 1, name: 'Aziz' });
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().error.code).toBe('TOO_MANY_OPEN_ORDERS');
      expect(await stockOf(v.variant_id)).toBe(15);
    });

    test('a guest is 401; no key is 400; bad input is 422 naming the fields in the request’s language', async () => {
      const v = await variantWith(3);
      expect((await oneClick({ product_id: v.product_id, quantity: 1, name: 'Aziz' }, { who: null })).statusCode).toBe(401);
      const noKey = await oneClick({ product_id: v.product_id, quantity: 1, name: 'Aziz' }, { key: null });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      const bad = await oneClick({ product_id: v.product_id, quantity: 0, name: ' ' }, { lang: 'uz' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['name', 'quantity']);
      const extra = await oneClick({ product_id: v.product_id, quantity: 1, name: 'Aziz', price: 1 });
      expect(extra.statusCode).toBe(422);
      const gone = await oneClick({ product_id: 99_999_999, quantity: 1, name: 'Aziz' });
      expect(gone.statusCode).toBe(422);
      expect(gone.json().error).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', fields: { product_id: expect.any(String) } });
      const tooMany = await oneClick({ product_id: v.product_id, quantity: 500, name: 'Aziz' });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().error).toMatchObject({ code: 'QUANTITY_LIMIT', fields: { quantity: expect.any(String) } });
      expect(await stockOf(v.variant_id)).toBe(3);
    });
  });

  describe('POST /api/cart/availability', () => {
    const availability = (items: object[], who?: string) =>
      t.app.inject({ method: 'POST', url: '/api/cart/availability', headers: { 'x-lang': 'en', ...(who ? bearer(who) : {}) }, payload: { items } });

    test('per store: how many lines it has in the wanted quantity, stores with everything first, never piece counts', async () => {
      const a = await variantWith(5, 0, 1);
      const b = await variantWith(1, 0, 40);
      const c = await variantWith(0, 0, 2);
      const items = [
        { product_id: a.product_id, variant_id: a.variant_id, quantity: 1 },
        { product_id: b.product_id, quantity: 1 },
        { product_id: c.product_id, variant_id: c.variant_id, quantity: 2 },
      ];
      const res = await availability(items);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const data = res.json().data;
      expect(data.items_count).toBe(3);
      expect(data.stores.map((s: { store_id: number }) => s.store_id)).toEqual([stores[2], stores[0], ...stores.slice(3), stores[1]].filter((s) => s !== undefined));
      expect(data.stores[0]).toEqual({ store_id: stores[2], status: 'all', available_items: 3, pickup: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect(data.stores[1]).toEqual({ store_id: stores[0], status: 'part', available_items: 2, pickup: null });
      expect(data.stores.at(-1)).toEqual({ store_id: stores[1], status: 'none', available_items: 0, pickup: null });
      // The store holding 40 of b says only that it has the line.
      expect(res.body).not.toContain('40');

      // Wanting more than a store has makes that line missing there; two lines of one variant count together.
      const more = (await availability([{ product_id: a.product_id, quantity: 1 }, { product_id: a.product_id, variant_id: a.variant_id, quantity: 1 }])).json().data;
      expect(more.items_count).toBe(1);
      expect(more.stores.find((s: { store_id: number }) => s.store_id === stores[2])).toMatchObject({ status: 'none', available_items: 0 });
      expect(more.stores[0]).toMatchObject({ store_id: stores[0], status: 'all' });
    });

    test('bad input is 422; products not on sale are left out', async () => {
      expect((await availability([])).statusCode).toBe(422);
      expect((await availability([{ product_id: 1, quantity: 0 }])).statusCode).toBe(422);
      const res = await availability([{ product_id: 99_999_999, quantity: 1 }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items_count).toBe(0);
      expect(res.json().data.stores.every((s: { status: string }) => s.status === 'none')).toBe(true);
    });
  });
});
