/**
 * The catalogue's reads as they follow the rest: with CATALOG_API_KEY set, catalogue calls need X-API-KEY;
 * lists and search (product_listing, product_words) keep in step with any change to the products.
 */
import { sql } from 'drizzle-orm';
import { DB_KINDS, type TestApp, createTestApp } from './helpers.js';
import { type Card, R, SEED_TIMEOUT_MS } from './support/catalogue.js';

describe('catalogue API key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: true, env: { CATALOG_API_KEY: 'k'.repeat(32) } });
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  test('with CATALOG_API_KEY set, catalogue calls need X-API-KEY; the short forms do not', async () => {
    const none = await t.app.inject({ url: `${R}/categories`, headers: { 'x-lang': 'en' } });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('INVALID_API_KEY');
    expect((await t.app.inject({ url: `${R}/categories`, headers: { 'x-api-key': 'wrong' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${R}/categories`, headers: { 'x-api-key': 'k'.repeat(32) } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(200);
  });
});

/**
 * Lists and search read product_listing and product_words, which triggers keep in step with the
 * products: a change made anywhere (a back office, an order's stock move, a migration) shows at once.
 */
describe.each(DB_KINDS)('catalogue indexes follow product changes (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  const kettles = async (body: object = {}) =>
    (await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { category: 'kettles', per_page: 100, ...body } })).json() as {
      data: Card[];
      meta: { total: number };
      facets: { brands: Array<{ slug: string; count: number }> };
    };
  const search = async (q: string) =>
    ((await t.app.inject({ url: `${R}/products/search?q=${encodeURIComponent(q)}&limit=50` })).json().data as Card[]).map((p) => p.slug);
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  test('hiding, re-categorising, re-pricing, selling out and renaming a product', async () => {
    const before = await kettles();
    const target = before.data.find((p) => p.in_stock)!;
    expect(await search(target.name)).toContain(target.slug);

    await exec(sql`update products set status = 'hidden' where slug = ${target.slug}`);
    // The total and facets of a filter are reused for up to 30 s (docs/api.md); a new filter counts afresh.
    expect((await kettles()).data.map((p) => p.slug)).not.toContain(target.slug);
    expect((await kettles({ price_min: 0 })).meta.total).toBe(before.meta.total - 1);
    expect(await search(target.name)).not.toContain(target.slug);
    await exec(sql`update products set status = 'active' where slug = ${target.slug}`);

    // Also shelved under blenders: listed there, counted in that category's facet.
    await exec(sql`insert into product_categories (product_id, category_id)
                   select p.id, c.id from products p, categories c where p.slug = ${target.slug} and c.slug = 'blenders'`);
    const blenders = (await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { category: 'blenders', per_page: 100 } })).json();
    expect(blenders.data.map((p: Card) => p.slug)).toContain(target.slug);
    await exec(sql`delete from product_categories where product_id = ${target.id} and category_id = (select id from categories where slug = 'blenders')`);
    const blendersAgain = (await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { category: 'blenders', per_page: 100 } })).json();
    expect(blendersAgain.data.map((p: Card) => p.slug)).not.toContain(target.slug);

    // A new option value: filterable and counted in its facet at once; gone when deleted.
    await exec(sql`insert into product_options (product_id, code, value, name, label)
                   values (${target.id}, 'color', 'coral', ${JSON.stringify({ uz: 'Rangi', ru: 'Цвет', en: 'Colour' })}::jsonb,
                           ${JSON.stringify({ uz: 'marjon', ru: 'коралловый', en: 'coral' })}::jsonb)`);
    const coral = await kettles({ options: { color: ['coral'] } });
    expect(coral.data.map((p) => p.slug)).toEqual([target.slug]);
    const colours = (coral as unknown as { facets: { options: Array<{ code: string; values: Array<{ value: string; label: string; count: number }> }> } }).facets.options;
    expect(colours.find((o) => o.code === 'color')?.values).toContainEqual({ value: 'coral', label: 'marjon', count: 1 });
    await exec(sql`delete from product_options where product_id = ${target.id} and value = 'coral'`);
    expect((await kettles({ options: { color: ['coral'] } })).data).toEqual([]);

    await exec(sql`update products set price_individual = 1 where slug = ${target.slug}`);
    expect((await kettles({ sort: 'price_asc', per_page: 1 })).data[0]!.slug).toBe(target.slug);

    await exec(sql`update products set total_quantity = 0 where slug = ${target.slug}`);
    expect((await kettles({ in_stock: true })).data.map((p) => p.slug)).not.toContain(target.slug);

    // A new word in its names is found (and typed with a typo too); the old words still match the rest.
    await exec(sql`update products set search_text = search_text || ' qizilgul', search_names = search_names || 'qizilgul|' where slug = ${target.slug}`);
    expect(await search('qizilgul')).toEqual([target.slug]);
    expect(await search('qizilgl')).toEqual([target.slug]);
  });
});
