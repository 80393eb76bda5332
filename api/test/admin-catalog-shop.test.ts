/**
 * The back office's catalogue changes as shoppers meet them: a new product live in the shop's list, search
 * (misspelt Russian) and product page at once, a price change reaching the product page and the cart check,
 * a hidden or archived product gone (404, search, the list the sitemap is built from), and the audit rows.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, signIn } from './helpers.js';
import { type CatalogueShop, R, catalogueCalls, openCatalogueShop } from './support/admin-catalog.js';

describe.each(DB_KINDS)('admin catalogue (%s)', (kind) => {
  let shop: CatalogueShop;
  let t: TestApp;
  let categoryId: number;
  const { admin, productBody, create, productPage, search, listedSlugs } = catalogueCalls(kind, () => shop);

  beforeAll(async () => {
    shop = await openCatalogueShop(kind);
    ({ t, categoryId } = shop);
  }, 120_000);
  afterAll(async () => t.close());

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
});
