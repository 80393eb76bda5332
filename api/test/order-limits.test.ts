/**
 * Stock hoarding (issue 15): one account may hold at most ORDER_OPEN_UNPAID_MAX open unpaid orders (also
 * when it sends them all at once), at most ORDER_LINE_MAX_QTY units of one variant per order (the cart
 * never holds more), and an unconfirmed cash order gives its stock back after CASH_ORDER_HOLD_H unless
 * staff confirm it or extend its hold (once).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { customers, sessions, staffSessions } from '../src/db/schema/index.js';
import { type StaffRole } from '../src/db/schema/index.js';
import { newSessionToken, sha256 } from '../src/lib/secrets.js';
import { DB_KINDS, type TestApp, bearer, createTestApp } from './helpers.js';

const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
const HOUR = 3600;
const START = new Date('2026-11-22T09:00:00Z');

describe.each(DB_KINDS)('order limits (%s)', (kind) => {
  let t: TestApp;
  let shopper: string;
  let storeId: number;
  let otherStoreId: number;
  let products: Array<{ product_id: number; variant_id: number; name: string; name_ru: string }>;
  let used = 0;
  let keys = 0;
  const staffIds = {} as Record<StaffRole, number>;

  /** A session for a shopper (made directly: sign-in is not what these tests are about). */
  async function shopperToken(phone: string, userType: 'individual' | 'legal' = 'individual'): Promise<string> {
    const [customer] = await t.database.db.insert(customers).values({ phone, userType }).returning();
    const token = newSessionToken();
    await t.database.db.insert(sessions).values({ tokenHash: sha256(token), customerId: customer!.id, expiresAt: new Date(t.clock.now().getTime() + 90 * 86_400_000) });
    return token;
  }
  /** A live staff session as of the fake clock's now (staff sessions end after 12 idle hours). */
  async function staffToken(role: StaffRole): Promise<string> {
    const token = newSessionToken();
    await t.database.db.insert(staffSessions).values({ tokenHash: sha256(token), staffId: staffIds[role], lastSeenAt: t.clock.now() });
    return token;
  }
  const admin = async (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(await staffToken(role)), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });

  /** A single-variant product no other test has used, with exactly `perStore` units in each store. */
  async function variantWith(perStore: number) {
    const v = products[used++];
    if (!v) throw new Error('no fresh product');
    await t.database.db.execute(sql`delete from variant_stock where variant_id = ${v.variant_id}`);
    await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) select ${v.variant_id}, id, ${perStore} from stores`);
    return v;
  }
  const stockOf = async (variantId: number) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n;
  const orderCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`))[0]!.n;

  function order(
    items: Array<{ product_id: number; variant_id: number; quantity: number }>,
    options: { key?: string; lang?: string; who?: string; payment?: object; delivery?: object } = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(options.who ?? shopper), 'idempotency-key': options.key ?? `limits-${kind}-${keys++}`, 'x-lang': options.lang ?? 'en' },
      payload: { items, delivery: options.delivery ?? courier, receiver, payment: options.payment ?? { method: 'cash' } },
    });
  }
  const one = (v: { product_id: number; variant_id: number }, quantity = 1) => [{ product_id: v.product_id, variant_id: v.variant_id, quantity }];

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, env: { CHECKOUT_PAYMENT_TTL_S: '5400' } });
    const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id`);
    [storeId, otherStoreId] = [stores[0]!.id, stores[1]!.id];
    products = await queryRows<{ product_id: number; variant_id: number; name: string; name_ru: string }>(
      t.database.db,
      sql`select p.id as product_id, min(v.id)::int as variant_id, p.name->>'en' as name, p.name->>'ru' as name_ru from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null
          group by p.id having count(*) = 1 order by p.id limit 40`,
    );
    const phones: Record<StaffRole, string> = { owner: '+998902220001', manager: '+998902220002', operator: '+998902220003', store: '+998902220004' };
    for (const role of ['owner', 'manager', 'operator', 'store'] as const) {
      const created = await t.app.services.staff.add({ command: 'test' }, { phone: phones[role], name: `${role} person`, role, storeId: role === 'store' ? storeId : null }, 'en');
      staffIds[role] = created.id;
    }
  }, 180_000);
  beforeEach(async () => {
    await t.reset();
    await t.database.db.execute(sql`delete from audit_log`);
    shopper = await shopperToken('+998935551122');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('open unpaid orders per customer (ORDER_OPEN_UNPAID_MAX = 5)', () => {
    test('the sixth is refused with 409 in the shopper’s language and takes no stock; a repeat of an earlier key still answers its order', async () => {
      const v = await variantWith(30);
      const before = await stockOf(v.variant_id);
      const placed: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await order(one(v), { key: `cap-key-${i}` });
        expect(res.statusCode).toBe(201);
        placed.push(res.json().order.number);
      }
      const sixth = await order(one(v), { key: 'cap-key-5' });
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().error).toEqual({
        code: 'TOO_MANY_OPEN_ORDERS',
        // The hold times are the shop's own (CHECKOUT_PAYMENT_TTL_S 5400 here, CASH_ORDER_HOLD_H 48), in words and as numbers.
        message:
          'You have reached the limit of 5 unpaid orders. Pay one of them in My orders (“Pay now”), or wait: the shop cancels an unpaid order when its hold runs out (Payme and Click: 90 minutes; pay on receipt, not yet confirmed: 48 hours). An order paid on receipt stops counting once you receive it.',
        max: 5,
        payment_hold_minutes: 90,
        cash_hold_hours: 48,
      });
      const ru = await order(one(v), { key: 'cap-key-5', lang: 'ru' });
      expect(ru.json().error.message).toMatch(/^Достигнут предел неоплаченных заказов: 5\. Оплатите один из них в разделе «Мои заказы».*\(Payme и Click — 90 минут, неподтверждённая оплата при получении — 48 часов\)/);
      const uz = await order(one(v), { key: 'cap-key-5', lang: 'uz' });
      expect(uz.json().error.message).toMatch(/^Toʻlanmagan buyurtmalar chegarasiga yetdingiz: 5 ta\..*\(Payme va Click — 90 daqiqa, tasdiqlanmagan qabul qilishda toʻlash — 48 soat\)/);
      expect(await stockOf(v.variant_id)).toBe(before - 5);
      expect(await orderCount()).toBe(5);

      // The same key as an order already placed is that order again, not a refusal.
      const replay = await order(one(v), { key: 'cap-key-2' });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().order.number).toBe(placed[2]);

      // A cancelled order and a delivered one no longer count: two more may be placed, then no more.
      await t.app.services.orders.changeStatus(placed[0]!, 'cancelled');
      for (const status of ['confirmed', 'assembling', 'shipping', 'delivered'] as const) await t.app.services.orders.changeStatus(placed[1]!, status);
      expect((await order(one(v), { key: 'cap-key-5' })).statusCode).toBe(201);
      expect((await order(one(v), { key: 'cap-key-6' })).statusCode).toBe(201);
      expect((await order(one(v), { key: 'cap-key-7' })).json().error.code).toBe('TOO_MANY_OPEN_ORDERS');
      // Another shopper is not held back by this one.
      const other = await shopperToken('+998935551133');
      expect((await order(one(v), { who: other })).statusCode).toBe(201);
    });

    test('unpaid payme orders count; a paid card order does not', async () => {
      const v = await variantWith(30);
      for (let i = 0; i < 4; i++) expect((await order(one(v), { payment: { method: 'payme' } })).statusCode).toBe(201);
      // The fifth is a paid order: it leaves room for one more unpaid one.
      await t.database.db.execute(sql`update orders set payment_status = 'paid' where id = (select min(id) from orders)`);
      expect((await order(one(v), { payment: { method: 'click' } })).statusCode).toBe(201);
      expect((await order(one(v), { payment: { method: 'cash' } })).statusCode).toBe(201);
      const refused = await order(one(v), { payment: { method: 'payme' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('TOO_MANY_OPEN_ORDERS');
    });

    test('8 orders sent at once by one account: exactly 5 are placed, the rest are refused, stock goes only to those 5', async () => {
      const v = await variantWith(30);
      const before = await stockOf(v.variant_id);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => order(one(v, 3), { key: `burst-${kind}-${i}` })));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
      expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'TOO_MANY_OPEN_ORDERS')).toBe(true);
      expect(await orderCount()).toBe(5);
      expect(await stockOf(v.variant_id)).toBe(before - 15);
    });

    test('8 copies of one request sent at once (one Idempotency-Key) place one order, and every copy answers it', async () => {
      const v = await variantWith(30);
      const before = await stockOf(v.variant_id);
      const results = await Promise.all(Array.from({ length: 8 }, () => order(one(v, 2), { key: `same-burst-${kind}` })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.json().order.number)).size).toBe(1);
      expect(await orderCount()).toBe(1);
      expect(await stockOf(v.variant_id)).toBe(before - 2);
    });
  });

  describe('units of one variant per order (ORDER_LINE_MAX_QTY = 50)', () => {
    test('a line over the limit is a 422 naming the field, in the shopper’s language; nothing is taken', async () => {
      const v = await variantWith(40);
      const w = await variantWith(40);
      const before = await stockOf(v.variant_id);
      const over = await order(one(v, 51));
      expect(over.statusCode).toBe(422);
      expect(over.json().error).toEqual({
        code: 'QUANTITY_LIMIT',
        message: `At most 50 of one item per order: ${v.name}.`,
        fields: { 'items.0.quantity': 'More than one order may hold.' },
        max: 50,
      });
      // Two lines of one variant count together; the field is where that variant first appears.
      const split = await order([
        { product_id: w.product_id, variant_id: w.variant_id, quantity: 1 },
        { product_id: v.product_id, variant_id: v.variant_id, quantity: 30 },
        { product_id: v.product_id, variant_id: v.variant_id, quantity: 21 },
      ], { lang: 'ru' });
      expect(split.statusCode).toBe(422);
      expect(split.json().error.fields).toEqual({ 'items.1.quantity': 'Столько нельзя заказать в одном заказе.' });
      expect(split.json().error.message).toBe(`В одном заказе не больше 50 шт. одного товара: ${v.name_ru}.`);
      // The checkout's price quote says so before the order is placed.
      const quote = await t.app.inject({ method: 'POST', url: '/api/delivery/quote', headers: { 'x-lang': 'en' }, payload: { items: one(v, 51), delivery: courier } });
      expect(quote.statusCode).toBe(422);
      expect(quote.json().error.fields).toEqual({ 'items.0.quantity': 'More than one order may hold.' });
      expect(await stockOf(v.variant_id)).toBe(before);
      expect(await orderCount()).toBe(0);
      // Exactly the limit is fine.
      expect((await order(one(v, 50))).statusCode).toBe(201);
      expect(await stockOf(v.variant_id)).toBe(before - 50);
    });

    test('a legal entity may take up to ORDER_LINE_MAX_QTY_LEGAL (999 by default)', async () => {
      const v = await variantWith(100);
      const legal = await shopperToken('+998935550101', 'legal');
      const res = await order(one(v, 120), { who: legal });
      expect(res.statusCode).toBe(201);
      expect(res.json().order.items[0].quantity).toBe(120);
    });

    test('the cart never holds more than the limit: lowered like a line over stock, and each line says its most', async () => {
      const v = await variantWith(40);
      const saved = await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(shopper), payload: { cart_data: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 80 }] } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()[0]).toMatchObject({ variant_id: v.variant_id, quantity: 50, max_quantity: 50, total_quanity: (await stockOf(v.variant_id)) });
      expect((await t.app.inject({ url: '/api/profile/cart', headers: bearer(shopper) })).json()[0].quantity).toBe(50);
      const checked = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 80 }] } });
      expect(checked.json().data[0]).toMatchObject({ quantity: 50, max_quantity: 50 });
      expect(checked.json().changes).toEqual([{ product_id: v.product_id, variant_id: v.variant_id, change: 'quantity_capped' }]);
      // Below the limit the stock is the most.
      const scarce = await variantWith(2);
      const few = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: scarce.product_id, variant_id: scarce.variant_id, quantity: 1 }] } });
      expect(few.json().data[0]).toMatchObject({ quantity: 1, max_quantity: await stockOf(scarce.variant_id) });
    });
  });

  describe('an unconfirmed cash order holds its stock CASH_ORDER_HOLD_H (48 h)', () => {
    const detail = async (number: string, role: StaffRole = 'operator') => (await admin(role, 'GET', `/api/admin/orders/${number}`)).json().order;
    const auditRows = (number: string) =>
      queryRows<{ staff_id: number | null; action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
        t.database.db,
        sql`select staff_id, action, before, after from audit_log where entity = 'order' and entity_id = ${number} order by id`,
      );

    test('past its hold the sweep cancels it as the system: stock back once, the shopper texted why, a second sweep does nothing', async () => {
      const v = await variantWith(10);
      const before = await stockOf(v.variant_id);
      const placed = (await order(one(v, 2))).json().order;
      expect(await stockOf(v.variant_id)).toBe(before - 2);
      expect(await detail(placed.number)).toMatchObject({ stock_held_until: new Date(START.getTime() + 48 * HOUR * 1000).toISOString(), hold_extended: false });

      t.clock.advance(47 * HOUR);
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(0);
      expect((await detail(placed.number)).status).toBe('new');

      t.clock.advance(HOUR + 1);
      const texts = t.sms.sent.length;
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(1);
      const cancelled = await detail(placed.number);
      expect(cancelled).toMatchObject({ status: 'cancelled', stock_held_until: null, allowed_next: [] });
      expect(cancelled.timeline.at(-1)).toMatchObject({ status: 'cancelled', staff: null, note: 'CASH_HOLD_EXPIRED' });
      expect(await stockOf(v.variant_id)).toBe(before);
      expect(t.sms.sent.slice(texts)).toEqual([
        { phone: '+998935551122', text: `Bozor: your order ${placed.number} was not confirmed in time, so it is cancelled. If you still need it, please order again.` },
      ]);
      expect(await auditRows(placed.number)).toEqual([
        {
          staff_id: null,
          action: 'order.status',
          before: { status: 'new', payment_status: 'pending', stock_held_until: new Date(START.getTime() + 48 * HOUR * 1000).toISOString() },
          after: { status: 'cancelled', payment_status: 'pending', stock_held_until: null, note: 'CASH_HOLD_EXPIRED', _command: 'system' },
        },
      ]);
      const mine = (await t.app.inject({ url: `/api/orders/${placed.number}`, headers: { ...bearer(shopper), 'x-lang': 'en' } })).json().order;
      expect(mine).toMatchObject({ status: 'cancelled', status_label: 'Cancelled' });

      // Nothing left to do: no second cancel, no stock twice, no second SMS.
      t.clock.advance(HOUR);
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(0);
      expect(await stockOf(v.variant_id)).toBe(before);
      expect(t.sms.sent.length).toBe(texts + 1);
      // The cancelled order no longer counts against the cap either (it was one open order).
      expect((await order(one(v))).statusCode).toBe(201);
    });

    test('only cash orders are held; card and payme orders have their own rules', async () => {
      const v = await variantWith(10);
      const payme = (await order(one(v), { payment: { method: 'payme' } })).json().order;
      expect(await detail(payme.number)).toMatchObject({ stock_held_until: null, hold_extended: false });
      const extend = await admin('operator', 'POST', `/api/admin/orders/${payme.number}/extend-hold`);
      expect(extend.statusCode).toBe(409);
      expect(extend.json().error).toEqual({ code: 'NO_STOCK_HOLD', message: 'This order holds no stock with a time limit: it is confirmed, cancelled or not paid in cash.' });
    });

    test('staff confirming it ends the hold: the sweep leaves it alone and the stock stays with the order', async () => {
      const v = await variantWith(10);
      const before = await stockOf(v.variant_id);
      const placed = (await order(one(v, 3))).json().order;
      const confirmed = await admin('operator', 'POST', `/api/admin/orders/${placed.number}/status`, { status: 'confirmed' });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().order).toMatchObject({ status: 'confirmed', stock_held_until: null });
      const [audit] = await auditRows(placed.number);
      expect(audit).toMatchObject({ staff_id: staffIds.operator, after: { status: 'confirmed', stock_held_until: null } });
      t.clock.advance(100 * HOUR);
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(0);
      expect((await detail(placed.number)).status).toBe('confirmed');
      expect(await stockOf(v.variant_id)).toBe(before - 3);
    });

    test('staff may extend it once by CASH_ORDER_HOLD_H, audited; a second time is a 409; it then lapses at the new time', async () => {
      const v = await variantWith(10);
      const before = await stockOf(v.variant_id);
      const placed = (await order(one(v))).json().order;
      t.clock.advance(40 * HOUR);
      const extended = await admin('manager', 'POST', `/api/admin/orders/${placed.number}/extend-hold`);
      expect(extended.statusCode).toBe(200);
      const until = new Date(START.getTime() + 96 * HOUR * 1000).toISOString();
      expect(extended.json().order).toMatchObject({ status: 'new', stock_held_until: until, hold_extended: true });
      expect(await auditRows(placed.number)).toEqual([
        {
          staff_id: staffIds.manager,
          action: 'order.hold_extended',
          before: { stock_held_until: new Date(START.getTime() + 48 * HOUR * 1000).toISOString(), hold_extended: false },
          after: { stock_held_until: until, hold_extended: true },
        },
      ]);

      const again = await admin('owner', 'POST', `/api/admin/orders/${placed.number}/extend-hold`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'HOLD_ALREADY_EXTENDED', message: 'The hold of this order was already extended; it can be extended only once.' });
      expect((await detail(placed.number)).stock_held_until).toBe(until);
      expect(await auditRows(placed.number)).toHaveLength(1);

      t.clock.advance(10 * HOUR); // 50 h: past the first hold, within the extended one
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(0);
      expect((await detail(placed.number)).status).toBe('new');
      t.clock.advance(47 * HOUR); // 97 h
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(1);
      expect((await detail(placed.number)).status).toBe('cancelled');
      expect(await stockOf(v.variant_id)).toBe(before);
    });

    test('a hold that ran out but was not swept yet is extended from now; a confirmed order has nothing to extend', async () => {
      const v = await variantWith(10);
      const placed = (await order(one(v))).json().order;
      t.clock.advance(50 * HOUR);
      const extended = await admin('operator', 'POST', `/api/admin/orders/${placed.number}/extend-hold`);
      expect(extended.json().order.stock_held_until).toBe(new Date(START.getTime() + 98 * HOUR * 1000).toISOString());
      expect(await t.app.services.cashHolds.sweepOnce()).toBe(0);

      const other = (await order(one(v))).json().order;
      await admin('operator', 'POST', `/api/admin/orders/${other.number}/status`, { status: 'confirmed' });
      const nothing = await admin('operator', 'POST', `/api/admin/orders/${other.number}/extend-hold`);
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().error.code).toBe('NO_STOCK_HOLD');
      expect((await admin('operator', 'POST', '/api/admin/orders/BZ-999999/extend-hold')).statusCode).toBe(404);
    });

    test('who may extend: staff with order rights (a store account only in its store); no session or a shopper’s is 401', async () => {
      const v = await variantWith(10);
      const courierOrder = (await order(one(v))).json().order;
      const url = `/api/admin/orders/${courierOrder.number}/extend-hold`;
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url, headers: bearer(shopper) })).statusCode).toBe(401);
      // Every staff role runs orders, so none gets 403 here; a store account is told nothing of another
      // store's or a courier order (404, as for reading it).
      expect((await admin('store', 'POST', url)).statusCode).toBe(404);
      const elsewhere = (await order(one(v), { delivery: { type: 'pickup', store_id: otherStoreId } })).json().order;
      expect((await admin('store', 'POST', `/api/admin/orders/${elsewhere.number}/extend-hold`)).statusCode).toBe(404);
      const own = (await order(one(v), { delivery: { type: 'pickup', store_id: storeId } })).json().order;
      const byStore = await admin('store', 'POST', `/api/admin/orders/${own.number}/extend-hold`);
      expect(byStore.statusCode).toBe(200);
      expect(byStore.json().order.hold_extended).toBe(true);
      expect((await admin('operator', 'POST', url)).statusCode).toBe(200);
      const roles = (await t.app.inject({ url: '/api/openapi.json' })).json().paths['/api/admin/orders/{number}/extend-hold'].post['x-roles'];
      expect(roles).toEqual((await t.app.inject({ url: '/api/openapi.json' })).json().paths['/api/admin/orders/{number}/status'].post['x-roles']);
    });
  });
});
