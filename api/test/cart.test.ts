import { DB_KINDS, type TestApp, bearer, createTestApp, signIn, signInAsLegal } from './helpers.js';

const R = '/backend/api/ext/v1/resources';
/** Migrating and seeding the demo shop can pass jest's 30 s on a busy machine. */
const SEED_TIMEOUT_MS = 180_000;

interface CartItem {
  product_id: number;
  variant_id: number;
  name: string;
  img_url: string | null;
  quantity: number;
  attributes: { variant_id: number; sku: string; options: Array<{ code: string; value: string }> };
  price: number;
  slug: string;
  mxit: string;
  mxit_unit: string;
  weight: number;
  total_quanity: number;
}
interface Card {
  id: number;
  slug: string;
  price: number;
  total_quanity: number;
  variants_count: number;
}

describe.each(DB_KINDS)('cart (%s)', (kind) => {
  let t: TestApp;
  let inStock: Card[];
  let soldOut: Card;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    const list = async (body: object) => (await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { per_page: 100, ...body } })).json().data as Card[];
    inStock = (await list({ in_stock: true, sort: 'price_asc' })).filter((p) => p.variants_count === 1);
    soldOut = (await list({ sort: 'price_asc', page: 1 })).concat(await list({ sort: 'price_asc', page: 2 })).find((p) => p.total_quanity === 0)!;
  }, SEED_TIMEOUT_MS);
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  test('the profile cart needs the token', async () => {
    expect((await t.app.inject({ url: '/api/profile/cart' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/cart', payload: { cart_data: [] } })).statusCode).toBe(401);
  });

  test('a saved cart comes back as cart items filled from the catalogue; client prices and names are ignored', async () => {
    const token = await signIn(t);
    const [a, b] = inStock;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/profile/cart',
      headers: { ...bearer(token), 'x-lang': 'en' },
      payload: { cart_data: [{ product_id: a!.id, quantity: 1, price: 1, name: 'cheap!' }, { product_id: String(b!.id), quantity: 1 }] },
    });
    expect(saved.statusCode).toBe(200);
    const got = await t.app.inject({ url: '/api/profile/cart', headers: { ...bearer(token), 'x-lang': 'en' } });
    const items = got.json() as CartItem[];
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((i) => i.product_id)).toEqual([a!.id, b!.id]);
    expect(items[0]).toMatchObject({ slug: a!.slug, quantity: 1, price: a!.price });
    expect(items[0]!.name).not.toBe('cheap!');
    expect(items[0]!.mxit).toMatch(/^\d{17}$/);
    expect(items[0]!.mxit_unit).toMatch(/^\d+$/);
    expect(items[0]!.weight).toBeGreaterThan(0);
    expect(items[0]!.img_url).toMatch(/^\/media\/catalog\//);
    expect(items[0]!.attributes.sku).toBeTruthy();
  });

  test('quantity ≤ 0 removes a line, equal lines are summed, quantity is capped at stock, unknown products are dropped', async () => {
    const token = await signIn(t);
    const [a, b, c] = inStock;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/cart',
      headers: bearer(token),
      payload: {
        cart_data: [
          { product_id: a!.id, quantity: 1 },
          { product_id: a!.id, quantity: 1 },
          { product_id: b!.id, quantity: 0 },
          { product_id: c!.id, quantity: 100_000 },
          { product_id: 99_999_999, quantity: 1 },
          { product_id: soldOut.id, quantity: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const items = (await t.app.inject({ url: '/api/profile/cart', headers: bearer(token) })).json() as CartItem[];
    expect(items.map((i) => [i.product_id, i.quantity])).toEqual([
      [a!.id, Math.min(2, a!.total_quanity)],
      [c!.id, c!.total_quanity],
    ]);
    // Emptying.
    await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(token), payload: { cart_data: [] } });
    expect((await t.app.inject({ url: '/api/profile/cart', headers: bearer(token) })).json()).toEqual([]);
  });

  test('a variant is chosen by id or by options', async () => {
    const token = await signIn(t);
    // A pan with two variants in stock, one of them not the one a line without a choice gets.
    type Variant = { id: number; sku: string; price: number; total_quanity: number; options: Array<{ code: string; value: string }> };
    const pans = (await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { category: 'frying-pans', in_stock: true, per_page: 50 } })).json().data as Card[];
    let productId = 0;
    let target: Variant | undefined;
    for (const p of pans.filter((c) => c.variants_count > 1)) {
      const { product } = (await t.app.inject({ url: `${R}/product/${p.slug}` })).json() as { product: { variants: Variant[] } };
      const fallback = product.variants.find((v) => v.total_quanity > 0);
      target = product.variants.find((v) => v !== fallback && v.total_quanity > 0 && v.options.length > 0);
      productId = p.id;
      if (target) break;
    }
    if (!target) throw new Error('the demo shop has no frying pan with a second variant in stock');
    const chosen = async (line: object) => {
      await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(token), payload: { cart_data: [{ product_id: productId, quantity: 1, ...line }] } });
      const items = (await t.app.inject({ url: '/api/profile/cart', headers: bearer(token) })).json() as CartItem[];
      expect(items).toHaveLength(1);
      return { variant_id: items[0]!.variant_id, price: items[0]!.price, sku: items[0]!.attributes.sku };
    };
    const expected = { variant_id: target.id, price: target.price, sku: target.sku };

    // Without a choice the line gets another variant, so each case below shows the choice was read.
    expect((await chosen({})).variant_id).not.toBe(target.id);
    expect(await chosen({ variant_id: target.id })).toEqual(expected);
    expect(await chosen({ attributes: { variant_id: target.id } })).toEqual(expected);
    expect(await chosen({ attributes: { sku: target.sku } })).toEqual(expected);
    expect(await chosen({ attributes: Object.fromEntries(target.options.map((o) => [o.code, o.value])) })).toEqual(expected);
    expect(await chosen({ attributes: target.options.map((o) => ({ code: o.code, value: o.value })) })).toEqual(expected);
  });

  test('two variants of one product stay two lines: guest check, saved cart and the sign-in merge', async () => {
    const pans = (await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { category: 'frying-pans', in_stock: true, per_page: 50 } })).json().data as Card[];
    let variants: Array<{ id: number; sku: string; total_quanity: number }> = [];
    let productId = 0;
    for (const p of pans.filter((c) => c.variants_count > 1)) {
      const { product } = (await t.app.inject({ url: `${R}/product/${p.slug}` })).json();
      variants = (product.variants as typeof variants).filter((v) => v.total_quanity >= 3);
      productId = p.id;
      if (variants.length >= 2) break;
    }
    expect(variants.length).toBeGreaterThanOrEqual(2);
    const [a, b] = variants as [(typeof variants)[0], (typeof variants)[0]];
    const line = (v: typeof a, quantity: number) => ({ product_id: productId, quantity, attributes: { variant_id: v.id, sku: v.sku } });
    const summary = (items: CartItem[]) => items.map((i) => [i.product_id, i.variant_id, i.attributes.variant_id, i.quantity]);

    // guest: the check answers one line per variant
    const checked = (await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [line(a, 1), line(b, 2)] } })).json();
    expect(summary(checked.data)).toEqual([
      [productId, a.id, a.id, 1],
      [productId, b.id, b.id, 2],
    ]);

    // signed in: the server cart holds variant a; the storefront merges the guest cart (a again, b)
    // and saves the result, equal variants summed, different ones kept apart
    const token = await signIn(t);
    await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(token), payload: { cart_data: [line(a, 1)] } });
    const saved = await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(token), payload: { cart_data: [line(a, 1), line(a, 1), line(b, 1)] } });
    expect(saved.statusCode).toBe(200);
    const stored = (await t.app.inject({ url: '/api/profile/cart', headers: bearer(token) })).json() as CartItem[];
    expect(summary(stored)).toEqual([
      [productId, a.id, a.id, 2],
      [productId, b.id, b.id, 1],
    ]);
    expect(stored[0]!.attributes.sku).toBe(a.sku);
    expect(stored[1]!.attributes.sku).toBe(b.sku);
  });

  test('a bad cart body is 422 naming the field', async () => {
    const token = await signIn(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: { ...bearer(token), 'x-lang': 'ru' }, payload: { cart_data: [{ product_id: 'abc', quantity: 1.5 }] } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['cart_data.0.product_id', 'cart_data.0.quantity']));
    const missing = await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(token), payload: {} });
    expect(missing.statusCode).toBe(422);
  });

  test('POST /api/cart/check normalises a guest cart in one answer, without a token', async () => {
    const [a] = inStock;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/check',
      payload: { cart_data: [{ product_id: a!.id, quantity: 100_000, price: 5 }, { product_id: soldOut.id, quantity: 2 }, { product_id: 123_456_789, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    const { data, changes } = res.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ product_id: a!.id, quantity: a!.total_quanity, price: a!.price, total_quanity: a!.total_quanity });
    const kinds = changes.map((c: { change: string }) => c.change);
    expect(kinds).toEqual(expect.arrayContaining(['quantity_capped', 'price_changed', 'unavailable']));
    // The legal price list applies to a legal entity's session, never to the header alone.
    const check = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/cart/check', headers, payload: { cart_data: [{ product_id: a!.id, quantity: 1 }] } });
    expect((await check({ 'x-account-type': 'legal' })).json().data[0].price).toBe(a!.price);
    const legal = (await check({ ...bearer(await signInAsLegal(t)), 'x-account-type': 'legal' })).json();
    expect(legal.data[0].price).toBeLessThan(a!.price);
  });
});
