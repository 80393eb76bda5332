/**
 * Stock in the back office: movements staff make (received, damaged, a correction checked against what staff
 * saw) with the orders' own moves in one history, a variant an open order holds kept from removal, low stock
 * per store and the dashboard's count.
 */
import { type StaffRole } from '../src/db/schema/index.js';
import { DB_KINDS, type TestApp, bearer, signIn } from './helpers.js';
import { type CatalogueShop, catalogueCalls, courier, openCatalogueShop, receiver } from './support/admin-catalog.js';

describe.each(DB_KINDS)('admin catalogue (%s)', (kind) => {
  let shop: CatalogueShop;
  let t: TestApp;
  let tokens: Record<StaffRole, string>;
  let storeId: number;
  let otherStoreId: number;
  const { admin, create } = catalogueCalls(kind, () => shop);

  beforeAll(async () => {
    shop = await openCatalogueShop(kind);
    ({ t, tokens, storeId, otherStoreId } = shop);
  }, 120_000);
  afterAll(async () => t.close());

  test('stock movements: received, damaged, a correction that checks what staff saw, and an order’s move in the same history', async () => {
    const p = await create();
    const v = p.variants[0]!;
    const move = (body: object) => {
      t.clock.advance(1);
      return admin('manager', 'POST', `/api/admin/variants/${v.id}/stock-movements`, { store_id: storeId, ...body });
    };
    const received = await move({ reason: 'received', quantity: 10, note: 'Delivery 14' });
    expect(received.statusCode).toBe(201);
    expect(received.json().movement).toMatchObject({ reason: 'received', delta: 10, quantity_after: 15, note: 'Delivery 14', staff: { name: 'manager person' } });
    expect(received.json().variant.stock.find((s: { store: { id: number } }) => s.store.id === storeId).quantity).toBe(15);

    const tooMany = await move({ reason: 'damaged', quantity: 16 });
    expect([tooMany.statusCode, tooMany.json().error.code]).toEqual([409, 'STOCK_INSUFFICIENT']);
    expect((await move({ reason: 'damaged', quantity: 1 })).json().movement).toMatchObject({ delta: -1, quantity_after: 14 });
    expect((await move({ reason: 'received', quantity: 0 })).statusCode).toBe(422);

    // A shopper buys 2: the order takes them from the stock.
    const shopper = await signIn(t, '+998901239999');
    t.clock.advance(1);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(shopper), 'idempotency-key': `ac-${kind}-order-1` },
      payload: { items: [{ product_id: p.id, variant_id: v.id, quantity: 2 }], delivery: courier, receiver, payment: { method: 'cash' } },
    });
    expect([order.statusCode, order.statusCode === 201 ? '' : order.body]).toEqual([201, '']);

    const stale = await move({ reason: 'correction', quantity: 20, expected_quantity: 14 });
    expect([stale.statusCode, stale.json().error.code, stale.json().error.available]).toEqual([409, 'STOCK_CHANGED', 12]);
    const corrected = await move({ reason: 'correction', quantity: 11, expected_quantity: 12 });
    expect(corrected.json().movement).toMatchObject({ reason: 'correction', delta: -1, quantity_after: 11 });
    expect((await admin('owner', 'GET', `/api/admin/products/${p.id}`)).json().product.variants[0].total_quantity).toBe(11);

    const history = (await admin('operator', 'GET', `/api/admin/variants/${v.id}/stock-movements`)).json();
    // every row says the store's count after it, the order's take too
    expect(history.data.map((m: { reason: string; delta: number; quantity_after: number | null }) => [m.reason, m.delta, m.quantity_after])).toEqual([
      ['correction', -1, 11],
      ['order', -2, 12],
      ['damaged', -1, 14],
      ['received', 10, 15],
      ['received', 5, 5],
    ]);
    expect(history.data[1].order.number).toBe(order.json().order.number);
    expect(history.meta.total).toBe(5);
    // every movement staff made is an audit row, the opening stock entered with the new product too
    const audited = (await admin('owner', 'GET', `/api/admin/audit?action=stock.move&entity=variant&entity_id=${v.id}`)).json();
    expect(audited.data.map((a: { before: { quantity: number }; after: { quantity: number; reason: string } }) => [a.after.reason, a.before.quantity, a.after.quantity])).toEqual([
      ['correction', 12, 11],
      ['damaged', 15, 14],
      ['received', 5, 15],
      ['received', 0, 5],
    ]);

    // Staff cancel the order: its units come back, and the history says so.
    t.clock.advance(1);
    const cancelled = await admin('operator', 'POST', `/api/admin/orders/${order.json().order.number}/status`, { status: 'cancelled', note: 'changed mind' });
    expect(cancelled.statusCode).toBe(200);
    const later = (await admin('operator', 'GET', `/api/admin/variants/${v.id}/stock-movements?per_page=1`)).json();
    expect(later.data[0]).toMatchObject({ reason: 'order_released', delta: 2, quantity_after: 13, order: { number: order.json().order.number } });
    expect(later.meta).toMatchObject({ total: 6, last_page: 6 });
    expect((await admin('operator', 'GET', `/api/admin/variants/${v.id}/stock-movements?store_id=${otherStoreId}`)).json().data).toEqual([]);

    // A delivery saved, its answer lost, and saved again with the count the form showed: counted once.
    const delivery = { reason: 'received', quantity: 10, expected_quantity: 13, note: 'delivery 77' };
    expect((await move(delivery)).json().movement).toMatchObject({ delta: 10, quantity_after: 23 });
    const again = await move(delivery);
    expect([again.statusCode, again.json().error.code, again.json().error.available]).toEqual([409, 'STOCK_CHANGED', 23]);
    expect((await move({ reason: 'damaged', quantity: 1, expected_quantity: 13 })).statusCode).toBe(409);
    const back = await move({ reason: 'correction', quantity: 13, expected_quantity: 23 });
    expect(back.json().movement).toMatchObject({ delta: -10, quantity_after: 13 });

    // The first request still running (its answer a 504) when the retry goes: both carry the count the form
    // showed and take the row's lock in turn, so whichever comes second is refused; the delivery counts once.
    const both = await Promise.all([move(delivery), move(delivery)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await admin('owner', 'GET', `/api/admin/products/${p.id}`)).json().product.variants[0].total_quantity).toBe(23);
  });

  test('a variant an order under way holds cannot be removed (409 naming it) until that order is closed', async () => {
    const p = await create();
    const [keep, held] = [p.variants[0]!, p.variants[1]!];
    t.clock.advance(1);
    expect((await admin('manager', 'POST', `/api/admin/variants/${held.id}/stock-movements`, { store_id: storeId, reason: 'received', quantity: 3 })).statusCode).toBe(201);
    const shopper = await signIn(t, '+998901239988');
    t.clock.advance(1);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(shopper), 'idempotency-key': `ac-${kind}-held-variant` },
      payload: { items: [{ product_id: p.id, variant_id: held.id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'cash' } },
    });
    expect([order.statusCode, order.statusCode === 201 ? '' : order.body]).toEqual([201, '']);
    const onlyFirst = { variants: [{ id: keep.id, sku: keep.sku, price_individual: 300_000, price_legal: 290_000 }] };
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/admin/products/${p.id}`, headers: { ...bearer(tokens.manager), 'x-lang': 'ru' }, payload: onlyFirst });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'VARIANT_IN_OPEN_ORDERS',
      message: `Вариант ${held.sku} нельзя удалить: он есть в незакрытых заказах (1). Удалите его, когда они будут выполнены или отменены.`,
      variants: [{ sku: held.sku, orders: 1 }],
    });
    // the product form is told before Save which variant is held, and by how many orders
    const shown = (await admin('owner', 'GET', `/api/admin/products/${p.id}`)).json().product.variants;
    expect(shown.map((v: { sku: string; open_orders: number }) => [v.sku, v.open_orders])).toEqual([
      [keep.sku, 0],
      [held.sku, 1],
    ]);
    // the order cancelled (its unit back on the shelf), the variant may go
    t.clock.advance(1);
    expect((await admin('operator', 'POST', `/api/admin/orders/${order.json().order.number}/status`, { status: 'cancelled', note: 'changed mind' })).statusCode).toBe(200);
    expect((await admin('owner', 'GET', `/api/admin/products/${p.id}`)).json().product.variants[1].open_orders).toBe(0);
    const removed = await admin('manager', 'PATCH', `/api/admin/products/${p.id}`, onlyFirst);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().product.variants.map((v: { sku: string }) => v.sku)).toEqual([keep.sku]);
  });

  test('low stock: a variant under its threshold is listed for its store and counted on the dashboard; the stock filter follows', async () => {
    const p = await create();
    const v = p.variants[0]!;
    const dashboard = async (role: StaffRole) => (await admin(role, 'GET', '/api/admin/dashboard')).json().low_stock as number;
    const before = await dashboard('owner');
    const lowOf = async (role: StaffRole, query = '') =>
      ((await admin(role, 'GET', `/api/admin/stock/low?product_id=${p.id}${query}`)).json().data as Array<{ variant_id: number; store: { id: number }; quantity: number; threshold: number }>).filter(
        (r) => r.variant_id === v.id,
      );
    expect(await lowOf('manager')).toEqual([]);
    await admin('manager', 'POST', `/api/admin/variants/${v.id}/stock-movements`, { store_id: storeId, reason: 'correction', quantity: 2 });
    expect(await lowOf('manager')).toEqual([expect.objectContaining({ store: expect.objectContaining({ id: storeId }), quantity: 2, threshold: 3 })]);
    expect(await lowOf('store')).toHaveLength(1);
    expect(await dashboard('owner')).toBe(before + 1);
    expect((await admin('manager', 'GET', '/api/admin/products?stock=low&per_page=100')).json().data.map((r: { id: number }) => r.id)).toContain(p.id);
    // Its own threshold of 2: no longer low.
    const patched = await admin('manager', 'PATCH', `/api/admin/products/${p.id}`, {
      variants: p.variants.map((x, i) => ({ id: x.id, sku: x.sku, price_individual: 300_000 + i, price_legal: 280_000, low_stock_threshold: i === 0 ? 2 : null })),
    });
    expect(patched.statusCode).toBe(200);
    expect(await lowOf('manager')).toEqual([]);
    expect((await admin('manager', 'GET', '/api/admin/products?stock=in_stock&per_page=100&sort=new')).json().data.map((r: { id: number }) => r.id)).toContain(p.id);
    await admin('manager', 'POST', `/api/admin/variants/${v.id}/stock-movements`, { store_id: storeId, reason: 'correction', quantity: 0 });
    expect((await admin('manager', 'GET', '/api/admin/products?stock=none&per_page=100')).json().data.map((r: { id: number }) => r.id)).toContain(p.id);
  });
});
