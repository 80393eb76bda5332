// Input an attacker or a broken client sends never reaches a 500: control characters and lone UTF-16
// surrogates are a 422 naming the field (on every route: JSON bodies, query strings, paths, multipart
// fields and file names), ids beyond the database's range a 422, malformed multipart a 400/415; and every
// answer carries nosniff (HSTS too under an https PUBLIC_URL).
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { staffSessions } from '../src/db/schema/index.js';
import { openApiPath } from '../src/http/contract.js';
import { newSessionToken, sha256 } from '../src/lib/secrets.js';
import { type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { staffTokens } from './admin-catalog-helpers.js';
import { type JsonSchema, type Operation, referenced } from './support/openapi-schema.js';

const R = '/backend/api/ext/v1/resources';
/** The field message of text a database cannot keep: a control character or a lone surrogate. */
const NOT_ALLOWED = 'Contains characters that are not allowed (such as control characters or broken Unicode).';

/**
 * A body shaped as `schema` asks (every property, optional ones too) whose every string is `text`, and
 * the paths of those strings ("delivery.address", "items.0.name").
 */
function shapedWith(schema: JsonSchema | undefined, text: string, components: Record<string, JsonSchema>, path: string[] = [], depth = 0): { value: unknown; paths: string[] } {
  if (!schema || depth > 12) return { value: text, paths: [path.join('.')] };
  if (schema.$ref) return shapedWith(referenced(schema, components), text, components, path, depth + 1);
  if (schema.const !== undefined) return { value: schema.const, paths: [] };
  if (schema.enum) return { value: schema.enum[0], paths: [] };
  const options = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.type !== 'null');
  if (options?.[0]) return shapedWith(options.find((s) => s.type === 'string') ?? options[0], text, components, path, depth + 1);
  const type = [schema.type ?? 'string'].flat().find((t) => t !== 'null');
  if (type === 'integer' || type === 'number') return { value: Math.max(schema.minimum ?? 1, 1), paths: [] };
  if (type === 'boolean') return { value: true, paths: [] };
  if (type === 'array') {
    const items = Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, (_, i) => shapedWith(schema.items, text, components, [...path, String(i)], depth + 1));
    return { value: items.map((i) => i.value), paths: items.flatMap((i) => i.paths) };
  }
  if (type === 'object') {
    const entries = Object.entries(schema.properties ?? {}).map(([key, property]) => [key, shapedWith(property, text, components, [...path, key], depth + 1)] as const);
    if (entries.length === 0) return { value: { note: text }, paths: [[...path, 'note'].join('.')] };
    return { value: Object.fromEntries(entries.map(([key, v]) => [key, v.value])), paths: entries.flatMap(([, v]) => v.paths) };
  }
  return { value: text, paths: [path.join('.')] };
}

describe('hostile input (pglite)', () => {
  let t: TestApp;
  let token: string;
  let staff: Awaited<ReturnType<typeof staffTokens>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: true });
    token = await signIn(t, '+998901110099');
    staff = await staffTokens(t, 1);
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
    expect(profile.json().error.fields.name).toBe(NOT_ALLOWED);
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

  test('a lone surrogate or a NUL in any string of any write route\'s body, or a NUL in any query or path parameter, is a 422 naming it', async () => {
    // Sessions of their own: on a regression a body taken by a logout or an account deletion ends them, not the other tests'.
    const shopper = await signIn(t, '+998901110098');
    const customerId = (await t.app.inject({ url: '/api/auth/user', headers: bearer(shopper) })).json().user.id as number;
    const owner = newSessionToken();
    const [ownerRow] = await queryRows<{ id: number }>(t.database.db, sql`select id from staff where role = 'owner' order by id limit 1`);
    await t.database.db.insert(staffSessions).values({ staffId: ownerRow!.id, tokenHash: sha256(owner), createdAt: t.clock.now(), lastSeenAt: t.clock.now() });
    const doc = t.app.openApi();
    const components = (doc.components.schemas ?? {}) as Record<string, JsonSchema>;
    const auth: Record<string, Record<string, string>> = {
      customer: bearer(shopper),
      'customer:self': bearer(shopper),
      staff: bearer(owner),
      ops: { 'x-ops-secret': t.app.opsSecret },
    };
    const paymeAuth = { authorization: `Basic ${Buffer.from(`Paycom:${t.app.config.checkout.payme?.key}`).toString('base64')}` };
    const problems: string[] = [];
    const expectRefused = (what: string, res: { statusCode: number; body: string }, paths: string[]) => {
      const fields = res.statusCode === 422 ? (JSON.parse(res.body) as { error: { fields?: Record<string, string> } }).error.fields ?? {} : {};
      const named = Object.entries(fields).filter(([field, message]) => paths.includes(field) && message === NOT_ALLOWED);
      if (named.length === 0) problems.push(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    // The shopper's own id for `customer:self`, a plain 1 elsewhere: the check comes before any lookup.
    const urlOf = (url: string, params: Record<string, string> = {}) =>
      url.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? (name === 'customerId' ? String(customerId) : '1')).replace(/\*$/, 'a.webp');
    // Logging out or deleting the account last: a body one of them took would end the session the rest use.
    const last = (url: string) => (/logout|^\/api\/profile$/.test(url) ? 1 : 0);
    const routes = [...t.app.accessTable].sort((a, b) => last(a.url) - last(b.url));
    for (const route of routes) {
      const op = (doc.paths[openApiPath(route.url)] as Record<string, Operation> | undefined)?.[route.method.toLowerCase()];
      const headers = { ...auth[route.access], 'x-lang': 'en' };
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const noBody = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        for (const [name, text] of [['surrogate', 'a\ud800b'], ['low surrogate', 'a\udfffb'], ['NUL', 'a\u0000b']] as const) {
          const what = `${route.method} ${route.url} body with a ${name}`;
          if (route.url === '/api/payments/payme/merchant') {
            // Payme's JSON-RPC is answered in its own terms, always HTTP 200: an invalid request naming the field.
            const rpc = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'SetFiscalData', params: { id: 'tx-1', type: 'PERFORM', fiscal_data: { receipt: text } } });
            const res = await t.app.inject({ method, url: route.url, headers: { ...paymeAuth, 'content-type': 'application/json' }, payload: rpc });
            if (res.statusCode !== 200 || res.json().error?.code !== -32600 || res.json().error?.data !== 'params.fiscal_data.receipt') problems.push(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
          } else if (route.access === 'provider' || route.url.startsWith('/api/sandbox/')) {
            // Click and the sandbox's pages take forms, which hold no surrogate (a form's %ED%A0%80 decodes as U+FFFD).
            if (name !== 'NUL') continue;
            const res = await t.app.inject({ method, url: route.url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'merchant_trans_id=a%00b' });
            expectRefused(what, res, ['merchant_trans_id']);
          } else {
            const shaped = shapedWith(op?.requestBody?.content?.['application/json']?.schema ?? { type: 'object' }, text, components);
            // a body of numbers and choices only: the text comes as a field the route does not know
            const { value, paths } = shaped.paths.length > 0 ? shaped : { value: { ...(shaped.value as object), note: text }, paths: ['note'] };
            const res = await t.app.inject({ method, url: urlOf(route.url), headers: { ...headers, 'idempotency-key': `hostile-${problems.length}-${route.url.length}` }, payload: value as object });
            expectRefused(what, res, paths);
          }
        }
      }
      for (const parameter of op?.parameters ?? []) {
        if (parameter.in === 'query') {
          const res = await t.app.inject({ method, url: `${urlOf(route.url)}?${parameter.name}=a%00b`, headers, ...noBody });
          expectRefused(`${route.method} ${route.url} query ${parameter.name} with a NUL`, res, [parameter.name]);
          // A lone surrogate cannot be written in a URL (UTF-8 has none): its WTF-8 bytes stay undecoded; never a 500.
          const wtf8 = await t.app.inject({ method, url: `${urlOf(route.url)}?${parameter.name}=a%ED%A0%80b`, headers, ...noBody });
          if (wtf8.statusCode >= 500) problems.push(`${route.method} ${route.url} query ${parameter.name} as WTF-8 → ${wtf8.statusCode}`);
        } else if (route.url.endsWith('*')) {
          // a media address: a picture that cannot exist
          const res = await t.app.inject({ method, url: route.url.replace(/\*$/, 'a%00b.webp'), headers });
          if (res.statusCode < 400 || res.statusCode >= 500) problems.push(`${route.method} ${route.url} with a NUL → ${res.statusCode}`);
        } else if (parameter.name !== 'customerId') {
          const res = await t.app.inject({ method, url: urlOf(route.url, { [parameter.name]: 'a%00b' }), headers, ...noBody });
          expectRefused(`${route.method} ${route.url} path ${parameter.name} with a NUL`, res, [parameter.name]);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  test('a multipart field or file name with a NUL or another control character is a 422 naming the field, on every upload', async () => {
    const doc = t.app.openApi();
    const uploads = t.app.accessTable.flatMap((route) => {
      const summary = ((doc.paths[openApiPath(route.url)] as Record<string, { summary?: string }> | undefined)?.[route.method.toLowerCase()]?.summary ?? '');
      const field = /multipart\/form-data/.test(summary) ? /`(photo|image|picture|file)`/.exec(summary)?.[1] : undefined;
      return field ? [{ method: route.method as 'POST' | 'PUT', url: route.url.replace(/:[A-Za-z_]+/g, '1'), field, headers: route.access === 'staff' ? bearer(staff.owner) : bearer(token) }] : [];
    });
    expect(uploads.length).toBeGreaterThanOrEqual(7);
    const body = (parts: string[]) => ({
      payload: Buffer.from([...parts.map((p) => `--XYZ\r\n${p}\r\n`), '--XYZ--\r\n'].join('')),
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', 'x-lang': 'en' },
    });
    const filePart = (field: string, filename: string) => `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\nsku;price_individual\nX;1`;
    for (const { method, url, field, headers } of uploads) {
      for (const bad of ['\u0000', '\u001b']) {
        const named = body([filePart(field, `a${bad}.csv`)]);
        const byName = await t.app.inject({ method, url, payload: named.payload, headers: { ...named.headers, ...headers } });
        expect([url, byName.statusCode, byName.json().error.fields]).toEqual([url, 422, { [field]: NOT_ALLOWED }]);
        const valued = body([`Content-Disposition: form-data; name="token"\r\n\r\nab${bad}c`, filePart(field, 'a.csv')]);
        const byValue = await t.app.inject({ method, url, payload: valued.payload, headers: { ...valued.headers, ...headers } });
        expect([url, byValue.statusCode, byValue.json().error.fields]).toEqual([url, 422, { token: NOT_ALLOWED }]);
      }
    }
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
    const https = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://bozor.uz', SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'shop@bozor.uz', ESKIZ_PASSWORD: 'secret', PAYMENT_PROVIDER: 'none' } });
    try {
      expect((await https.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
