/**
 * The back office's order lists: a store account seeing only its store's pickup orders (and not the
 * account behind them), search by number, phone or name with counts per status, notes kept and audited,
 * and the dashboard's counts.
 */
import { DB_KINDS, type TestApp, bearer } from './helpers.js';
import { backOffice } from './support/back-office.js';

describe.each(DB_KINDS)('back office (%s)', (kind) => {
  let t: TestApp;
  let storeId: number;
  let otherStoreId: number;
  const { tokens, admin, placeOrder, auditRows, open, close } = backOffice(kind);
  beforeAll(async () => {
    ({ t, storeId, otherStoreId } = await open());
  }, 180_000);
  afterAll(async () => {
    await close();
  });

  test('a store account sees only the pickup orders of its store, and moves them', async () => {
    const mine = await placeOrder({ method: 'cash' }, { type: 'pickup', store_id: storeId });
    const theirs = await placeOrder({ method: 'cash' }, { type: 'pickup', store_id: otherStoreId });
    const list = (await admin('store', 'GET', '/api/admin/orders?per_page=100')).json();
    const numbers = list.data.map((o: { number: string }) => o.number);
    expect(numbers).toContain(mine.number);
    expect(numbers).not.toContain(theirs.number);
    expect(list.data.every((o: { delivery_type: string; store_id: number }) => o.delivery_type === 'pickup' && o.store_id === storeId)).toBe(true);
    expect((await admin('store', 'GET', `/api/admin/orders/${theirs.number}`)).statusCode).toBe(404);
    expect((await admin('store', 'POST', `/api/admin/orders/${theirs.number}/status`, { status: 'confirmed' })).statusCode).toBe(404);
    const moved = await admin('store', 'POST', `/api/admin/orders/${mine.number}/status`, { status: 'confirmed' });
    expect(moved.statusCode).toBe(200);
    // the till gets the receiver, not the account behind the order (its role has no customer data)
    expect(moved.json().order.customer).toBeNull();
    expect((await admin('store', 'GET', `/api/admin/orders/${mine.number}`)).json().order).toMatchObject({ customer: null, receiver: { phone: expect.any(String) } });
    expect(list.data.every((o: { customer: unknown }) => o.customer === null)).toBe(true);
    expect((await admin('operator', 'GET', `/api/admin/orders/${mine.number}`)).json().order.customer).toMatchObject({ id: expect.any(Number) });
    // nor does it find them by the account: the account's phone (93 555 11 22) finds nothing, the receiver's (90 123 45 67) does
    expect((await admin('store', 'GET', '/api/admin/orders?q=935551122')).json().meta.total).toBe(0);
    expect((await admin('store', 'GET', '/api/admin/orders?q=901234567')).json().data.map((o: { number: string }) => o.number)).toContain(mine.number);
    expect((await admin('operator', 'GET', '/api/admin/orders?q=935551122&per_page=100')).json().data.map((o: { number: string }) => o.number)).toContain(mine.number);
    // asking for another store's or a courier's orders finds nothing (not its own list, as if unasked)
    for (const query of [`store_id=${otherStoreId}`, 'delivery_type=courier', 'delivery_type=phone']) {
      expect([query, (await admin('store', 'GET', `/api/admin/orders?${query}`)).json().meta.total]).toEqual([query, 0]);
    }
    expect((await admin('store', 'GET', `/api/admin/orders?store_id=${storeId}&delivery_type=pickup&per_page=100`)).json().data.map((o: { number: string }) => o.number)).toContain(mine.number);
  });

  test('orders are found by number, phone or name; counts per status follow the other filters; notes are kept', async () => {
    const order = await placeOrder();
    const byNumber = (await admin('operator', 'GET', `/api/admin/orders?q=${order.number}`)).json();
    expect(byNumber.data.map((o: { number: string }) => o.number)).toEqual([order.number]);
    const byPhone = (await admin('operator', 'GET', '/api/admin/orders?q=935551122&status=new')).json();
    expect(byPhone.data.length).toBeGreaterThan(0);
    expect(byPhone.meta.counts.new).toBe(byPhone.meta.total);
    expect((await admin('operator', 'GET', '/api/admin/orders?q=Nobody%20Such')).json().meta.total).toBe(0);
    // the receiver's name as the list shows it, either way round, and a spaced phone
    for (const q of ['Dilnoza Karimova', 'karimova dilnoza', '90 123 45 67']) {
      const found = (await admin('operator', 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}&per_page=100`)).json();
      expect([q, found.data.some((o: { number: string }) => o.number === order.number)]).toEqual([q, true]);
    }
    expect((await admin('operator', 'GET', `/api/admin/orders?q=${encodeURIComponent('Dilnoza Nobody')}`)).json().meta.total).toBe(0);
    expect((await admin('operator', 'GET', '/api/admin/orders?sort=price')).statusCode).toBe(422);
    const note = await admin('operator', 'POST', `/api/admin/orders/${order.number}/notes`, { text: 'Call before delivery' });
    expect(note.statusCode).toBe(201);
    expect((await admin('operator', 'GET', `/api/admin/orders/${order.number}`)).json().order.notes).toEqual([
      expect.objectContaining({ text: 'Call before delivery', staff: expect.objectContaining({ name: 'operator person' }) }),
    ]);
    expect((await auditRows('order.note')).at(-1)).toMatchObject({ entity_id: order.number, after: { note: 'Call before delivery' } });
  });

  test('the dashboard counts today and this week, and what waits per status', async () => {
    const before = (await admin('operator', 'GET', '/api/admin/dashboard')).json();
    const order = await placeOrder();
    const after = (await admin('operator', 'GET', '/api/admin/dashboard')).json();
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.week.revenue - before.week.revenue).toBeGreaterThan(0);
    expect(after.waiting.new).toBe(before.waiting.new + 1);
    await admin('operator', 'POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Duplicate order' });
    // a cash order cancelled owes nothing: its payment no longer reads "Awaiting payment"
    const view = (await t.app.inject({ url: `/api/admin/orders/${order.number}`, headers: { ...bearer(tokens.operator), 'x-lang': 'ru' } })).json().order;
    expect(view).toMatchObject({ status: 'cancelled', payment_status: 'pending', payment_status_label: 'Не оплачен' });
    const cancelled = (await admin('operator', 'GET', '/api/admin/dashboard')).json();
    expect(cancelled.today.orders).toBe(before.today.orders);
    expect(cancelled.waiting.new).toBe(before.waiting.new);
  });
});
