/**
 * The back office's orders as staff move them: the order state machine for every pair of states, refusals
 * in the staff member's language, and a cancel that returns the stock once with a refund pending until the
 * (fake) Payme confirms it. Lists, search and the dashboard: staff-orders-lists.test.ts; staff and customer
 * accounts: staff-accounts.test.ts; sign-in and roles: staff-access.test.ts.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { nextStatuses } from '../src/modules/orders/order-status-machine.js';
import { DB_KINDS, type TestApp, bearer } from './helpers.js';
import { type BackOffice, backOffice, courier } from './support/back-office.js';

describe.each(DB_KINDS)('back office (%s)', (kind) => {
  let payme: BackOffice['payme'];
  let t: TestApp;
  let shopper: string;
  let storeId: number;
  const { tokens, admin, placeOrder, auditRows, open, close } = backOffice(kind);
  beforeAll(async () => {
    ({ payme, t, shopper, storeId } = await open());
  }, 180_000);
  afterAll(async () => {
    await close();
  });

  test('the state machine: every pair of states, as a table', async () => {
    const pickupStore = { type: 'pickup', store_id: storeId };
    for (const delivery of [courier, pickupStore]) {
      const isPickup = delivery === pickupStore;
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const path = pathTo(from, isPickup);
          if (!path) continue; // a courier order is never ready_for_pickup, and so on
          const order = await placeOrder({ method: 'cash' }, delivery);
          const move = (status: OrderStatus) => ({ status, ...(status === 'cancelled' ? { note: 'Customer changed their mind' } : {}) });
          for (const step of path) expect((await admin('operator', 'POST', `/api/admin/orders/${order.number}/status`, move(step))).statusCode).toBe(200);
          const res = await admin('operator', 'POST', `/api/admin/orders/${order.number}/status`, move(to));
          const allowed = nextStatuses({ status: from, deliveryType: isPickup ? 'pickup' : 'courier' });
          if (allowed.includes(to)) {
            expect([from, to, res.statusCode]).toEqual([from, to, 200]);
            expect(res.json().order.status).toBe(to);
          } else {
            expect([from, to, res.statusCode]).toEqual([from, to, 409]);
            expect(res.json().error).toMatchObject({ code: 'INVALID_TRANSITION', allowed });
          }
        }
      }
    }
    // the refusal names the statuses as staff read them, in their language
    const packed = await placeOrder({ method: 'cash' }, { type: 'pickup', store_id: storeId });
    for (const step of ['confirmed', 'assembling']) await admin('operator', 'POST', `/api/admin/orders/${packed.number}/status`, { status: step });
    const uz = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${packed.number}/status`, headers: { ...bearer(tokens.manager), 'x-lang': 'uz' }, payload: { status: 'confirmed' } });
    expect(uz.json().error.message).toBe('Buyurtmani «Yigʻilmoqda» holatidan «Tasdiqlandi» holatiga oʻtkazib boʻlmaydi. Mumkin: olib ketishga tayyor, bekor qilindi.');
    const en = await admin('operator', 'POST', `/api/admin/orders/${packed.number}/status`, { status: 'confirmed' });
    expect(en.json().error.message).toBe('The order cannot go from “Being packed” to “Confirmed”. Allowed: ready for pickup, cancelled.');
    // The table itself: nothing leaves cancelled or completed; goods that left cannot be cancelled.
    expect(nextStatuses({ status: 'cancelled', deliveryType: 'courier' })).toEqual([]);
    expect(nextStatuses({ status: 'completed', deliveryType: 'pickup' })).toEqual([]);
    expect(nextStatuses({ status: 'shipping', deliveryType: 'courier' })).toEqual(['delivered']);
    expect(nextStatuses({ status: 'assembling', deliveryType: 'pickup' })).toEqual(['ready_for_pickup', 'cancelled']);
  }, 600_000);

  test('cancelling returns the stock once; a paid card order is refund_pending until Payme confirms, retried while it is down', async () => {
    const card = await t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers: bearer(shopper), payload: { number: '8600 0691 9540 6311', expire: '03/99' } });
    const cardId = card.json().card.id as number;
    await t.app.inject({ method: 'POST', url: '/api/payments/card/confirm', headers: bearer(shopper), payload: { card_id: cardId, code: '666666' } });
    const order = await placeOrder({ method: 'card', card_id: cardId });
    const stock = async () => (await queryRows<{ n: number }>(t.database.db, sql`select sum(s.quantity)::int as n from variant_stock s join order_items i on i.variant_id = s.variant_id where i.order_id = ${order.id}`))[0]!.n;
    const held = await stock();
    payme.faults.push({ method: 'receipts.cancel', process: false, answer: 'http', status: 500 });
    // a cancellation says why: without a reason (or with only spaces) nothing changes
    for (const body of [{ status: 'cancelled' }, { status: 'cancelled', note: '   ' }]) {
      const refused = await admin('manager', 'POST', `/api/admin/orders/${order.number}/status`, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields).toMatchObject({ note: expect.any(String) });
    }
    expect(await stock()).toBe(held);
    expect((await admin('manager', 'GET', `/api/admin/orders/${order.number}`)).json().order.status).toBe('new');
    const cancelled = await admin('manager', 'POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Customer changed their mind' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending', allowed_next: [] });
    expect(await stock()).toBe(held + 1);
    // Again: still not refunded (Payme is still failing), and the stock is not returned twice.
    payme.faults.push({ method: 'receipts.cancel', process: false, answer: 'http', status: 500 });
    t.clock.advance(31);
    await t.app.services.orderPayments.reconcileOnce();
    expect((await admin('manager', 'GET', `/api/admin/orders/${order.number}`)).json().order.payment_status).toBe('refund_pending');
    t.clock.advance(61);
    await t.app.services.orderPayments.reconcileOnce();
    const detail = (await admin('manager', 'GET', `/api/admin/orders/${order.number}`)).json().order;
    expect(detail.payment_status).toBe('refunded');
    expect(await stock()).toBe(held + 1);
    expect(detail.timeline.find((s: { status: string }) => s.status === 'cancelled')).toMatchObject({ staff: { name: 'manager person' }, note: 'Customer changed their mind' });
    const audit = (await auditRows('order.status')).filter((r) => r.entity_id === order.number);
    expect(audit.at(-1)).toMatchObject({ before: { status: 'new', payment_status: 'paid' }, after: { status: 'cancelled', payment_status: 'refund_pending' } });
  });
});

/** The steps that take a new order to `target`, or null when the delivery type never gets there. */
function pathTo(target: OrderStatus, pickup: boolean): OrderStatus[] | null {
  const line: OrderStatus[] = pickup ? ['confirmed', 'assembling', 'ready_for_pickup', 'picked_up', 'completed'] : ['confirmed', 'assembling', 'shipping', 'delivered', 'completed'];
  if (target === 'new') return [];
  if (target === 'cancelled') return ['cancelled'];
  const at = line.indexOf(target);
  return at < 0 ? null : line.slice(0, at + 1);
}
