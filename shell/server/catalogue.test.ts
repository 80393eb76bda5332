/** @jest-environment node */
// The server's reads of the API for rendered pages: which answers a remote may ask for, and how.
import { createCatalogueReader } from './catalogue.js';

function fakeApi() {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const doFetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ data: [], changes: [] }), { status: 200 });
  }) as unknown as typeof fetch;
  return { calls, reader: createCatalogueReader({ apiUrl: 'http://api', catalogApiKey: null }, doFetch) };
}

test("a rendered page may ask for the guest cart check, as a guest with individual prices, in the page's language", async () => {
  const { calls, reader } = fakeApi();
  const body = { cart_data: [{ product_id: 1, quantity: 2, price: 10 }] };
  expect(await reader.answer({ method: 'POST', path: '/api/cart/check', body }, 'ru')).toEqual({ data: [], changes: [] });
  expect(calls).toEqual([{ url: 'http://api/api/cart/check', method: 'POST', headers: expect.objectContaining({ 'X-LANG': 'ru', 'X-ACCOUNT-TYPE': 'individual' }), body }]);
  expect(calls[0]?.headers).not.toHaveProperty('Authorization');
});

test("a rendered page may read the stores (the markets page), as a guest, in the page's language", async () => {
  const { calls, reader } = fakeApi();
  expect(await reader.answer({ method: 'GET', path: '/api/store/stores' }, 'uz')).toEqual({ data: [], changes: [] });
  expect(calls).toEqual([{ url: 'http://api/api/store/stores', method: 'GET', headers: expect.objectContaining({ 'X-LANG': 'uz', 'X-ACCOUNT-TYPE': 'individual' }), body: undefined }]);
  expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  expect(calls[0]?.headers).not.toHaveProperty('Cookie');
});

test('anything else — a stored cart, an account read, the cart check by GET, a write to the stores — is never asked for', async () => {
  const { calls, reader } = fakeApi();
  for (const request of [
    { method: 'GET' as const, path: '/api/profile/cart' },
    { method: 'POST' as const, path: '/api/profile/cart', body: {} },
    { method: 'GET' as const, path: '/api/cart/check' },
    { method: 'GET' as const, path: '/api/orders' },
    { method: 'POST' as const, path: '/api/store/stores', body: {} },
    { method: 'GET' as const, path: '/api/store/stores/../../api/orders' },
    { method: 'GET' as const, path: '/api/admin/stores' },
  ]) {
    expect(await reader.answer(request, 'uz')).toBeUndefined();
  }
  expect(calls).toEqual([]);
});

test("an information page's heading comes from the catalogue's page answer; a 404 of the catalogue is missing, any other failure unknown", async () => {
  const answers: Record<string, Response> = {
    'http://api/backend/api/ext/v1/resources/pages/contacts': new Response(JSON.stringify({ data: { slug: 'contacts', title: ' Aloqa ', body: '<p>…</p>' } }), { status: 200 }),
    'http://api/backend/api/ext/v1/resources/pages/gone': new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'x' } }), { status: 404 }),
  };
  const headers: Record<string, string>[] = [];
  const doFetch = (async (url: string, init: RequestInit) => {
    headers.push(init.headers as Record<string, string>);
    return answers[url] ?? new Response('oops', { status: 502 });
  }) as unknown as typeof fetch;
  const reader = createCatalogueReader({ apiUrl: 'http://api', catalogApiKey: null }, doFetch);
  // with the whole answer, for the page to render from without asking again
  expect(await reader.infoPage('contacts', 'uz')).toEqual({ kind: 'found', value: { title: 'Aloqa', answer: { data: { slug: 'contacts', title: ' Aloqa ', body: '<p>…</p>' } } } });
  expect(headers[0]).toMatchObject({ 'X-LANG': 'uz' });
  expect(await reader.infoPage('gone', 'ru')).toEqual({ kind: 'missing' });
  expect(await reader.infoPage('delivery', 'en')).toEqual({ kind: 'unknown' });
});

test("a category's name is found at any depth of the tree, in the page's language; a brand's in the brand list", async () => {
  const tree = { data: [{ slug: 'kitchen', name: 'Кухня', children: [{ slug: 'kettles', name: ' Чайники ', children: [] }] }] };
  const brands = { data: [{ id: 1, slug: 'tefal', name: 'Tefal' }] };
  const asked: string[] = [];
  const doFetch = (async (url: string, init: RequestInit) => {
    asked.push(`${url} ${(init.headers as Record<string, string>)['X-LANG']}`);
    if (url.endsWith('/resources/categories')) return new Response(JSON.stringify(tree), { status: 200 });
    if (url.endsWith('/resources/brands')) return new Response(JSON.stringify(brands), { status: 200 });
    return new Response('oops', { status: 502 });
  }) as unknown as typeof fetch;
  const reader = createCatalogueReader({ apiUrl: 'http://api', catalogApiKey: null }, doFetch);
  expect(await reader.listName('categories', 'kettles', 'ru')).toBe('Чайники');
  expect(await reader.listName('categories', 'kitchen', 'ru')).toBe('Кухня');
  expect(await reader.listName('categories', 'nowhere', 'ru')).toBeNull();
  expect(await reader.listName('brands', 'tefal', 'en')).toBe('Tefal');
  expect(asked).toContain('http://api/backend/api/ext/v1/resources/categories ru');
});

test("a post's and the stores' reads keep the API's whole answer, for the page to render from; a failed read of the stores is none", async () => {
  const post = { data: { slug: 'tea', title: 'Choy haqida', excerpt: 'Damlash', body: '<p>…</p>' } };
  const stores = { data: [{ slug: 'chilonzor', name: 'Bozor Chilonzor', address: 'Bunyodkor 42', phone: '+998712001122' }] };
  let storesUp = true;
  const doFetch = (async (url: string) => {
    if (url === 'http://api/backend/api/ext/v1/resources/blogs/tea') return new Response(JSON.stringify(post), { status: 200 });
    if (url === 'http://api/api/store/stores') return storesUp ? new Response(JSON.stringify(stores), { status: 200 }) : new Response('down', { status: 503 });
    return new Response('oops', { status: 502 });
  }) as unknown as typeof fetch;
  const reader = createCatalogueReader({ apiUrl: 'http://api', catalogApiKey: null }, doFetch);
  expect(await reader.blog('tea', 'uz')).toEqual({ kind: 'found', value: { title: 'Choy haqida', description: 'Damlash', answer: post } });
  expect(await reader.stores('uz')).toEqual({ list: stores.data, answer: stores });
  storesUp = false;
  expect(await reader.stores('uz')).toEqual({ list: [] });
});

test("a product's head names the variant the page opens on: its SKU and its picture (the first colour may be sold out)", async () => {
  const product = {
    name: 'Gorenje MO20E3',
    slug: 'gorenje-mo20e3',
    price: 1_290_000,
    img_url: '/media/p/mo20e3-white.webp',
    images: [{ url: '/media/p/mo20e3-silver.webp' }, { url: '/media/p/mo20e3-white.webp' }],
    selected_variant_id: 52,
    variants: [
      { id: 51, sku: 'GOR-MO20E3-SILVER' },
      { id: 52, sku: 'GOR-MO20E3-WHITE' },
    ],
    total_quanity: 4,
  };
  const doFetch = (async () => new Response(JSON.stringify({ product, relateds: [] }), { status: 200 })) as unknown as typeof fetch;
  const reader = createCatalogueReader({ apiUrl: 'http://api', catalogApiKey: null }, doFetch);
  expect(await reader.product('gorenje-mo20e3', 'uz')).toMatchObject({ kind: 'found', value: { sku: 'GOR-MO20E3-WHITE', image: '/media/p/mo20e3-white.webp' } });
});
