// Input an attacker or a broken client sends never reaches a 500: control characters are a 422 naming the
// field, ids beyond the database's range a 422, malformed multipart a 400/415; and every answer carries
// nosniff (HSTS too under an https PUBLIC_URL).
import { type TestApp, bearer, createTestApp, signIn } from './helpers.js';

const R = '/backend/api/ext/v1/resources';

describe('hostile input (pglite)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: true });
    token = await signIn(t, '+998901110099');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const fieldsOf = (res: { statusCode: number; json: () => { error: { code: string; fields?: Record<string, string> } } }) => {
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    return Object.keys(res.json().error.fields ?? {});
  };

  test('a NUL or another control character in a path, a query or a body is a 422 naming the field', async () => {
    for (const url of ['/api/product/abc%00', `${R}/product/abc%00`, `${R}/blogs/abc%00`, `${R}/pages/abc%07`]) {
      expect(fieldsOf(await t.app.inject({ url, headers: { 'x-lang': 'en' } }))).toEqual(['slug']);
    }
    expect(fieldsOf(await t.app.inject({ url: `${R}/products/search?q=chay%00nik` }))).toEqual(['q']);
    const filter = await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { options: { color: ['black\u0000'] } } });
    expect(fieldsOf(filter)).toEqual(['options.color.0']);
    const profile = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { ...bearer(token), 'x-lang': 'en' }, payload: { name: 'Ali\u0000' } });
    expect(fieldsOf(profile)).toEqual(['name']);
    expect(profile.json().error.fields.name).toBe('Contains characters that are not allowed (control characters).');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(token), 'idempotency-key': 'hostile-0001' },
      payload: { items: [{ product_id: 1, quantity: 1 }], delivery: { type: 'courier', region: 'tashkent', address: 'Bunyodkor\u001b[31m 12' }, receiver: { name: 'A', surname: 'B', phone: '+998901110099' }, payment: { method: 'cash' } },
    });
    expect(fieldsOf(order)).toEqual(['delivery.address']);
    // line breaks and tabs are text, not controls
    const comment = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload: { name: 'Ali' } });
    expect(comment.statusCode).toBe(200);
  });

  test('a body nested deeper than any request is a 422 that says so, not a 500', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: { ...bearer(token), 'x-lang': 'en' }, payload: { name: deep } });
    expect(res.statusCode).toBe(422);
    expect(Object.values(res.json().error.fields)).toEqual(['Nested too deeply (more than 16 levels).']);
  });

  test('an id beyond the database integer is a 422, in a body and in a path', async () => {
    const check = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: 2_147_483_648, quantity: 1 }] } });
    expect(fieldsOf(check)).toEqual(['cart_data.0.product_id']);
    const asText = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: '9999999999', quantity: 1 }] } });
    expect(asText.statusCode).toBe(422);
    const quote = await t.app.inject({ method: 'POST', url: '/api/delivery/quote', payload: { items: [{ product_id: 2_147_483_648, quantity: 1 }], delivery: { type: 'pickup', store_id: 1 } } });
    expect(quote.statusCode).toBe(422);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(token), 'idempotency-key': 'hostile-0002' },
      payload: { items: [{ product_id: 2_147_483_648, quantity: 1 }], delivery: { type: 'pickup', store_id: 1 }, receiver: { name: 'A', surname: 'B', phone: '+998901110099' }, payment: { method: 'cash' } },
    });
    expect(fieldsOf(order)).toEqual(['items.0.product_id']);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/payments/cards/2147483648', headers: bearer(token) })).statusCode).toBe(422);
  });

  test('multipart without a boundary, or cut short, is a 400 or 415, never a 500', async () => {
    const noBoundary = await t.app.inject({ method: 'POST', url: '/api/profile/upload-photo', headers: { ...bearer(token), 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect([400, 415]).toContain(noBoundary.statusCode);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect([400, 415, 422]).toContain(cut.statusCode);
    expect(cut.json().error.code).not.toBe('INTERNAL');
  });

  test('every answer says nosniff; HSTS only under an https PUBLIC_URL', async () => {
    for (const url of ['/api/store/stores', '/healthz', '/api/product/no-such-thing', '/no-such-route']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const https = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://bozor.uz', SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'shop@bozor.uz', ESKIZ_PASSWORD: 'secret' } });
    try {
      expect((await https.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
