/**
 * The back office's content and settings as staff meet them: only owner and manager may write (operator and
 * store 403), 422s that name the field in the request's language, and the category tree refusing a cycle and
 * a delete with products — each change with its audit row. Banners and posts: admin-content-publishing.test.ts;
 * stores and delivery: admin-content-stores.test.ts.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, createTestApp } from './helpers.js';
import { type Method, contentStaff, png } from './support/content-staff.js';

describe.each(DB_KINDS)('back office content (%s)', (kind) => {
  let t: TestApp;
  const { call, upload, publicGet, auditRows, addStaff } = contentStaff(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    await addStaff();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  test('only owner and manager read and write content; operator and store get 403, strangers 401', async () => {
    const writes: Array<[Method, string, object?]> = [
      ['POST', '/api/admin/categories', { slug: 'x-cat', parent_id: null, name: { uz: 'X', ru: 'X', en: 'X' } }],
      ['PATCH', '/api/admin/brands/1', { name: 'X' }],
      ['POST', '/api/admin/slides', { title: { uz: 'X', ru: 'X', en: 'X' }, subtitle: null, link: '/catalog', active: true, starts_at: null, ends_at: null }],
      ['POST', '/api/admin/posts', { slug: 'x', title: { uz: 'X', ru: 'X', en: 'X' }, excerpt: { uz: 'X', ru: 'X', en: 'X' }, body: { uz: '<p>X</p>', ru: '<p>X</p>', en: '<p>X</p>' } }],
      ['PATCH', '/api/admin/stores/1', { phone: '+998712000000' }],
      ['PATCH', '/api/admin/delivery', { free_delivery_threshold: 1 }],
      ['PATCH', '/api/admin/delivery/regions/tashkent', { base_fee: 1 }],
      ['GET', '/api/admin/categories'],
      ['GET', '/api/admin/delivery'],
    ];
    for (const role of ['operator', 'store'] as const) {
      for (const [method, url, payload] of writes) {
        const res = await call(role, method, url, payload);
        expect([role, method, url, res.statusCode]).toEqual([role, method, url, 403]);
      }
    }
    // and every other route of these screens: the access check refuses before anything is read or parsed
    const CONTENT = /^\/api\/admin\/(categories|brands|slides|posts|pages|stores|delivery)(\/|$)/;
    const routes = t.app.accessTable.filter((r) => CONTENT.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(35);
    for (const route of routes) {
      expect([route.url, route.roles]).toEqual([route.url, ['owner', 'manager']]);
      const url = route.url.replace(':id', '1').replace(':slug', 'about');
      for (const role of ['operator', 'store'] as const) {
        const res = await call(role, route.method as Method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
        expect([role, route.method, url, res.statusCode]).toEqual([role, route.method, url, 403]);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/slides' })).statusCode).toBe(401);
    for (const role of ['owner', 'manager'] as const) {
      expect((await call(role, 'GET', '/api/admin/categories')).statusCode).toBe(200);
      expect((await call(role, 'GET', '/api/admin/pages')).statusCode).toBe(200);
    }
    // nothing was written by the refused calls
    expect(await auditRows('category.create')).toEqual([]);
    expect(await auditRows('delivery.settings')).toEqual([]);
  });

  test('a bad field is a 422 that names it, in the request’s language', async () => {
    const ru = await call('manager', 'POST', '/api/admin/categories', { slug: 'Плохой slug', parent_id: null, name: { uz: 'Choynaklar', ru: '', en: 'Kettles' } }, 'ru');
    expect(ru.statusCode).toBe(422);
    expect(ru.json().error.fields).toEqual({ slug: expect.stringContaining('латинские'), 'name.ru': 'Обязательное поле.' });

    const [store] = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id limit 1`);
    const uz = await call('manager', 'PATCH', `/api/admin/stores/${store!.id}`, { lat: 55.75, lng: 37.61, phone: '12345' }, 'uz');
    expect(uz.statusCode).toBe(422);
    expect(uz.json().error.fields).toEqual({
      lat: 'Kenglik Oʻzbekiston hududida boʻlishi kerak (37.1–45.6).',
      lng: 'Uzunlik Oʻzbekiston hududida boʻlishi kerak (55.9–73.2).',
      phone: 'Raqamni +998 XX XXX XX XX koʻrinishida kiriting.',
    });

    const en = await call('manager', 'POST', '/api/admin/slides', {
      title: { uz: 'A', ru: 'A', en: 'A' },
      subtitle: { uz: 'Only Uzbek', ru: '', en: '' },
      link: 'https://evil.example/',
      active: true,
      starts_at: '2026-12-10T00:00:00+05:00',
      ends_at: '2026-12-01T00:00:00+05:00',
    });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields).toMatchObject({ 'subtitle.ru': 'This field is required.', 'subtitle.en': 'This field is required.', link: expect.stringContaining('A path of the shop') });

    const dates = await call('manager', 'POST', '/api/admin/slides', { title: { uz: 'A', ru: 'A', en: 'A' }, subtitle: null, link: '/catalog', active: true, starts_at: '2026-12-10T00:00:00+05:00', ends_at: '2026-12-01T00:00:00+05:00' });
    expect(dates.json().error.fields).toEqual({ ends_at: 'The end must be after the start.' });

    const taken = await call('manager', 'POST', '/api/admin/brands', { slug: 'bosch', name: 'Bosch 2' });
    expect([taken.statusCode, taken.json().error.fields]).toEqual([422, { slug: 'This slug is already taken.' }]);

    const tariff = await call('manager', 'PATCH', '/api/admin/delivery/regions/tashkent', { base_fee: -5, days: 'soon' });
    expect(tariff.json().error.fields).toEqual({ base_fee: 'At least 0.', days: 'Enter the days as a number: 2 or 2–3 (1 to 30, the smaller first in a range).' });
    // typing slips a shopper would read as nonsense: no days, a range backwards or of one day, a quarter of a year
    for (const days of ['0', '3–2', '2–2', '1–99', '0-1', '2–']) {
      const slip = await call('manager', 'PATCH', '/api/admin/delivery/regions/tashkent', { days });
      expect(`${days} ${slip.statusCode} ${Object.keys(slip.json().error.fields)}`).toBe(`${days} 422 days`);
    }
  });

  test('categories: add, rename, move and reorder; a move into its own subtree and a delete with products are refused', async () => {
    const names = (s: string) => ({ uz: `${s} uz`, ru: `${s} ru`, en: `${s} en` });
    const add = async (slug: string, parent: number | null) => {
      const res = await call('manager', 'POST', '/api/admin/categories', { slug, parent_id: parent, name: names(slug) });
      expect(res.statusCode).toBe(201);
      return res.json().category as { id: number; sort: number; parent_id: number | null };
    };
    const top = await add('garden-test', null);
    const child = await add('garden-tools-test', top.id);
    const grandchild = await add('garden-hoses-test', child.id);
    expect(child.parent_id).toBe(top.id);

    // into its own grandchild: a cycle
    const cycle = await call('manager', 'POST', `/api/admin/categories/${top.id}/move`, { parent_id: grandchild.id, position: 0 }, 'en');
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().error.fields).toEqual({ parent_id: 'A category cannot be moved into itself or into one of its subcategories.' });
    expect((await call('manager', 'POST', `/api/admin/categories/${top.id}/move`, { parent_id: top.id, position: 0 })).statusCode).toBe(422);

    // the grandchild up to the top, first among the top level
    const moved = await call('manager', 'POST', `/api/admin/categories/${grandchild.id}/move`, { parent_id: null, position: 0 });
    expect(moved.statusCode).toBe(200);
    const tree = moved.json().data as Array<{ id: number; parent_id: number | null; slug: string }>;
    expect(tree.filter((c) => c.parent_id === null)[0]!.id).toBe(grandchild.id);

    const renamed = await call('manager', 'PATCH', `/api/admin/categories/${child.id}`, { name: { uz: 'Bogʻ asboblari', ru: 'Садовые инструменты', en: 'Garden tools' } });
    expect(renamed.json().category.name.ru).toBe('Садовые инструменты');
    // the shop's tree follows (this process's catalogue caches are cleared by the write; others within 30 s)
    type Node = { slug: string; name: string; children: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const shopTree = flat((await publicGet('/api/categories', 'ru')).json().data as Node[]);
    expect(shopTree.find((c) => c.slug === 'garden-tools-test')?.name).toBe('Садовые инструменты');
    expect(shopTree.find((c) => c.slug === 'garden-hoses-test')).toBeDefined();
    expect((await auditRows('category.update')).at(-1)).toMatchObject({ entity: 'category', entity_id: String(child.id), after: { name: { ru: 'Садовые инструменты' } } });
    expect((await auditRows('category.move')).at(-1)).toMatchObject({ entity_id: String(grandchild.id), before: { parent_id: child.id }, after: { parent_id: null, sort: 1 } });

    // a category with products cannot go; an empty one can
    const [withProducts] = await queryRows<{ id: number; name: { en: string } }>(t.database.db, sql`select c.id, c.name from categories c where exists (select 1 from products p where p.category_id = c.id) limit 1`);
    const refused = await call('manager', 'DELETE', `/api/admin/categories/${withProducts!.id}`, undefined, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CATEGORY_HAS_PRODUCTS', message: expect.stringContaining(`“${withProducts!.name.en}” has`) });
    expect((await call('manager', 'DELETE', `/api/admin/categories/${top.id}`)).json().error.code).toBe('CATEGORY_HAS_CHILDREN');
    expect((await call('manager', 'DELETE', `/api/admin/categories/${grandchild.id}`)).statusCode).toBe(200);
    expect((await call('manager', 'GET', '/api/admin/categories')).json().data.some((c: { id: number }) => c.id === grandchild.id)).toBe(false);

    // a top category holds what its subcategories hold, each product once (counted here by a recursive query)
    const listed = (await call('manager', 'GET', '/api/admin/categories')).json().data as Array<{ id: number; products_count: number; products_in_tree: number }>;
    const [fullest] = await queryRows<{ id: number; n: number }>(
      t.database.db,
      sql`with recursive sub as (select id, id as root from categories where parent_id is null
                                 union all select c.id, sub.root from categories c join sub on c.parent_id = sub.id)
          select sub.root as id, count(distinct x.product_id)::int as n
          from sub join (select id as product_id, category_id from products union all select product_id, category_id from product_categories) x on x.category_id = sub.id
          group by sub.root order by n desc limit 1`,
    );
    const fullTop = listed.find((c) => c.id === fullest!.id)!;
    expect(fullTop.products_in_tree).toBe(fullest!.n);
    expect(fullTop.products_in_tree).toBeGreaterThan(fullTop.products_count);

    // a picture: re-encoded to WebP; an SVG is refused like an avatar
    const pic = await upload('manager', `/api/admin/categories/${child.id}/picture`, await png(400, 400));
    expect(pic.statusCode).toBe(200);
    const imageUrl = pic.json().category.image_url as string;
    expect(imageUrl).toMatch(/^\/media\/categories\/[0-9a-f]+\.webp$/);
    const served = await t.app.inject({ url: imageUrl });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const svg = await upload('manager', `/api/admin/categories/${child.id}/picture`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml');
    expect([svg.statusCode, svg.json().error.fields]).toEqual([422, { picture: 'This value is not valid.' }]);
  });
});
