/** @jest-environment node */
// The `pnpm start` gateway's proxy to the API (proxy.ts) through fetch and plain requests: the catalogue key,
// the routes it never passes on, the client's address and host it sends, the body limits nginx keeps too.
// The proxy as seen from a raw socket (hop-by-hop headers, keep-alive, a 413 while sending) is proxy.test.ts.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { UPLOAD_LIMITS } from './proxy.js';
import { shopFixture } from './testing/shop-fixture.js';

const { dist, reader } = shopFixture();

describe('proxy to the API (the pnpm start gateway)', () => {
  /** A stand-in API that records the path and headers of every request it gets. */
  async function gatewayWith(env: Record<string, string>) {
    const seen: Array<{ path: string; headers: http.IncomingHttpHeaders }> = [];
    const api = http.createServer((req, res) => {
      seen.push({ path: req.url ?? '', headers: req.headers });
      // as the API does: the whole body is read before the answer
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const gw = createShellServer(loadConfig({ SHELL_DIST: dist, API_URL: apiUrl, PROXY_API: '1', SSR: 'off', ...env }), { reader, log: () => undefined });
    await new Promise<void>((r) => gw.listen(0, '127.0.0.1', r));
    const port = (gw.address() as AddressInfo).port;
    /** A raw request, so the request line is sent exactly as written. */
    const send = (requestPath: string, headers: Record<string, string> = {}) =>
      new Promise<void>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: requestPath, headers }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end();
      });
    const close = () => Promise.all([new Promise((r) => gw.close(r)), new Promise((r) => api.close(r))]);
    return { seen, send, close, port };
  }

  it('adds the catalogue key to the catalogue only, and drops any key a client sends', async () => {
    const gw = await gatewayWith({ CATALOG_API_KEY: 'secret' });
    const forged = { 'x-api-key': 'forged' };
    await gw.send('/backend/api/ext/v1/resources/categories', forged);
    await gw.send('/backend/api/ext/v1/customers/1/orders', forged);
    await gw.send('/backend/api/ext/v1/customers/1/orders/BZ-100001/details');
    await gw.send('/backend/api/ext/v1/resources/../customers/1/orders');
    await gw.send('/api/store/stores', forged);
    await gw.close();
    expect(gw.seen.map((r) => [r.path, r.headers['x-api-key']])).toEqual([
      ['/backend/api/ext/v1/resources/categories', 'secret'],
      ['/backend/api/ext/v1/customers/1/orders', undefined],
      ['/backend/api/ext/v1/customers/1/orders/BZ-100001/details', undefined],
      ['/backend/api/ext/v1/customers/1/orders', undefined],
      ['/api/store/stores', undefined],
    ]);
  });

  it("never passes on the API's machine-only /api/ops/ routes, however the path is spelled", async () => {
    const gw = await gatewayWith({});
    for (const path of ['/api/ops/staff', '/api/%6Fps/staff', '/api/store/../ops/orders/BZ-1/status', '/api/ops']) await gw.send(path);
    await gw.send('/api/store/stores');
    await gw.close();
    expect(gw.seen.map((r) => r.path)).toEqual(['/api/store/stores']);
  });

  it('never lets the request line choose another host to send the key to', async () => {
    const elsewhere = http.createServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const other = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    let reached = 0;
    elsewhere.on('request', () => reached++);
    const gw = await gatewayWith({ CATALOG_API_KEY: 'secret' });
    await gw.send(`//${other}/backend/api/ext/v1/resources/categories`);
    await gw.send(`/x/..//${other}/backend/api/ext/v1/resources/categories`);
    await gw.close();
    await new Promise((r) => elsewhere.close(r));
    expect(reached).toBe(0);
    // the first went to our API; the second is not an API path once its dot segments are resolved
    expect(gw.seen.map((r) => r.path)).toEqual(['/backend/api/ext/v1/resources/categories']);
  });

  it("sends the socket's address as the client, whatever X-Forwarded-* the client wrote", async () => {
    const gw = await gatewayWith({});
    await gw.send('/api/auth/send-otp', { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    await gw.close();
    expect(gw.seen[0]!.headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': `127.0.0.1:${gw.port}`, 'x-forwarded-proto': 'http' });
  });

  it("passes on the listening address as the host, never a client's Host (the API checks a write's Origin against it)", async () => {
    const gw = await gatewayWith({});
    await gw.send('/api/auth/send-otp', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    await gw.send('/api/auth/send-otp', { host: `localhost:${gw.port}` });
    await gw.close();
    expect(gw.seen.map((r) => r.headers['x-forwarded-host'])).toEqual([`localhost:${gw.port}`, `localhost:${gw.port}`]);
  });

  it('believes X-Forwarded-* only from the proxies TRUST_PROXY names, and takes the first address they did not add', async () => {
    const gw = await gatewayWith({ TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    await gw.send('/api/auth/send-otp', { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-host': 'bozor.uz', 'x-forwarded-proto': 'https' });
    await gw.send('/api/auth/send-otp', { 'x-forwarded-for': '203.0.113.1, 198.51.100.8, 10.1.2.3' });
    await gw.send('/api/auth/send-otp', { 'x-forwarded-for': 'not-an-address' });
    await gw.close();
    expect(gw.seen.map((r) => [r.headers['x-forwarded-for'], r.headers['x-forwarded-host'], r.headers['x-forwarded-proto']])).toEqual([
      ['198.51.100.7', 'bozor.uz', 'https'],
      ['198.51.100.8', `127.0.0.1:${gw.port}`, 'http'],
      ['127.0.0.1', `127.0.0.1:${gw.port}`, 'http'],
    ]);
  });

  it('refuses an oversized body itself (413 in the request language, every time), and keeps the API\'s own 413', async () => {
    const gw = await gatewayWith({});
    const big = JSON.stringify({ cart_data: 'x'.repeat(2 * 1024 * 1024) });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${gw.port}/api/cart/check`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-lang': 'ru' }, body: big });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос.' } });
    }
    // sent in chunks, without a length
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: gw.port, path: '/api/profile/upload-photo', method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 97);
      for (let i = 0; i < 13; i++) req.write(chunk);
      req.end();
    });
    expect(chunked).toBe(413);
    await gw.close();
    // the JSON bodies never reached the API; the chunked one was cut off once it passed the limit
    expect(gw.seen.map((r) => r.path)).toEqual(['/api/profile/upload-photo']);
  });

  it('holds every body to the API\'s limits, as nginx does: 1 MiB, a photo form 6 MiB', async () => {
    const gw = await gatewayWith({});
    const post = (route: string, contentType: string, bytes: number) =>
      fetch(`http://127.0.0.1:${gw.port}${route}`, { method: 'POST', headers: { 'content-type': contentType }, body: Buffer.alloc(bytes, 97) }).then(async (res) => {
        await res.arrayBuffer();
        return `${route} ${contentType} ${bytes}: ${res.status}`;
      });
    const MiB = 1024 * 1024;
    const asked = [
      ['/api/auth/send-otp', 'text/plain', 2 * MiB],
      ['/api/auth/send-otp', 'multipart/form-data; boundary=x', 2 * MiB],
      ['/api/profile/upload-photo', 'application/json', 2 * MiB],
      ['/api/profile/upload-photo', 'multipart/form-data; boundary=x', 7 * MiB],
      ['/api/auth/send-otp', 'text/plain', MiB],
      ['/api/profile/upload-photo', 'multipart/form-data; boundary=x', 6 * MiB],
    ] as const;
    const statuses = [];
    for (const [route, type, bytes] of asked) statuses.push(await post(route, type, bytes));
    await gw.close();
    expect(statuses).toEqual(asked.map(([route, type, bytes], i) => `${route} ${type} ${bytes}: ${i < 4 ? 413 : 200}`));
    // only the last two, within the limits, reached the API
    expect(gw.seen.map((r) => r.path)).toEqual(['/api/auth/send-otp', '/api/profile/upload-photo']);
  });

  it("lets the back office's uploads through up to the API's own limits: a 10 MiB CSV, 5 MiB pictures, product pictures in 48 MiB batches", async () => {
    const gw = await gatewayWith({});
    const MiB = 1024 * 1024;
    const form = 'multipart/form-data; boundary=x';
    const post = (route: string, bytes: number, contentType = form) =>
      fetch(`http://127.0.0.1:${gw.port}${route}`, { method: 'POST', headers: { 'content-type': contentType }, body: Buffer.alloc(bytes, 97) }).then(async (res) => {
        await res.arrayBuffer();
        return `${route} ${bytes / MiB}: ${res.status}`;
      });
    const passed = [
      await post('/api/admin/catalog/import/dry-run', 10 * MiB),
      await post('/api/admin/products/417/images', 48 * MiB),
      await post('/api/admin/brands/14/logo', 5 * MiB),
      await post('/api/admin/posts/3/cover', 5 * MiB),
    ];
    const refused = [
      await post('/api/admin/catalog/import/dry-run', 12 * MiB),
      await post('/api/admin/products/417/images', 65 * MiB),
      await post('/api/admin/brands/14/logo', 7 * MiB),
      // not a form: JSON stays at 1 MiB on an upload's path too
      await post('/api/admin/products/417/images', 2 * MiB, 'application/json'),
      // a path that only looks like one
      await post('/api/admin/products/417/images/x', 2 * MiB),
    ];
    await gw.close();
    expect(passed).toEqual(passed.map((line) => line.replace(/: .*$/, ': 200')));
    expect(refused).toEqual(refused.map((line) => line.replace(/: .*$/, ': 413')));
    // what was refused never reached the API
    expect(gw.seen).toHaveLength(passed.length);
  }, 60_000);

  it('uses the same upload table as the nginx gateway', () => {
    const template = fs.readFileSync(path.join(__dirname, '../../gateway/default.conf.template'), 'utf8');
    for (const { path: route, bytes } of UPLOAD_LIMITS) {
      const location = route.source === String.raw`^\/api\/profile\/upload-photo$` ? 'location = /api/profile/upload-photo {' : `location ~ ${route.source.replace(/\\\//g, '/')} {`;
      const at = template.indexOf(location);
      expect({ location, found: at >= 0 }).toEqual({ location, found: true });
      expect(template.slice(at, template.indexOf('}', at))).toContain(`client_max_body_size ${bytes / (1024 * 1024)}m;`);
    }
  });

  it('refuses a TRUST_PROXY it cannot read, naming the entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'loopback,10.0.0.0/33' })).toThrow('TRUST_PROXY entry "10.0.0.0/33"');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow('TRUST_PROXY entry "everyone"');
  });
});
