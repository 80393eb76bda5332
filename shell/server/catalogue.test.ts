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

test('anything else — a stored cart, an account read, the cart check by GET — is never asked for', async () => {
  const { calls, reader } = fakeApi();
  for (const request of [
    { method: 'GET' as const, path: '/api/profile/cart' },
    { method: 'POST' as const, path: '/api/profile/cart', body: {} },
    { method: 'GET' as const, path: '/api/cart/check' },
    { method: 'GET' as const, path: '/api/orders' },
  ]) {
    expect(await reader.answer(request, 'uz')).toBeUndefined();
  }
  expect(calls).toEqual([]);
});
