/**
 * Store and delivery changes from the back office reaching the shop's public answers and the checkout's
 * price: a store's hours and pin, a region's tariff, the free-delivery threshold, regions added, switched off
 * and deleted — each change with its audit row.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { checkoutKit } from './checkout-helpers.js';
import { contentStaff } from './support/content-staff.js';

describe.each(DB_KINDS)('back office content (%s)', (kind) => {
  let t: TestApp;
  const { call, publicGet, auditRows, addStaff } = contentStaff(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    await addStaff();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  test('a store’s hours and map pin reach the public stores list', async () => {
    const [store] = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id limit 1`);
    const res = await call('manager', 'PATCH', `/api/admin/stores/${store!.id}`, {
      hours: { uz: 'Har kuni 08:00–23:00', ru: 'Ежедневно 08:00–23:00', en: 'Daily 8:00–23:00' },
      lat: 41.3001,
      lng: 69.2402,
      phone: '+998 71 200 99 88',
    });
    expect(res.statusCode).toBe(200);
    const shown = ((await publicGet('/api/store/stores', 'ru')).json().data as Array<{ id: number; hours: string; location: object; phone: string }>).find((s) => s.id === store!.id)!;
    expect(shown).toMatchObject({ hours: 'Ежедневно 08:00–23:00', location: { lat: 41.3001, lng: 69.2402 }, phone: '+998712009988' });
    expect((await auditRows('store.update')).at(-1)).toMatchObject({ entity: 'store', after: { lat: 41.3001, lng: 69.2402, phone: '+998712009988' } });
  });

  test('a delivery tariff and the free-delivery threshold reach /api/settings/delivery and the checkout’s price', async () => {
    const [v] = await queryRows<{ product_id: number; variant_id: number; price: number; weight: number }>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id, v.price_individual as price, p.weight_grams as weight from variants v join products p on p.id = v.product_id
          join variant_stock s on s.variant_id = v.id
          where p.status = 'active' and p.visible_to is null and v.price_individual between 100000 and 400000 and p.weight_grams <= 3000 and s.quantity > 0
          order by v.id limit 1`,
    );
    const quote = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/delivery/quote',
          payload: { items: [{ product_id: v!.product_id, variant_id: v!.variant_id, quantity: 1 }], delivery: { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 1' } },
        })
      ).json().data;
    expect((await quote()).delivery_fee).toBe(25_000);

    const changed = await call('manager', 'PATCH', '/api/admin/delivery/regions/tashkent', { base_fee: 30_000, days: '1 - 2' });
    expect(changed.statusCode).toBe(200);
    const settings = (await publicGet('/api/settings/delivery')).json().data;
    expect(settings.regions.find((r: { slug: string }) => r.slug === 'tashkent')).toMatchObject({ tariff: { base_fee: 30_000 }, days: '1–2' });
    expect((await quote()).delivery_fee).toBe(30_000);

    // the threshold under the item's price: delivery becomes free, and the settings say so
    const threshold = await call('manager', 'PATCH', '/api/admin/delivery', { free_delivery_threshold: v!.price, delivery_sum: 30_000 });
    expect(threshold.json().delivery).toMatchObject({ free_delivery_threshold: v!.price, delivery_sum: 30_000 });
    expect((await publicGet('/api/settings/delivery')).json().data).toMatchObject({ free_delivery_threshold: v!.price, delivery_sum: 30_000 });
    expect(await quote()).toMatchObject({ delivery_fee: 0, free_delivery_threshold: v!.price, total: v!.price });

    // a new region with its cities can be chosen at the checkout
    const region = await call('manager', 'POST', '/api/admin/delivery/regions', {
      slug: 'test-region',
      name: { uz: 'Sinov viloyati', ru: 'Тестовая область', en: 'Test Region' },
      cities: [{ slug: 'test-city', name: { uz: 'Sinov', ru: 'Тест', en: 'Test' } }],
      base_fee: 70_000,
      base_weight_g: 5000,
      per_kg_fee: 7000,
      days: '5',
      express_available: false,
    });
    expect(region.statusCode).toBe(201);
    expect((await publicGet('/api/settings/delivery', 'ru')).json().data.regions.find((r: { slug: string }) => r.slug === 'test-region')).toMatchObject({ name: 'Тестовая область', cities: [{ slug: 'test-city', name: 'Тест' }] });

    // a region orders went to stays (they show its name); the default region stays; one added by mistake goes
    const shopper = await signIn(t, '+998935550177');
    const variant = await checkoutKit(t, () => shopper).freshVariant();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(shopper), 'idempotency-key': 'region-delete-order', 'x-lang': 'en' },
      payload: {
        items: [{ product_id: variant.product_id, variant_id: variant.variant_id, quantity: 1 }],
        delivery: { type: 'courier', region: 'test-region', city: 'test-city', address: 'Sinov 1' },
        receiver: { name: 'Aziz', surname: 'Sinov', phone: '+998 93 555 01 77' },
        payment: { method: 'cash' },
      },
    });
    expect(order.statusCode).toBe(201);
    const used = await call('manager', 'DELETE', '/api/admin/delivery/regions/test-region', undefined, 'ru');
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toMatchObject({ code: 'REGION_HAS_ORDERS', message: 'В регион «Тестовая область» уже оформлено заказов: 1. В них должно остаться его название, поэтому его нельзя удалить. Вместо этого остановите доставку туда: при оформлении заказа его не будет.' });
    expect((await call('manager', 'DELETE', '/api/admin/delivery/regions/tashkent')).json().error.code).toBe('REGION_IS_DEFAULT');

    // instead, the shop stops delivering there: the checkout no longer offers it or takes an order for it,
    // the product page's estimate falls back to the default region, and the order placed keeps the region's name
    const off = await call('manager', 'PATCH', '/api/admin/delivery/regions/test-region', { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().delivery.regions.find((r: { slug: string }) => r.slug === 'test-region')).toMatchObject({ active: false });
    expect((await publicGet('/api/settings/delivery')).json().data.regions.map((r: { slug: string }) => r.slug)).not.toContain('test-region');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(shopper), 'idempotency-key': 'region-closed-order', 'x-lang': 'ru' },
      payload: {
        items: [{ product_id: variant.product_id, variant_id: variant.variant_id, quantity: 1 }],
        delivery: { type: 'courier', region: 'test-region', city: 'test-city', address: 'Sinov 1' },
        receiver: { name: 'Aziz', surname: 'Sinov', phone: '+998 93 555 01 77' },
        payment: { method: 'cash' },
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ 'delivery.region': 'Сейчас мы не доставляем в этот регион. Выберите другой регион или самовывоз из магазина.' });
    const [product] = await queryRows<{ slug: string }>(t.database.db, sql`select slug from products where id = ${variant.product_id}`);
    const estimate = await t.app.inject({ url: `/api/products/${product!.slug}/availability?region=test-region`, headers: { 'x-lang': 'en' } });
    expect(estimate.json().data.courier.region).toEqual({ slug: 'tashkent', name: 'Tashkent city' });
    const placed = await t.app.inject({ url: `/api/orders/${order.json().order.number}`, headers: { ...bearer(shopper), 'x-lang': 'en' } });
    expect(placed.json().order.delivery.address).toMatchObject({ region: 'test-region', region_name: 'Test Region' });
    const defaultOff = await call('manager', 'PATCH', '/api/admin/delivery/regions/tashkent', { active: false });
    expect(defaultOff.statusCode).toBe(409);
    expect(defaultOff.json().error).toMatchObject({ code: 'REGION_IS_DEFAULT', message: '“Tashkent city” is the shop’s default region (delivery times and prices are shown for it), so it can be neither deleted nor switched off.' });
    expect((await call('manager', 'PATCH', '/api/admin/delivery/regions/test-region', { active: 'no' })).statusCode).toBe(422);
    expect((await auditRows('delivery.region_update')).at(-1)).toMatchObject({ entity_id: 'test-region', before: { active: true }, after: { active: false } });
    // and back on: offered again
    expect((await call('manager', 'PATCH', '/api/admin/delivery/regions/test-region', { active: true })).statusCode).toBe(200);
    expect((await publicGet('/api/settings/delivery')).json().data.regions.map((r: { slug: string }) => r.slug)).toContain('test-region');
    expect((await call('manager', 'DELETE', '/api/admin/delivery/regions/no-such-region')).statusCode).toBe(404);
    const oops = await call('manager', 'POST', '/api/admin/delivery/regions', {
      slug: 'oops-region',
      name: { uz: 'Xato', ru: 'Ошибка', en: 'Oops' },
      cities: [{ slug: 'oops-city', name: { uz: 'Xato', ru: 'Ошибка', en: 'Oops' } }],
      base_fee: 1000,
      base_weight_g: 1000,
      per_kg_fee: 0,
      days: '1',
      express_available: false,
    });
    expect(oops.statusCode).toBe(201);
    const gone = await call('manager', 'DELETE', '/api/admin/delivery/regions/oops-region');
    expect(gone.statusCode).toBe(200);
    expect(gone.json().delivery.regions.map((r: { slug: string }) => r.slug)).not.toContain('oops-region');
    expect((await publicGet('/api/settings/delivery')).json().data.regions.map((r: { slug: string }) => r.slug)).not.toContain('oops-region');
    expect((await auditRows('delivery.region_delete')).at(-1)).toMatchObject({ entity_id: 'oops-region', before: { name: { en: 'Oops' } }, after: null });

    expect((await auditRows('delivery.region_update')).find((row) => row.entity_id === 'tashkent')).toMatchObject({ before: { base_fee: 25_000 }, after: { base_fee: 30_000 } });
    expect((await auditRows('delivery.settings')).at(-1)).toMatchObject({ before: { free_delivery_threshold: 1_000_000 }, after: { free_delivery_threshold: v!.price } });
  });
});
