/**
 * The shop's catalogue API on the demo shop: categories, the product list's filters, facets and sorts, the
 * product page, prices per account type, home, brands, blogs and pages, cards and their variant, search.
 * The API key and the indexes that follow product changes are catalog-indexes.test.ts.
 */
import { sql } from 'drizzle-orm';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn, signInAsLegal } from './helpers.js';
import { type Card, R, SEED_TIMEOUT_MS } from './support/catalogue.js';

describe.each(DB_KINDS)('catalogue API (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  const products = async (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${R}/products`, payload: body as object, headers });

  test('categories come as a two-level tree with product counts, in the requested language', async () => {
    const res = await t.app.inject({ url: `${R}/categories`, headers: { 'x-lang': 'ru' } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.length).toBeGreaterThanOrEqual(8);
    const kitchen = data.find((c: { slug: string }) => c.slug === 'kitchen-appliances');
    expect(kitchen.name).toBe('Кухонная техника');
    expect(kitchen.children.map((c: { slug: string }) => c.slug)).toContain('kettles');
    const childSum = kitchen.children.reduce((s: number, c: { products_count: number }) => s + c.products_count, 0);
    expect(kitchen.products_count).toBe(childSum);
    expect(kitchen.products_count).toBeGreaterThan(0);
    // The short form answers the same.
    const short = await t.app.inject({ url: '/api/categories', headers: { 'x-lang': 'ru' } });
    expect(short.json()).toEqual(res.json());
  });

  test('the filter narrows by category (with sub-categories), brand and price and reports facets', async () => {
    const res = await products({ category: 'kitchen-appliances', brands: ['tefal'], price_min: 200_000, price_max: 1_000_000, per_page: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data as Card[]) {
      expect(p.brand.slug).toBe('tefal');
      expect(p.price).toBeGreaterThanOrEqual(200_000);
      expect(p.price).toBeLessThanOrEqual(1_000_000);
      expect(['kettles', 'microwaves', 'blenders', 'multicookers', 'coffee-makers', 'meat-grinders']).toContain(p.category.slug);
    }
    expect(body.meta).toMatchObject({ total: body.data.length, page: 1, per_page: 100, last_page: 1 });
    // The brand facet ignores the brand filter, so other brands are offered with their counts.
    const brandSlugs = body.facets.brands.map((b: { slug: string }) => b.slug);
    expect(brandSlugs).toEqual(expect.arrayContaining(['tefal', 'philips', 'bosch']));
    expect(body.facets.brands.find((b: { slug: string }) => b.slug === 'tefal').count).toBe(body.meta.total);
    expect(body.facets.price.min).toBeLessThanOrEqual(body.facets.price.max);
    expect(body.facets.categories.find((c: { slug: string }) => c.slug === 'kettles').count).toBeGreaterThan(0);
  });

  test('option filters and their facets: choosing white keeps the other colours countable', async () => {
    const all = (await products({ category: 'kettles', per_page: 100 })).json();
    const white = (await products({ category: 'kettles', options: { color: ['white'] }, per_page: 100 })).json();
    expect(white.meta.total).toBeGreaterThan(0);
    expect(white.meta.total).toBeLessThan(all.meta.total);
    const colours = white.facets.options.find((o: { code: string }) => o.code === 'color');
    expect(colours.values.map((v: { value: string }) => v.value)).toEqual(expect.arrayContaining(['white', 'black']));
    expect(colours.values.find((v: { value: string }) => v.value === 'white').count).toBe(white.meta.total);
  });

  test('in_stock, discounted and every sort order do what they say', async () => {
    const inStock = (await products({ in_stock: true, per_page: 100 })).json();
    expect((inStock.data as Card[]).every((p) => p.total_quanity > 0)).toBe(true);
    const discounted = (await products({ discounted: true, sort: 'discount', per_page: 50 })).json().data as Card[];
    expect(discounted.length).toBeGreaterThan(0);
    expect(discounted.every((p) => p.old_price !== null && p.old_price > p.price)).toBe(true);
    const percents = discounted.map((p) => p.discount_percent);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    const asc = ((await products({ sort: 'price_asc', per_page: 30 })).json().data as Card[]).map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = ((await products({ sort: 'price_desc', per_page: 30 })).json().data as Card[]).map((p) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const page2 = (await products({ sort: 'popular', page: 2, per_page: 10 })).json();
    expect(page2.data).toHaveLength(10);
    expect(page2.meta.last_page).toBe(Math.ceil(page2.meta.total / 10));
  });

  test('a bad filter body is answered 422 naming the field, in the request language', async () => {
    const res = await products({ per_page: 500, sort: 'cheapest', price_min: -1, colour: 'red' }, { 'x-lang': 'en' });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(['per_page', 'sort', 'price_min', 'colour']));
    // a bound dearer than any price can be is no error: nothing costs more, everything costs less
    const dear = await products({ category: 'kettles', price_min: 99_999_999_999 });
    expect([dear.statusCode, dear.json().meta.total]).toEqual([200, 0]);
    const all = (await products({ category: 'kettles' })).json().meta.total;
    expect((await products({ category: 'kettles', price_max: 5_000_000_000 })).json().meta.total).toBe(all);
    const reversed = await products({ price_min: 900_000, price_max: 100_000 });
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().error.fields)).toContain('price_max');
    const notJson = await t.app.inject({ method: 'POST', url: `${R}/products`, payload: '{"page":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: `${R}/products` });
    expect(empty.statusCode).toBe(200);
  });

  test('the product page has price, total_quanity, variants with stock per store, breadcrumbs and relateds', async () => {
    const first = ((await products({ category: 'kettles', per_page: 1 })).json().data as Card[])[0]!;
    const res = await t.app.inject({ url: `${R}/product/${first.slug}?resources[]=relateds`, headers: { 'x-lang': 'en' } });
    expect(res.statusCode).toBe(200);
    const { product, relateds } = res.json();
    expect(product).toMatchObject({ slug: first.slug, currency: 'UZS', vat_percent: 12 });
    expect(product.name).toMatch(/electric kettle/);
    expect(product.mxit).toMatch(/^\d{17}$/);
    expect(product.breadcrumbs.map((b: { slug: string }) => b.slug)).toEqual(['kitchen-appliances', 'kettles']);
    expect(product.variants.length).toBeGreaterThan(0);
    const sum = product.variants.reduce((s: number, v: { total_quanity: number }) => s + v.total_quanity, 0);
    expect(product.total_quanity).toBe(sum);
    expect(product.variants[0].stock).toHaveLength(3);
    expect(product.attributes.find((a: { code: string }) => a.code === 'volume').name).toBe('Volume');
    expect(relateds.length).toBeGreaterThan(0);
    expect(relateds.every((r: Card) => r.category.slug === 'kettles' && r.slug !== first.slug)).toBe(true);
    const picture = await t.app.inject({ url: product.images[0].url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    // Without the resource, no relateds; the short form gives the same product.
    const short = await t.app.inject({ url: `/api/product/${first.slug}`, headers: { 'x-lang': 'en' } });
    expect(short.json().product).toEqual(product);
    expect(short.json().relateds).toBeUndefined();
  });

  test('each variant says the most one order may hold of it: its stock, at most 50 for a person, 999 for a legal entity', async () => {
    const first = ((await products({ category: 'kettles', per_page: 1 })).json().data as Card[])[0]!;
    const url = `${R}/product/${first.slug}`;
    const variantIds = ((await t.app.inject({ url })).json().product.variants as Array<{ id: number }>).map((v) => v.id);
    await t.database.db.execute(sql`update variant_stock set quantity = case when store_id = (select min(id) from stores) then 62 else 0 end where variant_id = ${variantIds[0]!}`);
    const most = async (headers: Record<string, string> = {}) =>
      ((await t.app.inject({ url, headers })).json().product.variants as Array<{ id: number; total_quanity: number; max_quantity: number }>).find((v) => v.id === variantIds[0])!;
    expect(await most()).toMatchObject({ total_quanity: 62, max_quantity: 50 });
    expect(await most(bearer(await signInAsLegal(t, '+998935550111')))).toMatchObject({ total_quanity: 62, max_quantity: 62 });
    await t.database.db.execute(sql`update variant_stock set quantity = case when store_id = (select min(id) from stores) then 3 else 0 end where variant_id = ${variantIds[0]!}`);
    expect(await most()).toMatchObject({ total_quanity: 3, max_quantity: 3 });
  });

  test('an unknown product, blog or page is 404 with a translated message', async () => {
    for (const url of [`${R}/product/no-such-thing`, '/api/product/no-such-thing', `${R}/blogs/nope`, `${R}/pages/nope`]) {
      const res = await t.app.inject({ url, headers: { 'x-lang': 'ru' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Не найдено.' });
    }
  });

  test("a legal entity's session shows the legal price list and the wholesale-only products; X-ACCOUNT-TYPE alone does not", async () => {
    const body = { category: 'cleaning-tools', per_page: 100, sort: 'price_asc' };
    const individual = (await products(body)).json().data as Card[];
    // Anyone can send the header: it must not open the legal list.
    expect((await products(body, { 'x-account-type': 'legal' })).json().data).toEqual(individual);
    const asIndividual = { ...bearer(await signIn(t, '+998935550102')), 'x-account-type': 'legal' };
    expect((await products(body, asIndividual)).json().data).toEqual(individual);

    const company = bearer(await signInAsLegal(t, '+998935550103'));
    const legal = (await products(body, company)).json().data as Card[];
    expect(legal.length).toBeGreaterThan(individual.length);
    const shared = individual[0]!;
    const asLegal = legal.find((p) => p.slug === shared.slug)!;
    expect(asLegal.price).toBeLessThan(shared.price);
    const wholesale = legal.find((p) => !individual.some((i) => i.slug === p.slug))!;
    expect((await t.app.inject({ url: `${R}/product/${wholesale.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${R}/product/${wholesale.slug}`, headers: { 'x-account-type': 'legal' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${R}/product/${wholesale.slug}`, headers: company })).statusCode).toBe(200);
  });

  test('home has slides, categories, new/popular/discounted sections, brands and blogs', async () => {
    const { data } = (await t.app.inject({ url: `${R}/home`, headers: { 'x-lang': 'en' } })).json();
    expect(data.slides.length).toBeGreaterThanOrEqual(4);
    expect(data.categories.length).toBeGreaterThanOrEqual(8);
    expect(data.sections.map((s: { key: string }) => s.key)).toEqual(['new', 'popular', 'discounted']);
    for (const s of data.sections) expect(s.products.length).toBeGreaterThan(0);
    expect(data.sections[2].products.every((p: Card) => p.discount_percent > 0)).toBe(true);
    expect(data.brands.map((b: { slug: string }) => b.slug)).toEqual(expect.arrayContaining(['artel', 'samsung', 'tefal']));
    expect(data.blogs).toHaveLength(3);
  });

  test('brands, blogs and information pages', async () => {
    const brands = (await t.app.inject({ url: `${R}/brands` })).json().data;
    expect(brands.find((b: { slug: string }) => b.slug === 'artel')).toMatchObject({ name: 'Artel', products_count: expect.any(Number) });
    const blogs = (await t.app.inject({ url: `${R}/blogs?per_page=2`, headers: { 'x-lang': 'ru' } })).json();
    expect(blogs.data).toHaveLength(2);
    expect(blogs.meta.total).toBeGreaterThanOrEqual(6);
    const article = (await t.app.inject({ url: `${R}/blogs/${blogs.data[0].slug}`, headers: { 'x-lang': 'ru' } })).json().data;
    expect(article.body).toContain('<p>');
    expect(article.body).not.toMatch(/<script/i);
    for (const slug of ['about', 'contacts', 'delivery', 'how-to-buy', 'return', 'public-offer']) {
      const page = await t.app.inject({ url: `${R}/pages/${slug}`, headers: { 'x-lang': 'en' } });
      expect(page.statusCode).toBe(200);
      expect(page.json().data.body.length).toBeGreaterThan(100);
    }
    const bad = await t.app.inject({ url: `${R}/blogs?per_page=1000` });
    expect(bad.statusCode).toBe(422);
  });

  test('a card names the variant Buy adds: the one its product page opens on', async () => {
    const { data } = (await products({ category: 'frying-pans', per_page: 6 }, { 'x-lang': 'ru' })).json();
    expect(data.length).toBeGreaterThan(0);
    for (const card of data as Array<Card & { selected_variant: { id: number; sku: string; options: Array<{ label: string }> } }>) {
      const page = (await t.app.inject({ url: `${R}/product/${card.slug}`, headers: { 'x-lang': 'ru' } })).json().product;
      expect(card.selected_variant.id).toBe(page.selected_variant_id);
      const variant = page.variants.find((v: { id: number }) => v.id === page.selected_variant_id);
      expect(card.selected_variant.sku).toBe(variant.sku);
      expect(card.selected_variant.options).toEqual(variant.options);
    }
  });

  test('a card, the server cart and an order line show the picture of their variant, not the product’s first', async () => {
    const slug = 'gorenje-mo20e3-23-l';
    const page = (await t.app.inject({ url: `${R}/product/${slug}`, headers: { 'x-lang': 'en' } })).json().product;
    type V = { id: number; options: Array<{ value: string }> };
    const [first, other] = page.variants as V[];
    const pictureOf = (v: V) => (page.images as Array<{ url: string }>).find((i) => i.url.includes(`-${v.options[0]!.value}.`))?.url;
    expect(pictureOf(first!)).toBe(page.images[0].url);
    expect(pictureOf(other!)).toBeDefined();
    // the first colour sold out: the card opens on another, and shows it
    await t.database.db.execute(sql`update variant_stock set quantity = 0 where variant_id = ${first!.id}`);
    const card = ((await products({ q: 'Gorenje MO20E3', per_page: 5 })).json().data as Array<Card & { slug: string; img_url: string; selected_variant: { id: number } }>).find((c) => c.slug === slug)!;
    const opened = (page.variants as V[]).find((v) => v.id === card.selected_variant.id)!;
    expect(opened.id).not.toBe(first!.id);
    expect(card.img_url).toBe(pictureOf(opened));
    // the cart check names the other colour's picture for its line
    const checked = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: page.id, quantity: 1, attributes: { variant_id: opened.id } }] } });
    expect(checked.json().data[0].img_url).toBe(pictureOf(opened));
  });

  test('search answers short, long and empty queries sensibly', async () => {
    for (const q of ['', 'a', 'x'.repeat(500), '%_\\\'"', 'zzzzqqqq']) {
      const res = await t.app.inject({ url: `${R}/products/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json().data)).toBe(true);
    }
    expect((await t.app.inject({ url: `${R}/products/search?q=zzzzqqqq` })).json().data).toEqual([]);
    const tooLong = await t.app.inject({ url: `${R}/products/search?q=${'x'.repeat(501)}` });
    expect(tooLong.statusCode).toBe(422);
    const found = (await t.app.inject({ url: `${R}/products/search?q=choynak` })).json();
    expect(found.categories.map((c: { slug: string }) => c.slug)).toContain('kettles');
    const brand = (await t.app.inject({ url: `${R}/products/search?q=artel` })).json();
    expect(brand.brands.map((b: { slug: string }) => b.slug)).toContain('artel');
  });

  test('the search page’s list for a query of symbols alone is empty, not the whole catalogue', async () => {
    for (const q of ['???', '%', ' - ']) {
      const res = await products({ q, per_page: 12 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
      expect(res.json().meta.total).toBe(0);
    }
    // a word among the symbols still finds
    expect((await products({ q: '?? choynak !!', per_page: 12 })).json().meta.total).toBeGreaterThan(0);
  });
});
