/** @jest-environment node */
// The operation-keyed client (src/api/client.ts over src/api/operations.ts): what goes on the wire for each
// part of a call, and — checked by `pnpm run typecheck`, which covers this folder — what does not compile.
import { createApiClient, type Answer, type ApiError, type Body, type Query } from '../src';
import { apiUrl, queryString } from '../src/api/url';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

/** A client over a scripted fetch: each answer is [status, body (a string as is), headers?], taken in order. */
function clientWith(...answers: [number, unknown, Record<string, string>?][]) {
  const calls: Call[] = [];
  const errors: ApiError[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = init.body instanceof FormData ? init.body : init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body, signal: init.signal ?? undefined });
    const [status, json, headers] = answers.shift() ?? [500, {}];
    const text = status === 204 ? null : typeof json === 'string' ? json : JSON.stringify(json);
    return new Response(text, { status, headers });
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ getLang: () => 'ru', getToken: () => 'tok', getAccountType: () => 'legal', fetch, onError: (e) => errors.push(e) });
  return { api, calls, errors };
}

describe('a call names its operation by method and path template', () => {
  it('fills the path parameters, URI-encoded, and answers the typed JSON', async () => {
    const { api, calls } = clientWith([200, { order: { number: 'BZ 1/2' } }]);
    const answer = await api.get('/api/orders/{tid}', { path: { tid: 'BZ 1/2' } });
    expect(answer.order.number).toBe('BZ 1/2');
    expect(calls[0]).toMatchObject({ url: '/api/orders/BZ%201%2F2', method: 'GET', body: undefined });
    expect(calls[0]!.headers).toEqual({ Accept: 'application/json', 'X-LANG': 'ru', 'X-ACCOUNT-TYPE': 'legal', Authorization: 'Bearer tok' });
  });

  it('writes the query as the API documents it: undefined left out, lists with their commas, keys with their brackets', async () => {
    const { api, calls } = clientWith([200, { data: [] }], [200, {}], [200, {}], [200, {}]);
    await api.get('/api/products/cards', { query: { ids: [3, 1, 2].join(',') } });
    await api.get('/backend/api/ext/v1/resources/product/{slug}', { path: { slug: 'choynak' }, query: { 'resources[]': 'relateds' } });
    await api.get('/backend/api/ext/v1/resources/products/search', { query: { q: 'choynak tefal&co', limit: undefined } });
    await api.get('/api/products/{slug}/availability', { path: { slug: 'k' }, query: { region: undefined } });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/products/cards?ids=3,1,2',
      '/backend/api/ext/v1/resources/product/choynak?resources[]=relateds',
      '/backend/api/ext/v1/resources/products/search?q=choynak+tefal%26co',
      '/api/products/k/availability',
    ]);
  });

  it('sends a JSON body with its content type, a FormData as it is, and its own headers', async () => {
    const { api, calls } = clientWith([200, { data: [] }], [200, { user: { id: 1 } }]);
    await api.post('/api/profile/favourites/merge', { body: { product_ids: [4, 5] }, headers: { 'Idempotency-Key': 'k' } });
    const form = new FormData();
    form.append('photo', new Blob(['x']), 'me.png');
    await api.post('/api/profile/upload-photo', { body: form });
    expect(calls[0]).toMatchObject({ url: '/api/profile/favourites/merge', method: 'POST', body: { product_ids: [4, 5] } });
    expect(calls[0]!.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k' });
    expect(calls[1]!.body).toBe(form);
    expect(calls[1]!.headers['Content-Type']).toBeUndefined();
  });

  it('answers undefined for an empty answer, and names DELETE, PUT and PATCH in capitals', async () => {
    const { api, calls } = clientWith([204, null], [200, { user: {} }], [200, {}]);
    await expect(api.delete('/api/payments/cards/{id}', { path: { id: 7 } })).resolves.toBeUndefined();
    await api.put('/api/profile', { body: { name: 'Dilnoza' } });
    await api.call('patch', '/api/admin/customers/{id}', { path: { id: 3 }, body: { user_type: 'legal' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/payments/cards/7', 'PUT /api/profile', 'PATCH /api/admin/customers/3']);
  });

  it('tells onError of a refusal before the caller, and lets the caller’s own abort through as it is', async () => {
    const { api, errors } = clientWith([401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }]);
    await expect(api.get('/api/auth/user')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(errors.map((e) => e.code)).toEqual(['UNAUTHENTICATED']);

    const aborting = createApiClient({
      getLang: () => 'en',
      getToken: () => '',
      getAccountType: () => 'individual',
      fetch: ((_url: string, init: RequestInit) => Promise.reject(init.signal?.reason as Error)) as unknown as typeof fetch,
    });
    const controller = new AbortController();
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(aborting.get('/api/settings/delivery', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('downloads a file answer as its bytes and headers', async () => {
    const { api, calls } = clientWith([200, 'sku;name\n', { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="c.csv"' }]);
    const { blob, headers } = await api.download('/api/admin/catalog/export');
    expect(await blob.text()).toBe('sku;name\n');
    expect(headers.get('Content-Disposition')).toContain('c.csv');
    expect(calls[0]!.headers.Accept).toBe('*/*');
  });

  it('builds the same address for a server render as for a call (apiUrl)', () => {
    expect(apiUrl('/backend/api/ext/v1/resources/blogs/{slug}', 'get', { path: { slug: 'a b' } })).toBe('/backend/api/ext/v1/resources/blogs/a%20b');
    expect(apiUrl('/backend/api/ext/v1/resources/blogs', 'get', { query: { per_page: 50 } })).toBe('/backend/api/ext/v1/resources/blogs?per_page=50');
    expect(queryString({ tag: ['a', 'b'], none: undefined })).toBe('?tag=a&tag=b');
    expect(queryString({})).toBe('');
  });
});

describe('what does not compile (pnpm run typecheck)', () => {
  it('refuses a path the contract does not have, a missing path parameter and a body field the route does not take', () => {
    const { api } = clientWith();
    const never = () => Promise.resolve();
    // each line is a type error; at run time the calls are not made
    const refused = [
      // @ts-expect-error — no such path
      () => api.get('/api/ordres'),
      // @ts-expect-error — no GET on this path
      () => api.get('/api/orders/one-click'),
      // @ts-expect-error — the template has {tid}: `path` is required
      () => api.get('/api/orders/{tid}'),
      // @ts-expect-error — and must name it
      () => api.get('/api/orders/{tid}', { path: { number: 'BZ-1' } }),
      // @ts-expect-error — the route takes `product_ids`
      () => api.post('/api/profile/favourites/merge', { body: { product_id: [1] } }),
      // @ts-expect-error — the body is required
      () => api.post('/api/profile/favourites/merge'),
      // @ts-expect-error — a query the route does not read
      () => api.get('/api/orders', { query: { pages: 2 } }),
      // @ts-expect-error — a JSON body where the route takes none
      () => api.post('/api/auth/logout', { body: { all: true } }),
      never,
    ];
    expect(refused).toHaveLength(9);
  });

  it('types the answer, the body and the query of an operation alike', () => {
    const body: Body<'/api/orders/one-click', 'post'> = { product_id: 1, name: 'A' };
    const query: Query<'/api/orders', 'get'> = { page: 1, per_page: 10 };
    const answer: Answer<'/api/profile/stock-alerts', 'delete'> = { deleted: true };
    // @ts-expect-error — the answer's `deleted` is the constant true
    const wrong: Answer<'/api/profile/stock-alerts', 'delete'> = { deleted: false };
    expect([body, query, answer, wrong]).toHaveLength(4);
  });
});
