/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { ApiError, createApiClient } from '../src';
import { parseRetryAfter } from '../src/api/client';
import { orderLines, ordersApi } from '../src/api/orders';
import { paymentsApi } from '../src/api/payments';
import { deliveryApi } from '../src/api/delivery';
import { profileApi } from '../src/api/profile';
import { cartApi, toCartItem } from '../src/api/cart';
import { contentApi } from '../src/api/content';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client over a scripted fetch: each answer is [status, body, headers?], taken in order. */
function clientWith(...answers: [number, unknown, Record<string, string>?][]) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = init.body instanceof FormData ? init.body : init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body });
    const [status, json, headers] = answers.shift() ?? [500, {}];
    return new Response(JSON.stringify(json), { status, headers });
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ getLang: () => 'uz', getToken: () => 'tok', getAccountType: () => 'individual', fetch });
  return { api, calls };
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('answers checked against the contract schemas (loaded with the first such answer)', () => {
  it('hands over a product, a cart, a user and the token when they have the contract shape', async () => {
    const product = { product: { id: 7, name: 'Choynak Tefal', slug: 'choynak-tefal', price: 350000, extra: 1 }, relateds: [] };
    const { api, calls } = clientWith(
      [200, product],
      [200, [{ product_id: 7, name: 'Choynak', quantity: 2, price: 350000, slug: 'choynak-tefal' }]],
      [200, { user: { id: 1, phone: '+998901234567', name: 'Dilnoza' } }],
      [200, { access_token: 'abc' }],
    );
    expect(await api.getProduct('choynak-tefal')).toEqual(product);
    expect(await api.getCart()).toEqual([{ product_id: 7, name: 'Choynak', quantity: 2, price: 350000, slug: 'choynak-tefal' }]);
    expect(await api.getUser()).toMatchObject({ id: 1, name: 'Dilnoza' });
    expect(await api.verifyOtp('+998901234567', '12345')).toEqual({ access_token: 'abc' });
    expect(calls.map((c) => c.url)).toEqual([
      '/backend/api/ext/v1/resources/product/choynak-tefal?resources[]=relateds',
      '/api/profile/cart',
      '/api/auth/user',
      '/api/auth/verify-otp',
    ]);
  });

  it('refuses an answer of another shape instead of handing it to a page', async () => {
    const { api } = clientWith([200, { product: { name: 'No price', slug: 'x' } }], [200, { data: 'not a list' }], [200, [{ product_id: 1 }]]);
    await expect(api.getProduct('x')).rejects.toThrow();
    await expect(api.getCategories()).rejects.toThrow();
    await expect(api.getCart()).rejects.toThrow();
  });
});

describe('ApiError', () => {
  it('carries the status, code, message and per-field messages of a 422', async () => {
    const { api } = clientWith([
      422,
      { error: { code: 'VALIDATION_FAILED', message: 'Maʼlumotlarni tekshiring.', fields: { phone: 'Oʻzbekiston mobil raqamini kiriting.', bad: 3 } } },
    ]);
    const e = await caught(api.sendOtp('+998', 'individual'));
    expect(e).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Maʼlumotlarni tekshiring.', retryAfter: 0 });
    expect(e.fields).toEqual({ phone: 'Oʻzbekiston mobil raqamini kiriting.' });
  });

  it('names the order a refused card payment left cancelled (order_number), and nothing for other errors', async () => {
    const { api } = clientWith(
      [402, { error: { code: 'INSUFFICIENT_FUNDS', message: 'Kartada mablagʻ yetarli emas.', order_number: 'BZ-100012' } }],
      [402, { error: { code: 'INSUFFICIENT_FUNDS', message: 'x', order_number: 12 } }],
    );
    expect(await caught(api.getDeliverySettings())).toMatchObject({ status: 402, code: 'INSUFFICIENT_FUNDS', orderNumber: 'BZ-100012' });
    expect((await caught(api.getDeliverySettings())).orderNumber).toBeUndefined();
  });

  it('reads Retry-After of a 429 as seconds', async () => {
    const { api } = clientWith([429, { error: { code: 'OTP_RESEND_TOO_SOON', message: 'Kuting' } }, { 'Retry-After': '42' }]);
    const e = await caught(api.sendOtp('+998901234567', 'individual'));
    expect(e).toMatchObject({ status: 429, code: 'OTP_RESEND_TOO_SOON', retryAfter: 42, fields: {} });
  });

  it('names an answer without an error body by its status, and no answer at all NETWORK', async () => {
    const { api } = clientWith([503, 'oops']);
    expect(await caught(api.getDeliverySettings())).toMatchObject({ status: 503, code: 'HTTP_503' });
    const offline = createApiClient({
      getLang: () => 'en',
      getToken: () => '',
      getAccountType: () => 'individual',
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
    });
    expect(await caught(offline.getDeliverySettings())).toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('parses Retry-After as delta-seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T09:00:00Z');
    expect(parseRetryAfter('17', now)).toBe(17);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBe(0);
  });
});

describe('order, payment, delivery and profile calls', () => {
  it('places an order with its Idempotency-Key and the usual headers, and answers the order', async () => {
    const order = { number: 'BZ-100001', status: 'new', payment_status: 'pending', payment_method: 'cash', total: 1000 };
    const { api, calls } = clientWith([201, { order }]);
    const body = { items: [{ product_id: 1, quantity: 2 }], one_click: false, delivery: { type: 'pickup' as const, store_id: 1 }, receiver: { name: 'A', surname: 'B', phone: '+998901234567' }, payment: { method: 'cash' as const } };
    await expect(ordersApi(api).place(body, 'key-1')).resolves.toEqual(order);
    expect(calls[0]).toMatchObject({ url: '/api/orders/', method: 'POST', body });
    expect(calls[0]!.headers).toMatchObject({ 'Idempotency-Key': 'key-1', Authorization: 'Bearer tok', 'X-LANG': 'uz', 'Content-Type': 'application/json' });
  });

  it('lists and reads orders; an unknown number is a 404 ApiError', async () => {
    const page = { data: [], meta: { total: 0, page: 2, per_page: 10, last_page: 1 } };
    const { api, calls } = clientWith([200, page], [404, { error: { code: 'NOT_FOUND', message: 'Buyurtma topilmadi.' } }]);
    await expect(ordersApi(api).list(2)).resolves.toEqual(page);
    expect(calls[0]!.url).toBe('/api/orders?page=2&per_page=10');
    expect(await caught(ordersApi(api).get('BZ 1/2'))).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Buyurtma topilmadi.' });
    expect(calls[1]!.url).toBe('/api/orders/BZ%201%2F2');
  });

  it('turns cart lines into ids and quantities, with the variant from the line or its attributes', () => {
    const base = { name: 'x', img_url: '', price: 9, slug: 's', mxit: '', mxit_unit: '', weight: 0 };
    expect(
      orderLines([
        { ...base, product_id: '5', quantity: 1, attributes: { variant_id: '12' } },
        { ...base, product_id: 6, quantity: 3, attributes: {} },
      ]),
    ).toEqual([
      { product_id: 5, variant_id: 12, quantity: 1 },
      { product_id: 6, quantity: 3 },
    ]);
  });

  it('adds, resends, confirms, lists and removes a card', async () => {
    const card = { id: 3, number: '860006******6311', expire: '03/99', verified: false };
    const { api, calls } = clientWith(
      [200, { card, phone: '99890*****31', wait: 60 }],
      [200, { phone: '99890*****31', wait: 60 }],
      [200, { card: { ...card, verified: true } }],
      [200, { data: [{ ...card, verified: true }] }],
      [200, { removed: true }],
    );
    const p = paymentsApi(api);
    await expect(p.createCard('8600069195406311', '03/99')).resolves.toEqual({ card, phone: '99890*****31', wait: 60 });
    await expect(p.resendCardCode(3)).resolves.toEqual({ phone: '99890*****31', wait: 60 });
    await expect(p.confirmCard(3, '666666')).resolves.toMatchObject({ id: 3, verified: true });
    await expect(p.cards()).resolves.toHaveLength(1);
    await expect(p.removeCard(3)).resolves.toEqual({ removed: true });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/payments/card/create',
      'POST /api/payments/card/resend',
      'POST /api/payments/card/confirm',
      'GET /api/payments/cards',
      'DELETE /api/payments/cards/3',
    ]);
    expect(calls[1]!.body).toEqual({ card_id: 3 });
    expect(calls[2]!.body).toEqual({ card_id: 3, code: '666666' });
  });

  it('reads delivery settings, stores and a quote', async () => {
    const quote = { items: [], items_total: 0, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1, total: 0 };
    const { api, calls } = clientWith([200, { data: { regions: [] } }], [200, { data: [{ id: 1, name: 'S', address: 'A' }] }], [200, { data: quote }]);
    const d = deliveryApi(api);
    await expect(d.settings()).resolves.toEqual({ regions: [] });
    await expect(d.stores()).resolves.toEqual([{ id: 1, name: 'S', address: 'A' }]);
    await expect(d.quote([{ product_id: 1, quantity: 1 }], { type: 'express', region: 'tashkent' })).resolves.toEqual(quote);
    expect(calls[2]).toMatchObject({ url: '/api/delivery/quote', body: { items: [{ product_id: 1, quantity: 1 }], delivery: { type: 'express', region: 'tashkent' } } });
  });

  it('saves the profile and uploads a photo as multipart', async () => {
    const user = { id: 1, phone: '+998901234567', user_type: 'individual' };
    const { api, calls } = clientWith([200, { user }], [200, { user }]);
    await expect(profileApi(api).save({ name: 'A', surname: null, email: null, birth_date: null, gender: null })).resolves.toEqual(user);
    await expect(profileApi(api).uploadPhoto(new Blob(['x'], { type: 'image/png' }))).resolves.toEqual(user);
    expect(calls[1]!.body).toBeInstanceOf(FormData);
    expect(calls[1]!.headers['Content-Type']).toBeUndefined();
  });
});

describe('cart check and content calls', () => {
  it('checks cart lines (product ids as numbers) and keeps only the store fields of an answer line', async () => {
    const line = { product_id: 5, name: 'Choynak', img_url: null, quantity: 2, attributes: {}, price: 10, slug: 'c', mxit: '1', mxit_unit: '2', weight: 900 };
    const answer = { data: [{ ...line, quantity: 1, total_quanity: 1, old_price: 12 }], changes: [{ product_id: 5, variant_id: null, change: 'quantity_capped' }] };
    const { api, calls } = clientWith([200, answer]);
    await expect(cartApi(api).check([{ ...line, product_id: '5' }])).resolves.toEqual(answer);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/cart/check', body: { cart_data: [{ ...line, product_id: 5 }] } });
    expect(toCartItem(answer.data[0]!)).toEqual({ ...line, quantity: 1 });
  });

  it('reads brands, blogs, an article, a page and the stores, unwrapping data', async () => {
    const { api, calls } = clientWith([200, { data: ['b'] }], [200, { data: ['l'] }], [200, { data: { slug: 'a b' } }], [200, { data: { slug: 'p' } }], [200, { data: ['m'] }]);
    const c = contentApi(api);
    expect([await c.brands(), await c.blogs(), await c.blog('a b'), await c.page('return'), await c.markets()]).toEqual([['b'], ['l'], { slug: 'a b' }, { slug: 'p' }, ['m']]);
    expect(calls.map((x) => x.url)).toEqual([
      '/backend/api/ext/v1/resources/brands',
      '/backend/api/ext/v1/resources/blogs?per_page=50',
      '/backend/api/ext/v1/resources/blogs/a%20b',
      '/backend/api/ext/v1/resources/pages/return',
      '/api/store/stores',
    ]);
  });
});

describe('the subpath API modules', () => {
  // They are bundled into each remote that imports them (not through the MF-shared barrel), so a
  // value import of a store, the client or ApiError would make a second copy of it in that remote.
  const dir = path.join(__dirname, '../src/api');
  // openapi.ts is generated types only (pnpm contract): no imports at all. The client's own files (its
  // operations' types, its errors, its addresses) are part of the singleton, not subpaths.
  const CLIENT = new Set(['client.ts', 'errors.ts', 'operations.ts', 'url.ts', 'openapi.ts']);
  const modules = fs.readdirSync(dir).filter((f) => !CLIENT.has(f) && f.endsWith('.ts'));

  // cartLine.ts holds no state (the cart-cookie subpath bundles it too): a copy of it in a remote is harmless
  const STATELESS = new Set(['../cartLine']);

  it.each(modules)('%s imports nothing but types (and stateless helpers)', (file) => {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)];
    expect(imports.length).toBeGreaterThan(0);
    for (const m of imports) expect({ file, from: m[2], allowed: Boolean(m[1]) || STATELESS.has(m[2]!) }).toEqual({ file, from: m[2], allowed: true });
  });

  it('the stateless helpers they may import import nothing but types', () => {
    for (const helper of STATELESS) {
      const source = fs.readFileSync(path.join(dir, `${helper}.ts`), 'utf8');
      for (const m of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) expect({ helper, from: m[2], typeOnly: Boolean(m[1]) }).toEqual({ helper, from: m[2], typeOnly: true });
    }
  });

  it('are each listed in package.json exports', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { exports: Record<string, string> };
    for (const file of [...modules, 'openapi.ts']) expect(pkg.exports[`./api/${file.replace(/\.ts$/, '')}`]).toBe(`./src/api/${file}`);
  });
});
