import { DB_KINDS, type TestApp, createTestApp, createTestDatabase } from './helpers.js';

describe.each(DB_KINDS)('stores, slides, delivery settings, health (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  test('GET /api/store/stores lists the three stores in the requested language', async () => {
    const ru = (await t.app.inject({ url: '/api/store/stores', headers: { 'x-lang': 'ru' } })).json().data;
    expect(ru).toHaveLength(3);
    expect(ru[0]).toMatchObject({ slug: 'chilonzor', name: 'Bozor Чиланзар', phone: '+998712001122', hours: 'Ежедневно 09:00–21:00' });
    expect(ru[0].address).toContain('Ташкент');
    expect(ru[0].location.lat).toBeCloseTo(41.29, 1);
    const uz = (await t.app.inject({ url: '/api/store/stores' })).json().data;
    expect(uz[0].address).toContain('Toshkent');
    const en = (await t.app.inject({ url: '/api/store/stores', headers: { 'x-lang': 'EN' } })).json().data;
    expect(en[1].name).toBe('Bozor Yunusabad');
  });

  test('GET /api/content/slides gives at least four banners whose pictures are served', async () => {
    const slides = (await t.app.inject({ url: '/api/content/slides', headers: { 'x-lang': 'en' } })).json().data;
    expect(slides.length).toBeGreaterThanOrEqual(4);
    expect(slides[0]).toMatchObject({ title: 'Winter sale: up to −30%', link: '/catalog?category=climate&discounted=true' });
    const image = await t.app.inject({ url: slides[0].image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
  });

  test('a banner that leads to the catalogue finds what it announces', async () => {
    const slides = (await t.app.inject({ url: '/api/content/slides', headers: { 'x-lang': 'en' } })).json().data as Array<{ title: string; link: string }>;
    const toCatalogue = slides.filter((s) => s.link.startsWith('/catalog?'));
    expect(toCatalogue.length).toBeGreaterThanOrEqual(2);
    for (const slide of toCatalogue) {
      const params = new URLSearchParams(slide.link.split('?')[1]);
      const filter = { ...(params.get('category') ? { category: params.get('category') } : {}), ...(params.get('discounted') ? { discounted: true } : {}), per_page: 50 };
      const list = (await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: filter })).json();
      expect(list.meta.total).toBeGreaterThan(0);
      // a banner names a part of the shop: its list is not the whole catalogue
      const all = (await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: { per_page: 1 } })).json();
      expect(list.meta.total).toBeLessThan(all.meta.total / 2);
    }
  });

  test('GET /api/settings/delivery gives the fee, the free-delivery threshold and every region with its towns', async () => {
    const data = (await t.app.inject({ url: '/api/settings/delivery', headers: { 'x-lang': 'ru' } })).json().data;
    expect(data).toMatchObject({ currency: 'UZS', delivery_sum: 25_000, free_delivery_threshold: 1_000_000, default_region: 'tashkent' });
    const names = data.regions.map((r: { name: string }) => r.name);
    for (const region of ['г. Ташкент', 'Ташкентская область', 'Республика Каракалпакстан', 'Андижанская область', 'Бухарская область', 'Кашкадарьинская область', 'Навоийская область', 'Наманганская область', 'Самаркандская область', 'Сурхандарьинская область', 'Сырдарьинская область', 'Ферганская область', 'Хорезмская область']) {
      expect(names).toContain(region);
    }
    const samarkand = data.regions.find((r: { slug: string }) => r.slug === 'samarkand');
    expect(samarkand.cities.map((c: { name: string }) => c.name)).toContain('Самарканд');
    expect(samarkand.tariff.base_fee).toBeGreaterThan(0);
    expect(data.express.regions).toEqual(['tashkent']);
    expect(data.express.note).toContain('приложении');
    expect(data.pickup.fee).toBe(0);
  });

  test('/healthz and /readyz answer while the database is up', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  test('unknown endpoints get a translated 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here?x=1', headers: { 'x-lang': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'ROUTE_NOT_FOUND', message: 'No such endpoint: /api/nothing-here' } });
  });

  test('an unsupported content type gets 415, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: 'phone=1', headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

test('/readyz answers 503 when the database is gone', async () => {
  const t = await createTestApp('pglite');
  await t.database.close();
  const res = await t.app.inject({ url: '/readyz' });
  expect(res.statusCode).toBe(503);
  expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  await t.app.close();
});

test('/readyz answers 503 within about 2 s when the database does not answer at all (a load balancer must get an answer)', async () => {
  const database = await createTestDatabase('pglite');
  // A ping that never settles: a database behind a dropped network, or a pool whose connections are dead.
  const t = await createTestApp('pglite', { database: { ...database, ping: () => new Promise<void>(() => undefined) } });
  const started = Date.now();
  const answer = await Promise.race([
    t.app.inject({ url: '/readyz' }),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
  ]);
  expect(answer?.statusCode).toBe(503);
  expect(answer?.json()).toEqual({ status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: 'database does not answer' } });
  expect(Date.now() - started).toBeLessThan(3000);
  await t.close();
  await database.close();
});
