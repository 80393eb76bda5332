// The gateway's nginx config (gateway/default.conf.template) and the remotes' nginx config
// (mf-*/nginx.conf), exercised with Debian's nginx in front of the services started as plain
// processes — the docker-compose topology without Docker. Skipped when nginx is not installed.
import fs from 'node:fs';
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
  let tmp = '';

  test.beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-nginx-'));
    fs.chmodSync(tmp, 0o755); // nginx workers run unprivileged and must read the remotes' folders
    const apiUrl = process.env.E2E_API_URL as string;
    const shellPort = await freePort();
    const gatewayPort = await freePort();
    const remotePorts = Object.fromEntries(await Promise.all(REMOTES.map(async (r) => [r, await freePort()] as const)));

    // each remote: its own nginx server with its own config, over a folder laid out like its image
    const html = path.join(tmp, 'html');
    const remoteBlocks = REMOTES.map((r) => {
      fs.mkdirSync(path.join(html, 'remotes'), { recursive: true });
      fs.symlinkSync(path.join(ROOT, `mf-${r}`, 'dist'), path.join(html, 'remotes', r));
      return fs
        .readFileSync(path.join(ROOT, `mf-${r}`, 'nginx.conf'), 'utf8')
        .replace('listen 80;', `listen 127.0.0.1:${remotePorts[r]};`)
        .replace('root /usr/share/nginx/html;', `root ${html};`);
    });

    // the shell server as its container runs it: no proxy, no remote files, remotes.json from env
    shell = startShellServer({
      PORT: String(shellPort),
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
});
