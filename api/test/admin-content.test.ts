/**
 * The back office's content and settings as staff and shoppers meet them: only owner and manager may
 * write (operator and store 403), 422s that name the field in the request's language, the category tree
 * refusing a cycle and a delete with products, banners shown only within their dates and with a picture,
 * post HTML kept inside the sanitiser's tags, and store and delivery changes reaching the shop's public
 * answers and the checkout's price — each change with its audit row.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type StaffRole } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn, staffCode } from './helpers.js';
import { checkoutKit } from './checkout-helpers.js';

const PHONES: Record<StaffRole, string> = { owner: '+998901120001', manager: '+998901120002', operator: '+998901120003', store: '+998901120004' };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A multipart body with one file in `picture`. */
function multipart(data: Buffer, filename: string, type: string) {
  const boundary = `----bozor${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (width = 600, height = 200) => sharp({ create: { width, height, channels: 3, background: '#2a7' } }).png().toBuffer();

describe.each(DB_KINDS)('back office content (%s)', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<StaffRole, string>;

  async function staffSignIn(phone: string): Promise<string> {
    t.clock.advance(61);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  }
  const call = (role: StaffRole, method: Method, url: string, payload?: object, lang = 'en') =>
    t.app.inject({ method, url, headers: { ...bearer(tokens[role]), 'x-lang': lang }, ...(payload ? { payload } : {}) });
  const upload = async (role: StaffRole, url: string, data: Buffer, filename = 'banner.png', type = 'image/png') => {
    const { payload, headers } = multipart(data, filename, type);
    return t.app.inject({ method: 'PUT', url, payload, headers: { ...headers, ...bearer(tokens[role]), 'x-lang': 'en' } });
  };
  const publicGet = (url: string, lang = 'en') => t.app.inject({ url, headers: { 'x-lang': lang } });
  const auditRows = (action: string) =>
    queryRows<{ staff_id: number | null; entity: string; entity_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      t.database.db,
      sql`select staff_id, entity, entity_id, before, after from audit_log where action = ${action} order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    await t.app.services.staff.add({ command: 'test' }, { phone: PHONES.owner, name: 'Owner', role: 'owner', storeId: null }, 'en');
    tokens.owner = await staffSignIn(PHONES.owner);
    const [store] = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id limit 1`);
    for (const role of ['manager', 'operator', 'store'] as const) {
      const res = await call('owner', 'POST', '/api/admin/staff', { phone: PHONES[role], name: `${role} person`, role, ...(role === 'store' ? { store_id: store!.id } : {}) });
      expect(res.statusCode).toBe(201);
      tokens[role] = await staffSignIn(PHONES[role]);
    }
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

  test('a banner shows in the shop only with a picture and within its dates', async () => {
    const shownIds = async () => ((await publicGet('/api/content/slides')).json().data as Array<{ id: number; title: string }>).map((s) => s.id);
    const created = await call('manager', 'POST', '/api/admin/slides', {
      title: { uz: 'Yangi yil aksiyasi', ru: 'Новогодняя акция', en: 'New Year sale' },
      subtitle: null,
      link: '/catalog?discounted=true',
      active: true,
      starts_at: null,
      ends_at: null,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().slide.id as number;
    expect(created.json().slide.state).toBe('no_picture');
    expect(await shownIds()).not.toContain(id);

    const pic = await upload('manager', `/api/admin/slides/${id}/picture`, await png(2400, 800));
    expect(pic.json().slide.state).toBe('shown');
    const meta = await sharp((await t.app.inject({ url: pic.json().slide.image_url })).rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 1920]);
    expect(await shownIds()).toContain(id);
    expect((await publicGet('/api/content/slides', 'ru')).json().data.find((s: { id: number }) => s.id === id).title).toBe('Новогодняя акция');

    // ended yesterday (by the API's clock): gone
    const now = t.clock.now().getTime();
    const ended = await call('manager', 'PATCH', `/api/admin/slides/${id}`, { starts_at: new Date(now - 3 * 86_400_000).toISOString(), ends_at: new Date(now - 86_400_000).toISOString() });
    expect(ended.json().slide.state).toBe('ended');
    expect(await shownIds()).not.toContain(id);
    // starts tomorrow: not yet; once the clock gets there, shown
    await call('manager', 'PATCH', `/api/admin/slides/${id}`, { starts_at: new Date(now + 86_400_000).toISOString(), ends_at: new Date(now + 10 * 86_400_000).toISOString() });
    expect(await shownIds()).not.toContain(id);
    t.clock.advance(86_400 + 60);
    expect(await shownIds()).toContain(id);
    // a day without a request ends a staff session (STAFF_IDLE_S): sign in again
    tokens.manager = await staffSignIn(PHONES.manager);
    expect((await publicGet('/backend/api/ext/v1/resources/home')).json().data.slides.map((s: { id: number }) => s.id)).toContain(id);

    // first in the order
    const all = ((await call('manager', 'GET', '/api/admin/slides')).json().data as Array<{ id: number }>).map((s) => s.id);
    const order = await call('manager', 'PUT', '/api/admin/slides/order', { ids: [id, ...all.filter((x) => x !== id)] });
    expect(order.statusCode).toBe(200);
    expect((await shownIds())[0]).toBe(id);
    expect((await call('manager', 'PUT', '/api/admin/slides/order', { ids: [id] })).statusCode).toBe(422);

    expect((await auditRows('slide.update')).length).toBe(2);
    expect((await auditRows('slide.picture')).at(-1)).toMatchObject({ entity: 'slide', entity_id: String(id), before: { image: null } });
  });

  test('a post’s HTML keeps only the allowed tags; drafts stay out of the shop until published', async () => {
    const dirty = '<p>Choynak <strong>tanlash</strong> <a href="https://bozor.uz/uz/catalog" target="_blank" onclick="x()">katalog</a></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a><h1>Big</h1><iframe src="https://evil.example"></iframe>';
    const created = await call('manager', 'POST', '/api/admin/posts', {
      slug: 'choynak-tanlash',
      title: { uz: 'Choynak tanlash', ru: 'Как выбрать чайник', en: 'Choosing a kettle' },
      excerpt: { uz: 'Qisqacha', ru: 'Кратко', en: 'In short' },
      body: { uz: dirty, ru: '<p>Текст <em>статьи</em></p>', en: '<p>Article <em>text</em></p>' },
    });
    expect(created.statusCode).toBe(201);
    const post = created.json().post;
    expect(post.body.uz).toBe('<p>Choynak <strong>tanlash</strong> <a href="https://bozor.uz/uz/catalog">katalog</a></p><a>bad</a>Big');
    expect(post.published_at).toBeNull();

    expect((await publicGet('/backend/api/ext/v1/resources/blogs/choynak-tanlash')).statusCode).toBe(404);
    expect(((await publicGet('/backend/api/ext/v1/resources/blogs?per_page=50')).json().data as Array<{ slug: string }>).some((b) => b.slug === 'choynak-tanlash')).toBe(false);

    expect((await call('manager', 'POST', `/api/admin/posts/${post.id}/publish`)).json().post.published_at).not.toBeNull();
    const shown = await publicGet('/backend/api/ext/v1/resources/blogs/choynak-tanlash', 'uz');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.body).toContain('<strong>tanlash</strong>');
    expect(shown.json().data.body).not.toMatch(/script|onerror|javascript:|iframe/);
    expect((await publicGet('/backend/api/ext/v1/resources/blogs?per_page=1')).json().data[0].slug).toBe('choynak-tanlash');

    // an edit is sanitised again; an empty body is refused naming the language
    const edited = await call('manager', 'PATCH', `/api/admin/posts/${post.id}`, { body: { uz: '<p onmouseover="x()">Yangi</p>', ru: '<p>Новый</p>', en: '<p><br></p>' } });
    expect([edited.statusCode, edited.json().error?.fields]).toEqual([422, { 'body.en': 'The text is empty.' }]);
    expect((await call('manager', 'PATCH', `/api/admin/posts/${post.id}`, { body: { uz: '<p onmouseover="x()">Yangi</p>', ru: '<p>Новый</p>', en: '<p>New</p>' } })).json().post.body.uz).toBe('<p>Yangi</p>');

    // a slug taken by another post
    const other = await call('manager', 'POST', '/api/admin/posts', { slug: 'choynak-tanlash', title: post.title, excerpt: post.excerpt, body: { uz: '<p>a</p>', ru: '<p>a</p>', en: '<p>a</p>' } });
    expect(other.json().error.fields).toEqual({ slug: 'This slug is already taken.' });

    expect((await call('manager', 'POST', `/api/admin/posts/${post.id}/unpublish`)).json().post.published_at).toBeNull();
    expect((await publicGet('/backend/api/ext/v1/resources/blogs/choynak-tanlash')).statusCode).toBe(404);
    expect((await auditRows('post.publish')).length).toBe(1);
    expect((await auditRows('post.unpublish')).length).toBe(1);

    // information pages: unpublish → 404, edit → the shop's text
    const page = await call('manager', 'PATCH', '/api/admin/pages/about', { title: { uz: 'Biz haqimizda', ru: 'О нас', en: 'About Bozor' }, body: { uz: '<p>Biz</p>', ru: '<p>Мы</p>', en: '<p>We <strong>are</strong> Bozor<script>x</script></p>' } });
    expect(page.statusCode).toBe(200);
    expect((await publicGet('/backend/api/ext/v1/resources/pages/about')).json().data).toEqual({ slug: 'about', title: 'About Bozor', body: '<p>We <strong>are</strong> Bozor</p>' });
    await call('manager', 'POST', '/api/admin/pages/about/unpublish');
    expect((await publicGet('/backend/api/ext/v1/resources/pages/about')).statusCode).toBe(404);
    await call('manager', 'POST', '/api/admin/pages/about/publish');
    expect((await publicGet('/backend/api/ext/v1/resources/pages/about')).statusCode).toBe(200);
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
