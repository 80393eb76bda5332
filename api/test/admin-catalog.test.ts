/**
 * The back office's catalogue API as staff and shoppers meet it: every product field's validation (a 422
 * naming the field, in the request's language), who may write (owner, manager) and who may not (operator,
 * store: 403), a new product live in the shop's list, search (misspelt Russian) and product page at once,
 * a price change reaching the product page and the cart check, a hidden or archived product gone (404,
 * search, the list the sitemap is built from), stock movements with the orders' own moves in one history,
 * pictures re-encoded to WebP (SVG refused), low stock and the dashboard's count, and audit rows.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { type StaffRole } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { multipartBody, staffTokens } from './admin-catalog-helpers.js';

const R = '/backend/api/ext/v1/resources';
const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };

describe.each(DB_KINDS)('admin catalogue (%s)', (kind) => {
  let t: TestApp;
  let tokens: Record<StaffRole, string>;
  let storeId: number;
  let otherStoreId: number;
  let categoryId: number;
  let brandId: number;
  let n = 0;

  const admin = (role: StaffRole, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en') =>
    t.app.inject({ method, url, headers: { ...bearer(tokens[role]), 'x-lang': lang }, ...(payload ? { payload } : {}) });

  /** A valid create body with two variants; `sku` prefix keeps SKUs unique per test. */
  function productBody(over: Record<string, unknown> = {}) {
    n++;
    return {
      name: { uz: `Elektr choynak Zamonaviy ${n}`, ru: `Электрический чайник Современный ${n}`, en: `Electric kettle Modern ${n}` },
      description: { uz: 'Tez qaynatadi.', ru: 'Быстро кипятит.', en: 'Boils fast.' },
      category_id: categoryId,
      brand_id: brandId,
      attributes: [{ code: 'power', name: { uz: 'Quvvat', ru: 'Мощность', en: 'Power' }, value: { uz: '2200 Vt', ru: '2200 Вт', en: '2200 W' } }],
      mxik: '08516500001001001',
      package_code: '1501563',
      vat_percent: 12,
      weight_grams: 1200,
      variants: [
        {
          sku: `TST-${kind}-${n}-W`,
          options: [{ code: 'color', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' }, value: 'white', label: { uz: 'Oq', ru: 'Белый', en: 'White' } }],
          price_individual: 300_000,
          price_legal: 280_000,
          old_price_individual: 350_000,
          stock: [{ store_id: storeId, quantity: 5 }],
        },
        {
          sku: `TST-${kind}-${n}-B`,
          options: [{ code: 'color', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' }, value: 'black', label: { uz: 'Qora', ru: 'Чёрный', en: 'Black' } }],
          price_individual: 320_000,
          price_legal: 300_000,
        },
      ],
      ...over,
    };
  }

  async function create(over: Record<string, unknown> = {}) {
    const res = await admin('manager', 'POST', '/api/admin/products', productBody(over));
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    return res.json().product as {
      id: number; slug: string; visibility: string; archived: boolean; missing_langs: string[];
      images: Array<{ key: string; url: string }>;
      variants: Array<{ id: number; sku: string; price_individual: number; total_quantity: number; stock: Array<{ store: { id: number; code: string }; quantity: number; low: boolean }> }>;
    };
  }
  const productPage = (slug: string) => t.app.inject({ url: `${R}/product/${slug}`, headers: { 'x-lang': 'ru' } });
  const search = async (q: string) => (await t.app.inject({ url: `${R}/products/search?q=${encodeURIComponent(q)}&limit=50` })).json().data as Array<{ slug: string }>;
  /** Every slug of the shop's product list (what sitemap.xml is built from). */
  async function listedSlugs(): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { page, per_page: 100, sort: 'new' } });
      const body = res.json() as { data: Array<{ slug: string }>; meta: { last_page: number } };
      out.push(...body.data.map((p) => p.slug));
      if (page >= body.meta.last_page) return out;
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, env: { ORDER_OPEN_UNPAID_MAX: '1000' } });
    const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by sort, id`);
    [storeId, otherStoreId] = [stores[0]!.id, stores[1]!.id];
    const [c] = await queryRows<{ id: number }>(t.database.db, sql`select id from categories where parent_id is not null order by id limit 1`);
    const [b] = await queryRows<{ id: number }>(t.database.db, sql`select id from brands order by id limit 1`);
    categoryId = c!.id;
    brandId = b!.id;
    tokens = await staffTokens(t, storeId);
  }, 120_000);
  afterAll(async () => t.close());

  test('operator and store accounts get 403 on every catalogue write; the operator reads, the store account does not', async () => {
    const p = await create();
    const v = p.variants[0]!;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).png().toBuffer();
    for (const role of ['operator', 'store'] as const) {
      const writes = [
        await admin(role, 'POST', '/api/admin/products', productBody()),
        await admin(role, 'PATCH', `/api/admin/products/${p.id}`, { vat_percent: 0 }),
        await admin(role, 'DELETE', `/api/admin/products/${p.id}`),
        await admin(role, 'PUT', `/api/admin/products/${p.id}/images`, { keys: [] }),
        await admin(role, 'POST', `/api/admin/variants/${v.id}/stock-movements`, { store_id: storeId, reason: 'received', quantity: 1 }),
        await t.app.inject({ method: 'POST', url: `/api/admin/products/${p.id}/images`, ...withAuth(role, multipartBody([{ field: 'image', filename: 'a.png', type: 'image/png', data: png }])) }),
        await t.app.inject({ method: 'POST', url: '/api/admin/catalog/import/dry-run', ...withAuth(role, multipartBody([{ field: 'file', filename: 'a.csv', data: 'sku\n' }])) }),
      ];
      expect(writes.map((r) => r.statusCode)).toEqual(writes.map(() => 403));
    }
    expect((await admin('operator', 'GET', '/api/admin/products')).statusCode).toBe(200);
    expect((await admin('operator', 'GET', `/api/admin/products/${p.id}`)).statusCode).toBe(200);
    expect((await admin('store', 'GET', '/api/admin/products')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/products' })).statusCode).toBe(401);
    // Nothing of the refused writes happened.
    const after = (await admin('owner', 'GET', `/api/admin/products/${p.id}`)).json().product;
    expect([after.archived, after.vat_percent, after.variants[0].total_quantity]).toEqual([false, 12, 5]);
  });

  function withAuth(role: StaffRole, body: { payload: Buffer; headers: Record<string, string> }) {
    return { payload: body.payload, headers: { ...body.headers, ...bearer(tokens[role]), 'x-lang': 'en' } };
  }

  test.each([
    ['mxik', { mxik: '0851650000100100' }, 'ИКПУ (MXIK) состоит из 17 цифр.'],
    ['package_code', { package_code: 'abc' }, 'Код упаковки — от 1 до 20 цифр.'],
    ['vat_percent', { vat_percent: 101 }, null],
    ['weight_grams', { weight_grams: 0 }, null],
    ['name.uz', { name: { ru: 'Чайник' } }, 'Обязательное поле.'],
    ['slug', { slug: 'Bad Slug!' }, null],
    ['category_id', { category_id: 'x' }, null],
    ['variants', { variants: [] }, null],
  ])('a bad %s is a 422 naming the field, in the request’s language', async (field, over, text) => {
    const res = await admin('manager', 'POST', '/api/admin/products', productBody(over), 'ru');
    expect(res.statusCode).toBe(422);
    const fields = res.json().error.fields as Record<string, string>;
    expect(Object.keys(fields)).toContain(field);
    if (text) expect(fields[field]).toBe(text);
    expect(res.json().error.message).toBe('Проверьте введённые данные.');
  });

  test('variant fields: SKU format, prices, old price above the price, a SKU twice, an unknown category or brand', async () => {
    const body = productBody();
    const [w, b] = body.variants;
    const cases: Array<[object, string, string | null]> = [
      [{ variants: [{ ...w, sku: 'bad sku' }, b] }, 'variants.0.sku', 'Артикул (SKU): 1–64 символа, только латиница, цифры и . _ / -'],
      [{ variants: [w, { ...b, price_individual: 0 }] }, 'variants.1.price_individual', 'Цена — целое число сумов, больше 0.'],
      [{ variants: [w, { ...b, price_legal: 1.5 }] }, 'variants.1.price_legal', null],
      [{ variants: [{ ...w, old_price_individual: 300_000 }, b] }, 'variants.0.old_price_individual', 'Старая цена должна быть выше текущей.'],
      [{ variants: [w, { ...b, sku: w!.sku.toLowerCase() }] }, 'variants.1.sku', 'Этот артикул указан дважды.'],
      [{ category_id: 999_999 }, 'category_id', 'Такой записи нет.'],
      [{ brand_id: 999_999 }, 'brand_id', 'Такой записи нет.'],
    ];
    for (const [over, field, text] of cases) {
      const res = await admin('manager', 'POST', '/api/admin/products', { ...body, ...over }, 'ru');
      expect([field, res.statusCode]).toEqual([field, 422]);
      const fields = res.json().error.fields as Record<string, string>;
      expect(Object.keys(fields)).toContain(field);
      if (text) expect(fields[field]).toBe(text);
    }
  });

  test('a SKU or address another product has is a 409 naming the field', async () => {
    const [seeded] = await queryRows<{ sku: string; slug: string }>(t.database.db, sql`select v.sku, p.slug from variants v join products p on p.id = v.product_id order by v.id limit 1`);
    const body = productBody();
    const taken = await admin('manager', 'POST', '/api/admin/products', { ...body, variants: [body.variants[0], { ...body.variants[1], sku: seeded!.sku }] }, 'uz');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'SKU_TAKEN', fields: { 'variants.1.sku': 'Bu SKU band.' } });
    const slug = await admin('manager', 'POST', '/api/admin/products', { ...productBody(), slug: seeded!.slug });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().error).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: expect.any(String) } });
  });

  test('a new product is in the shop at once: its page, the list, and a misspelt Russian search; a missing language is flagged and falls back to Uzbek', async () => {
    const p = await create({ name: { uz: 'Gidrofon Quvnoq', ru: 'Гидрофон Весёлый' } });
    expect(p.missing_langs).toEqual(['en']);
    const page = await t.app.inject({ url: `${R}/product/${p.slug}`, headers: { 'x-lang': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.json().product.name).toBe('Gidrofon Quvnoq');
    expect(page.json().product.variants.map((v: { sku: string }) => v.sku)).toEqual(p.variants.map((v) => v.sku));
    expect((await search('гидрафон')).map((r) => r.slug)).toContain(p.slug);
    expect(await listedSlugs()).toContain(p.slug);
    const list = (await admin('manager', 'GET', '/api/admin/products?q=gidrafon')).json();
    expect(list.data[0]).toMatchObject({ id: p.id, missing_langs: ['en'], stock_state: 'in_stock', variants_count: 2 });
    const missing = (await admin('manager', 'GET', '/api/admin/products?missing_lang=en&per_page=100')).json().data.map((r: { id: number }) => r.id);
    expect(missing).toContain(p.id);
    const [audit] = await queryRows<{ staff_id: number; after: { name: { uz: string } } }>(
      t.database.db,
      sql`select staff_id, after from audit_log where action = 'product.create' and entity_id = ${String(p.id)}`,
    );
    expect(audit!.after.name.uz).toBe('Gidrofon Quvnoq');
    // the back office's audit log filters by it (an action the log does not know is a 422, not an empty page)
    const logged = (await admin('owner', 'GET', `/api/admin/audit?entity=product&entity_id=${p.id}&action=product.create`)).json();
    expect(logged.data.map((r: { action: string; entity: string }) => `${r.action} ${r.entity}`)).toEqual(['product.create product']);
    expect((await admin('owner', 'GET', '/api/admin/audit?action=product.bogus')).statusCode).toBe(422);
  });

  test('a price change reaches the product page and the cart check', async () => {
    const p = await create();
    const v = p.variants[0]!;
    const line = { product_id: p.id, variant_id: v.id, quantity: 1 };
    const before = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [line] } });
    expect(before.json().data[0].price).toBe(300_000);
    const body = productBody();
    const res = await admin('manager', 'PATCH', `/api/admin/products/${p.id}`, {
      variants: [
        { id: v.id, sku: v.sku, price_individual: 275_000, price_legal: 260_000, old_price_individual: 350_000 },
        { id: p.variants[1]!.id, sku: p.variants[1]!.sku, price_individual: 320_000, price_legal: 300_000 },
      ],
      name: body.name,
    });
    expect(res.statusCode).toBe(200);
    const page = (await productPage(res.json().product.slug)).json().product;
    expect(page.price).toBe(275_000);
    expect(page.variants.find((x: { id: number }) => x.id === v.id).price).toBe(275_000);
    const after = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ ...line, price: 300_000 }] } });
    expect(after.json().data[0].price).toBe(275_000);
    // The stock the product was created with stays (a variant edit is not a stock change).
    expect(res.json().product.variants[0].total_quantity).toBe(5);
    const [audit] = await queryRows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'product.update' and entity_id = ${String(p.id)} order by id desc limit 1`,
    );
    expect(Object.keys(audit!.after)).toEqual(expect.arrayContaining(['variants', 'name']));
  });

  test("the audit log names a product whose entry holds only what changed (its name as it is now)", async () => {
    const p = await create({ name: { uz: 'Dazmol Bosch Sensixx', ru: 'Утюг Bosch Sensixx', en: 'Bosch Sensixx iron' } });
    expect((await admin('manager', 'PATCH', `/api/admin/products/${p.id}`, { weight_grams: 1800 })).statusCode).toBe(200);
    const logged = (await admin('owner', 'GET', `/api/admin/audit?entity=product&entity_id=${p.id}&action=product.update`)).json();
    expect(logged.data[0].after).toEqual({ weight_grams: 1800 });
    expect(logged.data[0].entity_name).toEqual({ uz: 'Dazmol Bosch Sensixx', ru: 'Утюг Bosch Sensixx', en: 'Bosch Sensixx iron' });
    // other entries name nothing here (their own rows carry what they are)
    const staffRows = (await admin('owner', 'GET', '/api/admin/audit?entity=staff')).json();
    for (const row of staffRows.data) expect(row.entity_name).toBeNull();
  });

  test('a hidden product is a 404 and gone from search and the list (sitemap); wholesale-only is only for legal entities; archived too, until brought back', async () => {
    const p = await create({ name: { uz: 'Zumrad Shamchiroq', ru: 'Изумрудный светильник', en: 'Emerald lamp' } });
    expect((await productPage(p.slug)).statusCode).toBe(200);
    expect((await search('изумрудный светильник')).map((r) => r.slug)).toContain(p.slug);

    // The category's count is cached for 30 s per process; the process that made the change forgets it at once.
    const countOf = async () => {
      const walk = (nodes: Array<{ id: number; products_count: number; children: unknown[] }>): number | undefined =>
        nodes.map((c) => (c.id === categoryId ? c.products_count : walk(c.children as typeof nodes))).find((x) => x !== undefined);
      return walk((await t.app.inject({ url: `${R}/categories` })).json().data);
    };
    const counted = await countOf();
    expect((await admin('manager', 'PATCH', `/api/admin/products/${p.id}`, { visibility: 'hidden' })).json().product.visibility).toBe('hidden');
    expect(await countOf()).toBe(counted! - 1);
    expect((await productPage(p.slug)).statusCode).toBe(404);
    expect((await search('изумрудный светильник')).map((r) => r.slug)).not.toContain(p.slug);
    expect(await listedSlugs()).not.toContain(p.slug);
    // Staff still find it.
    expect((await admin('manager', 'GET', '/api/admin/products?q=zumrad&visibility=hidden')).json().data.map((r: { id: number }) => r.id)).toContain(p.id);

    await admin('manager', 'PATCH', `/api/admin/products/${p.id}`, { visibility: 'wholesale' });
    expect((await productPage(p.slug)).statusCode).toBe(404);
    const legal = await signIn(t, '+998935550177');
    await t.database.db.execute(sql`update customers set user_type = 'legal' where phone = '+998935550177'`);
    expect((await t.app.inject({ url: `${R}/product/${p.slug}`, headers: bearer(legal) })).statusCode).toBe(200);

    const archived = await admin('manager', 'DELETE', `/api/admin/products/${p.id}`);
    expect(archived.json().product.archived).toBe(true);
    expect((await t.app.inject({ url: `${R}/product/${p.slug}`, headers: bearer(legal) })).statusCode).toBe(404);
    expect((await search('изумрудный светильник')).map((r) => r.slug)).not.toContain(p.slug);
    expect((await admin('manager', 'GET', '/api/admin/products?q=zumrad')).json().data.map((r: { id: number }) => r.id)).not.toContain(p.id);
    expect((await admin('manager', 'GET', '/api/admin/products?q=zumrad&archived=true')).json().data.map((r: { id: number }) => r.id)).toContain(p.id);

    const back = await admin('manager', 'PATCH', `/api/admin/products/${p.id}`, { archived: false, visibility: 'shown' });
    expect(back.json().product).toMatchObject({ archived: false, visibility: 'shown' });
    expect((await productPage(p.slug)).statusCode).toBe(200);
  });

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

  test('pictures: several uploaded and re-encoded to WebP, reordered, one deleted; SVG and HTML refused', async () => {
    const p = await create();
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0a0' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00a' } }).jpeg().toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${p.id}/images`,
      ...withAuth('manager', multipartBody([{ field: 'image', filename: 'a.png', type: 'image/png', data: png }, { field: 'image', filename: 'b.jpg', type: 'image/jpeg', data: jpeg }])),
    });
    expect([up.statusCode, up.statusCode === 201 ? '' : up.body]).toEqual([201, '']);
    const images = up.json().product.images as Array<{ key: string; url: string }>;
    expect(images).toHaveLength(2);
    const stored = await t.app.inject({ url: images[0]!.url });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 1600]);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, type, data] of [['x.svg', 'image/svg+xml', svg], ['x.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')]] as const) {
      const bad = await t.app.inject({ method: 'POST', url: `/api/admin/products/${p.id}/images`, ...withAuth('manager', multipartBody([{ field: 'image', filename: name, type, data }])) });
      expect([bad.statusCode, bad.json().error.code, Object.keys(bad.json().error.fields)]).toEqual([422, 'IMAGE_INVALID', ['image']]);
    }

    const reordered = await admin('manager', 'PUT', `/api/admin/products/${p.id}/images`, { keys: [images[1]!.key] });
    expect(reordered.json().product.images.map((i: { key: string }) => i.key)).toEqual([images[1]!.key]);
    expect((await t.app.inject({ url: images[0]!.url })).statusCode).toBe(404);
    expect((await productPage(p.slug)).json().product.images.length).toBe(1);
    expect((await admin('manager', 'PUT', `/api/admin/products/${p.id}/images`, { keys: ['products/other.webp'] })).statusCode).toBe(422);
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

  test('lookups give the form its categories, brands and stores', async () => {
    const res = await admin('operator', 'GET', '/api/admin/catalog/lookups', undefined, 'ru');
    const body = res.json();
    expect(body.low_stock_threshold).toBe(3);
    expect(body.stores.map((s: { id: number }) => s.id)).toContain(storeId);
    expect(body.categories.find((c: { id: number }) => c.id === categoryId).path).toContain(' / ');
    expect(body.brands.map((b: { id: number }) => b.id)).toContain(brandId);
  });
});
