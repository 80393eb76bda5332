/** @jest-environment node */
// The shell server's Prometheus metrics: what a scrape of its metrics listener shows, that the counters
// move with what browsers do, and that /metrics is reachable neither on the public port nor through the
// nginx gateway (gateway/default.conf.template, run with Debian's nginx when it is installed).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { createShellMetrics, serveMetrics } from './metrics.js';
import type { CatalogueReader } from './catalogue.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-metrics-'));
const dist = path.join(tmp, 'dist');
const remotes = path.join(tmp, 'mf-catalog');
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="uz"><head><!--bozor:head--></head><body><div id="root"></div></body></html>');
for (const version of ['1.0.0', '2.0.0']) {
  fs.mkdirSync(path.join(remotes, version, 'ssr'), { recursive: true });
  fs.writeFileSync(path.join(remotes, version, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
}
// stand-in server bundles (as in ssr.test.ts): 1.0.0 renders, 2.0.0 has no server bundle at all
const shellBundle = path.join(tmp, 'shell.cjs');
fs.writeFileSync(
  shellBundle,
  `module.exports = { sharedModules: {}, contractVersion: '2.0.0', isContractCompatible: () => true, designCss: '',
  renderApp: (url, remotes) => '<main>' + remotes['catalog/Routes']({ url }) + '</main>' };`,
);
fs.writeFileSync(
  path.join(remotes, '1.0.0', 'ssr', 'catalog.cjs'),
  `module.exports = { contractVersion: '2.0.0', setServerData: () => {}, dataRequests: () => [], Routes: ({ url }) => '<h1>' + url + '</h1>', SearchBox: () => '' };`,
);
const remotesFile = path.join(tmp, 'remotes.json');
const useCatalog = (version: string) => fs.writeFileSync(remotesFile, JSON.stringify({ catalog: `/remotes/catalog/${version}/mf-manifest.json` }));

const reader: CatalogueReader = {
  product: async () => ({ kind: 'unknown' }),
  blog: async () => ({ kind: 'unknown' }),
  infoPage: async () => ({ kind: 'unknown' }),
  home: async () => null,
  stores: async () => ({ list: [] }),
  slugs: async () => [],
  listName: async () => null,
  productSlugs: async () => [],
  answer: async () => ({ data: [], meta: { total: 0 } }),
};

const listen = async (server: http.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
};

let server: http.Server;
let metricsServer: http.Server;
let base = '';
let metricsUrl = '';

beforeAll(async () => {
  useCatalog('1.0.0');
  const config = loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes}`, SSR_BUNDLE: shellBundle });
  const metrics = createShellMetrics();
  server = createShellServer(config, { reader, metrics, log: () => undefined });
  base = `http://127.0.0.1:${await listen(server)}`;
  metricsServer = serveMetrics(metrics.registry);
  metricsUrl = `http://127.0.0.1:${await listen(metricsServer)}/metrics`;
});
afterAll(() => {
  server.close();
  metricsServer.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function scrape() {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  const text = await res.text();
  const value = (name: string, labels: Record<string, string> = {}) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  return { text, value };
}

test('a scrape names every shell metric; /metrics on the public port is an ordinary 404 page', async () => {
  const s = await scrape();
  for (const [name, type] of [
    ['bozor_shell_http_request_duration_seconds', 'histogram'],
    ['bozor_shell_ssr_render_duration_seconds', 'histogram'],
    ['bozor_shell_remote_load_failures_total', 'counter'],
    ['bozor_shell_client_errors_total', 'counter'],
  ]) {
    expect(s.text).toContain(`# HELP ${name} `);
    expect(s.text).toContain(`# TYPE ${name} ${type}`);
  }
  for (const p of ['/metrics', '/metrics/', '/uz/metrics']) {
    const res = await fetch(base + p);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('bozor_shell_');
  }
  expect((await fetch(metricsUrl.replace('/metrics', '/uz'))).status).toBe(404);
});

test('requests are labelled by page name, never by the address asked for; server rendering is timed', async () => {
  const before = await scrape();
  expect((await fetch(`${base}/ru/catalog?q=kettle-xyz`)).status).toBe(200);
  expect((await fetch(`${base}/uz/no-such-page-abc`)).status).toBe(404);
  const after = await scrape();
  const count = (s: typeof before, labels: Record<string, string>) => s.value('bozor_shell_http_request_duration_seconds_count', labels);
  expect(count(after, { route: 'page:catalog', status_code: '200' }) - count(before, { route: 'page:catalog', status_code: '200' })).toBe(1);
  expect(count(after, { route: 'page:notFound', status_code: '404' }) - count(before, { route: 'page:notFound', status_code: '404' })).toBe(1);
  expect(after.value('bozor_shell_ssr_render_duration_seconds_count', { outcome: 'rendered' }) - before.value('bozor_shell_ssr_render_duration_seconds_count', { outcome: 'rendered' })).toBe(1);
  expect(after.text).not.toContain('kettle-xyz');
  expect(after.text).not.toContain('no-such-page-abc');
});

test('a remote bundle that fails to load counts: on the server (rendering) and in a browser (its report)', async () => {
  const before = await scrape();
  useCatalog('2.0.0'); // a manifest without a server bundle
  try {
    expect((await fetch(`${base}/en/catalog`)).status).toBe(200);
  } finally {
    useCatalog('1.0.0');
  }
  const report = (body: object) => fetch(`${base}/_client-log`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await report({ kind: 'remote-load', message: 'ScriptExternalLoadError', id: 'cart/Routes', path: '/uz/cart' })).status).toBe(204);
  expect((await report({ kind: 'remote-load', message: 'x', id: 'evil"label{}' })).status).toBe(204);
  expect((await report({ kind: 'made-up-kind', message: 'x' })).status).toBe(204);
  const after = await scrape();
  const moved = (name: string, labels: Record<string, string>) => after.value(name, labels) - before.value(name, labels);
  expect(moved('bozor_shell_remote_load_failures_total', { remote: 'catalog', side: 'server' })).toBe(1);
  expect(moved('bozor_shell_ssr_render_duration_seconds_count', { outcome: 'fallback' })).toBe(1);
  expect(moved('bozor_shell_remote_load_failures_total', { remote: 'cart', side: 'browser' })).toBe(1);
  // what a browser writes never becomes a label of its own
  expect(moved('bozor_shell_remote_load_failures_total', { remote: 'unknown', side: 'browser' })).toBe(1);
  expect(moved('bozor_shell_client_errors_total', { kind: 'remote-load' })).toBe(2);
  expect(moved('bozor_shell_client_errors_total', { kind: 'other' })).toBe(1);
  expect(after.text).not.toContain('evil');
  expect(after.text).not.toContain('made-up-kind');
});

test('the `pnpm start` gateway does not pass /metrics to the API', async () => {
  const asked: string[] = [];
  const api = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('bozor_api_http_request_duration_seconds_count 1');
  });
  const apiPort = await listen(api);
  const config = loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, API_URL: `http://127.0.0.1:${apiPort}`, PROXY_API: '1', SSR: 'off' });
  const gateway = createShellServer(config, { reader, log: () => undefined });
  const port = await listen(gateway);
  try {
    for (const p of ['/metrics', '/metrics/', '/%6detrics', '/api/../metrics', '/uz/metrics']) {
      const res = await fetch(`http://127.0.0.1:${port}${p}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('bozor_api_');
    }
    expect(asked).toEqual([]);
    // the proxy itself works: an API address reaches the API
    expect((await fetch(`http://127.0.0.1:${port}/api/categories`)).status).toBe(200);
    expect(asked).toEqual(['/api/categories']);
  } finally {
    gateway.close();
    api.close();
  }
});

const nginxTest = fs.existsSync(NGINX) ? test : test.skip;
nginxTest('the nginx gateway sends /metrics to the shell (a 404 page), never to the API', async () => {
  // every upstream: a stand-in that says who it is; the shell: the real server
  const hits: Record<string, string[]> = {};
  const standIn = async (name: string) => {
    hits[name] = [];
    const s = http.createServer((req, res) => {
      hits[name]!.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${name} bozor_api_http_request_duration_seconds_count 1`);
    });
    return { server: s, port: await listen(s) };
  };
  const upstreams = await Promise.all(['api', 'catalog', 'cart', 'checkout', 'account', 'admin'].map(standIn));
  const [api, catalog, cart, checkout, account, admin] = upstreams.map((u) => `127.0.0.1:${u.port}`);
  const shellPort = (server.address() as AddressInfo).port;
  const probe = http.createServer();
  const gatewayPort = await listen(probe);
  await new Promise((r) => probe.close(r));
  const vars: Record<string, string> = {
    GATEWAY_PORT: `127.0.0.1:${gatewayPort}`,
    SHELL_UPSTREAM: `127.0.0.1:${shellPort}`,
    API_UPSTREAM: api!,
    CATALOG_UPSTREAM: catalog!,
    CART_UPSTREAM: cart!,
    CHECKOUT_UPSTREAM: checkout!,
    ACCOUNT_UPSTREAM: account!,
    ADMIN_UPSTREAM: admin!,
    CATALOG_API_KEY: '',
  };
  const template = fs.readFileSync(path.join(ROOT, 'gateway/default.conf.template'), 'utf8');
  const block = template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name: string) => vars[name] ?? whole);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-metrics-nginx-'));
  fs.writeFileSync(path.join(dir, 'gateway.conf'), block);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 64; }
http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi; include ${dir}/gateway.conf; }`,
  );
  const nginx: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    for (let i = 0; i < 100 && !(await fetch(`${gateway}/readyz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(hits.api).toContain('/readyz'); // the gateway is up and its API route works
    hits.api!.length = 0;
    for (const p of ['/metrics', '/metrics/', '/%6detrics', '/api/../metrics', '/media/../metrics']) {
      const res = await fetch(gateway + p);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('bozor_');
    }
    expect(hits.api).toEqual([]);
  } finally {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx.once('exit', r));
    for (const u of upstreams) u.server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  expect(stderr).not.toContain('[emerg]');
});
