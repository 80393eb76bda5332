/**
 * Stock hoarding (issue 15), the cash orders' part: an unconfirmed cash order gives its stock back after
 * CASH_ORDER_HOLD_H unless staff confirm it or extend its hold (once); who may extend it.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { type StaffRole } from '../src/db/schema/index.js';
import { DB_KINDS, type TestApp, bearer } from './helpers.js';
import { hoardingShop } from './support/hoarding-shop.js';

const HOUR = 3600;
const START = new Date('2026-11-22T09:00:00Z');

describe.each(DB_KINDS)('order limits (%s)', (kind) => {
  let t: TestApp;
  let shopper: string;
  let storeId: number;
  let otherStoreId: number;
  let staffIds: Record<StaffRole, number>;
  const { admin, variantWith, stockOf, order, one, open, nextTest, close } = hoardingShop(kind);

  beforeAll(async () => {
    ({ t, storeId, otherStoreId, staffIds } = await open());
  }, 180_000);
  beforeEach(async () => {
    shopper = await nextTest();
  });
  afterAll(async () => {
    await close();
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
