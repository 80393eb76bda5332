/**
 * The back office's catalogue API, who may write and what it refuses: every product field's validation (a 422
 * naming the field, in the request's language), a SKU or address taken (409), who may write (owner, manager)
 * and who may not (operator, store: 403), pictures re-encoded to WebP (SVG refused), and the form's lookups.
 * The shop's side of a change is admin-catalog-shop.test.ts, stock admin-catalog-stock.test.ts.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp } from './helpers.js';
import { multipartBody } from './admin-catalog-helpers.js';
import { type CatalogueShop, catalogueCalls, openCatalogueShop } from './support/admin-catalog.js';

describe.each(DB_KINDS)('admin catalogue (%s)', (kind) => {
  let shop: CatalogueShop;
  let t: TestApp;
  let storeId: number;
  let categoryId: number;
  let brandId: number;
  const { admin, productBody, create, productPage, withAuth } = catalogueCalls(kind, () => shop);

  beforeAll(async () => {
    shop = await openCatalogueShop(kind);
    ({ t, storeId, categoryId, brandId } = shop);
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

  test('lookups give the form its categories, brands and stores', async () => {
    const res = await admin('operator', 'GET', '/api/admin/catalog/lookups', undefined, 'ru');
    const body = res.json();
    expect(body.low_stock_threshold).toBe(3);
    expect(body.stores.map((s: { id: number }) => s.id)).toContain(storeId);
    expect(body.categories.find((c: { id: number }) => c.id === categoryId).path).toContain(' / ');
    expect(body.brands.map((b: { id: number }) => b.id)).toContain(brandId);
  });
});
