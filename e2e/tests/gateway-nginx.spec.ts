// The gateway's nginx config (gateway/default.conf.template) and the remotes' nginx config
// (shared/build/remote/nginx.conf), exercised with Debian's nginx in front of the services started as plain
// processes — the docker-compose topology without Docker. Skipped when nginx is not installed.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect, test } from '../support/test';
import { NGINX, renderTemplate, startNginx } from '../support/nginx';
import { ROOT, freePort, startShellServer, stop, waitForHttp } from '../support/processes';
import { buyFromCard } from '../pages/CatalogPage';

const REMOTES = ['catalog', 'cart', 'checkout', 'account'] as const;

test.describe('nginx gateway', () => {
  test.skip(!fs.existsSync(NGINX), `nginx not found at ${NGINX} — the gateway config test needs Debian's nginx`);

  let nginx: ChildProcess | null = null;
  let shell: ChildProcess | null = null;
  let gatewayUrl = '';
  let gatewayPort = 0;
  let tmp = '';

  test.beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-nginx-'));
    fs.chmodSync(tmp, 0o755); // nginx workers run unprivileged and must read the remotes' folders
    const apiUrl = process.env.E2E_API_URL as string;
    const shellPort = await freePort();
    gatewayPort = await freePort();
    const remotePorts = Object.fromEntries(await Promise.all(REMOTES.map(async (r) => [r, await freePort()] as const)));

    // each remote: its own nginx server with its own config, over a folder laid out like its image
    const html = path.join(tmp, 'html');
    const remoteBlocks = REMOTES.map((r) => {
      fs.mkdirSync(path.join(html, 'remotes'), { recursive: true });
      fs.symlinkSync(path.join(ROOT, `mf-${r}`, 'dist'), path.join(html, 'remotes', r));
      return fs
        .readFileSync(path.join(ROOT, 'shared/build/remote/nginx.conf'), 'utf8')
        .replace('listen 80;', `listen 127.0.0.1:${remotePorts[r]};`)
        .replace('root /usr/share/nginx/html;', `root ${html};`);
    });

    // the shell server as its container runs it: no proxy, no remote files, remotes.json from env, and
    // the gateway in front trusted for X-Forwarded-* (docker-compose: TRUST_PROXY=private)
    shell = startShellServer({
      PORT: String(shellPort),
      TRUST_PROXY: 'loopback',
      API_URL: apiUrl,
      SHELL_DIST: path.join(ROOT, 'shell/dist'),
      REMOTES_FILE: path.join(ROOT, 'gateway/remotes.json'),
    });

    const gateway = renderTemplate(fs.readFileSync(path.join(ROOT, 'gateway/default.conf.template'), 'utf8'), {
      GATEWAY_PORT: `127.0.0.1:${gatewayPort}`,
      SHELL_UPSTREAM: `127.0.0.1:${shellPort}`,
      API_UPSTREAM: new URL(apiUrl).host,
      CATALOG_UPSTREAM: `127.0.0.1:${remotePorts.catalog}`,
      CART_UPSTREAM: `127.0.0.1:${remotePorts.cart}`,
      CHECKOUT_UPSTREAM: `127.0.0.1:${remotePorts.checkout}`,
      ACCOUNT_UPSTREAM: `127.0.0.1:${remotePorts.account}`,
      ADMIN_UPSTREAM: `127.0.0.1:${remotePorts.account}`,
      CATALOG_API_KEY: '',
    });
    nginx = startNginx(path.join(tmp, 'nginx'), [gateway, ...remoteBlocks]);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitForHttp(`http://127.0.0.1:${shellPort}/_healthz`);
    await waitForHttp(`${gatewayUrl}/readyz`, 20_000);
  });

  test.afterAll(async () => {
    await stop(nginx, 'SIGQUIT');
    await stop(shell);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('a page loads through the gateway with every remote and the API behind it', async ({ page, request }) => {
    const remoteEntries = new Set<string>();
    page.on('response', (res) => {
      const m = /\/remotes\/(\w+)\/[^/]+\/remoteEntry\.js$/.exec(new URL(res.url()).pathname);
      if (m && res.ok()) remoteEntries.add(m[1]!);
    });
    const res = await page.goto(`${gatewayUrl}/ru`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Товары для каждого дома');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await buyFromCard(page);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByTestId('cart-badge').click();
    await page.getByTestId('mini-cart-to-cart').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
    expect([...remoteEntries].sort()).toEqual(['cart', 'catalog']);

    // cache rules of the remotes' nginx, passed through the gateway
    const manifest = await request.get(`${gatewayUrl}/remotes/catalog/0.1.0/mf-manifest.json`);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    expect((await request.get(`${gatewayUrl}/remotes.json`)).headers()['cache-control']).toBe('no-cache');
    // 404 status from the shell server through the gateway; the API behind /api
    expect((await request.get(`${gatewayUrl}/en/no-such-page`)).status()).toBe(404);
    expect((await request.get(`${gatewayUrl}/api/store/stores`)).ok()).toBe(true);
  });
  /** A POST through the gateway, written by hand: `chunked` sends the body without a length. */
  function rawPost(pathname: string, headers: Record<string, string>, body: Buffer, chunked = false) {
    return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: gatewayPort, path: pathname, method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': String(body.length) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
      });
      // the gateway may answer and close before it has read the whole body: its answer is what counts
      req.on('error', reject);
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
      req.end();
    });
  }

  const MB = 1024 * 1024;
  const TOO_LARGE_RU = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос.' } };

  test('oversized bodies are 413 with a JSON answer every time, never a 5xx; the API answers normally afterwards', async ({ request }) => {
    test.setTimeout(180_000);
    const jsonOf = (bytes: number) => Buffer.from(JSON.stringify({ phone: '+998901234567', user_type: 'individual', pad: 'x'.repeat(bytes) }));
    const seen: string[] = [];
    for (const route of ['/api/auth/send-otp', '/api/profile/upload-photo', '/backend/api/ext/v1/resources/products']) {
      for (const size of [2 * MB, 10 * MB]) {
        const body = jsonOf(size);
        for (let i = 0; i < 3; i++) {
          const res = await request.post(`${gatewayUrl}${route}`, { headers: { 'content-type': 'application/json', 'x-lang': 'ru' }, data: body });
          const answer = res.headers()['content-type']?.startsWith('application/json') ? JSON.stringify(await res.json()) : `(${res.headers()['content-type']})`;
          seen.push(`${route} ${size / MB} MB #${i + 1}: ${res.status()} ${answer}`);
        }
      }
    }
    const refused = `413 ${JSON.stringify(TOO_LARGE_RU)}`;
    expect(seen).toEqual(seen.map((line) => line.replace(/: .*$/, `: ${refused}`)));

    // without a length (chunked), and as a photo over the upload's limit: refused all the same
    for (const route of ['/api/auth/send-otp', '/api/profile/upload-photo']) {
      const chunked = await rawPost(route, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, jsonOf(2 * MB), true);
      expect(`${route} ${chunked.status} ${chunked.type}`).toBe(`${route} 413 application/json; charset=utf-8`);
      expect(JSON.parse(chunked.text)).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Soʻrov juda katta.' } });
    }
    const photo = (bytes: number) => ({ photo: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(bytes, 1) } });
    for (let i = 0; i < 3; i++) {
      const res = await request.post(`${gatewayUrl}/api/profile/upload-photo`, { multipart: photo(10 * MB) });
      expect(res.status()).toBe(413);
      expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // a photo within the API's limit (5 MB) gets through the gateway to the API, which wants a signed-in shopper
    const withinLimit = await request.post(`${gatewayUrl}/api/profile/upload-photo`, { multipart: photo(4 * MB) });
    expect(withinLimit.status()).toBe(401);
    // the back office's uploads get through up to the API's own limits (then it wants a staff member), and no further
    const upload = (route: string, field: string, bytes: number, method: 'post' | 'put' = 'post') =>
      request[method](`${gatewayUrl}${route}`, { multipart: { [field]: { name: 'x.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(bytes, 1) } } }).then((res) => `${route} ${bytes / MB}: ${res.status()}`);
    expect([
      await upload('/api/admin/catalog/import/dry-run', 'file', 9 * MB),
      await upload('/api/admin/products/1/images', 'image', 30 * MB),
      await upload('/api/admin/brands/1/logo', 'picture', 4 * MB, 'put'),
      await upload('/api/admin/catalog/import/dry-run', 'file', 12 * MB),
      await upload('/api/admin/products/1/images', 'image', 70 * MB),
    ]).toEqual([
      '/api/admin/catalog/import/dry-run 9: 401',
      '/api/admin/products/1/images 30: 401',
      '/api/admin/brands/1/logo 4: 401',
      '/api/admin/catalog/import/dry-run 12: 413',
      '/api/admin/products/1/images 70: 413',
    ]);

    // and the gateway and the API behind it carry on as normal
    const products = await request.post(`${gatewayUrl}/backend/api/ext/v1/resources/products`, { data: { page: 1, per_page: 1 } });
    expect(products.status()).toBe(200);
    const otp = await request.post(`${gatewayUrl}/api/auth/send-otp`, { data: { phone: '+99890abc', user_type: 'individual' }, headers: { 'x-lang': 'en' } });
    expect(otp.status()).toBe(422);
    expect((await otp.json()).error.code).toBe('VALIDATION_FAILED');
    expect((await request.get(`${gatewayUrl}/ru`)).status()).toBe(200);
  });

  test('a malformed escape in a path is 400 or 404 through the gateway, never a 5xx', async ({ request }) => {
    for (const p of ['/uz/products/%E0%A4%A', '/uz/products/%E0%A4%A0%', '/ru/blogs/%FF', '/en/products/abc%00', '/api/catalog/products/%E0%A4%A', '/backend/api/ext/v1/resources/products/%FF']) {
      const status = (await request.get(`${gatewayUrl}${p}`)).status();
      expect(`${p} ${[400, 404].includes(status) ? '400/404' : status}`).toBe(`${p} 400/404`);
    }
  });

  test("links follow the gateway's address, never a Host or X-Forwarded-Host a client wrote past it", async ({ request }) => {
    const canonical = async (headers: Record<string, string>) => /<link rel="canonical" href="([^"]*)"/.exec(await (await request.get(`${gatewayUrl}/ru/catalog`, { headers })).text())?.[1];
    expect(await canonical({})).toBe(`${gatewayUrl}/ru/catalog`);
    // nginx writes X-Forwarded-Host itself: the client's never reaches the shell
    expect(await canonical({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toBe(`${gatewayUrl}/ru/catalog`);
    expect(await (await request.get(`${gatewayUrl}/robots.txt`, { headers: { 'x-forwarded-host': 'evil.example' } })).text()).toContain(`Sitemap: ${gatewayUrl}/sitemap.xml`);
  });
});
