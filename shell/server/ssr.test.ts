/** @jest-environment node */
// Server rendering in the shell server, with stand-in bundles (the real ones are rendered by the
// browser tests): what the page's HTML holds, where the scripts went, and the ways it falls back.
import type http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import type { CatalogueReader } from './catalogue.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-ssr-'));
const dist = path.join(tmp, 'dist');
const remotes = path.join(tmp, 'mf-catalog');
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="uz"><head><!--bozor:head--></head><body><div id="root"></div>\n<script defer src="/assets/main.0123abcd.js"></script></body></html>',
);
for (const version of ['1.0.0', '9.0.0', '2.0.0', '2.0.1']) {
  fs.mkdirSync(path.join(remotes, version, 'ssr'), { recursive: true });
  fs.writeFileSync(path.join(remotes, version, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
}

// the shell's server bundle: "renders" the page from the route module it is given
const shellBundle = path.join(tmp, 'shell.cjs');
fs.writeFileSync(
  shellBundle,
  `const shared = { marker: 'the shell copy' };
module.exports = {
  sharedModules: { '@bozor/shared': shared },
  contractVersion: '2.0.0',
  isContractCompatible: (remote) => remote.split('.')[0] === '2',
  designCss: ':root{--bz-brand:#0b6e4f}',
  renderApp: (url, remotes) => '<header>Bozor</header><main>' + remotes['catalog/Routes']({ url }) + '</main>',
};`,
);
// the catalog's server bundle: asks for one answer per page and renders from what it was handed
const catalogBundle = (contract: string) => `const shared = require('@bozor/shared');
let data = null;
module.exports = {
  contractVersion: '${contract}',
  setServerData: (d) => { data = d; },
  dataRequests: (rest, search, lang) => rest === 'catalog'
    ? [{ key: 'products:' + search + '|' + lang, method: 'POST', path: '/backend/api/ext/v1/resources/products', body: { q: search } }]
    : [],
  Routes: ({ url }) => '<h1>' + url + ' $& ' + shared.marker + '</h1><p>' + JSON.stringify(data) + '</p>',
  SearchBox: () => '',
};`;
fs.writeFileSync(path.join(remotes, '1.0.0', 'ssr', 'catalog.cjs'), catalogBundle('2.0.0'));
fs.writeFileSync(path.join(remotes, '9.0.0', 'ssr', 'catalog.cjs'), catalogBundle('9.0.0'));
// 2.0.0 has a manifest but no server bundle; 2.0.1's route tree throws while rendering
fs.writeFileSync(
  path.join(remotes, '2.0.1', 'ssr', 'catalog.cjs'),
  catalogBundle('2.0.0').replace("Routes: ({ url }) =>", "Routes: () => { throw new Error('render broke'); }, Unused: ({ url }) =>"),
);

const remotesFile = path.join(tmp, 'remotes.json');
const useCatalog = (version: string) =>
  fs.writeFileSync(remotesFile, JSON.stringify({ catalog: `/remotes/catalog/${version}/mf-manifest.json`, cart: '/remotes/cart/1.0.0/mf-manifest.json' }));

const asked: unknown[] = [];
const reader: CatalogueReader = {
  product: async () => ({ kind: 'unknown' }),
  blog: async () => ({ kind: 'unknown' }),
  home: async () => null,
  stores: async () => [],
  slugs: async () => [],
  productSlugs: async () => [],
  answer: async (request, lang) => {
    asked.push({ ...request, lang });
    return { data: [{ name: 'Tefal KO2576' }], meta: { total: 1 } };
  },
};

let server: http.Server;
let base = '';
const logs: string[] = [];

beforeAll(async () => {
  const config = loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes}`, SSR_BUNDLE: shellBundle });
  server = createShellServer(config, { reader, log: (l) => logs.push(l) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  useCatalog('1.0.0');
  asked.length = 0;
  logs.length = 0;
});
afterAll(() => server.close());

const page = async (p: string) => {
  const res = await fetch(base + p);
  return { status: res.status, html: await res.text() };
};

test('a catalogue page comes rendered, from the answers the remote asked for, which the page also carries', async () => {
  const { status, html } = await page('/ru/catalog?brand=tefal');
  expect(status).toBe(200);
  expect(asked).toEqual([{ key: 'products:brand=tefal|ru', method: 'POST', path: '/backend/api/ext/v1/resources/products', body: { q: 'brand=tefal' }, lang: 'ru' }]);
  // the remote rendered with the shell's shared copy and the answer ("$&" kept as written)
  expect(html).toContain('<div id="root" data-ssr="1"><header>Bozor</header><main><h1>/ru/catalog?brand=tefal $& the shell copy</h1>');
  expect(html).toContain('Tefal KO2576');
  const inline = /<script type="application\/json" id="bozor-data">(.*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(inline ?? '{}')).toEqual({ 'products:brand=tefal|ru': { data: [{ name: 'Tefal KO2576' }], meta: { total: 1 } } });
  expect(html).toContain('<style id="bz-design">:root{--bz-brand:#0b6e4f}</style>');
});

test('a rendered page loads no script before its pictures: one small starter runs them after load', async () => {
  const { html } = await page('/uz/catalog');
  expect(html).not.toContain('<script defer src="/assets/main.0123abcd.js">');
  expect(html).not.toMatch(/<link rel="preload" as="script"/);
  const starter = /<script defer src="\/start-after-load\.js" data-scripts="([^"]*)"[^>]*data-manifest="([^"]*)"><\/script><\/body>/.exec(html);
  expect(starter).not.toBeNull();
  expect(JSON.parse((starter?.[1] ?? '').replace(/&quot;/g, '"'))).toEqual(['/assets/main.0123abcd.js']);
  expect(starter?.[2]).toBe('/remotes/catalog/1.0.0/mf-manifest.json');
});

test('pages of other remotes are left to the browser', async () => {
  const { html } = await page('/uz/cart');
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script defer src="/assets/main.0123abcd.js"></script>');
  expect(html).not.toContain('start-after-load');
});

test('a catalog build for another contract major is not run on the server: the browser renders the page', async () => {
  useCatalog('9.0.0');
  const { status, html } = await page('/uz/catalog');
  expect(status).toBe(200);
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script defer src="/assets/main.0123abcd.js"></script>');
  expect(logs.join('\n')).toMatch(/contract 9\.0\.0, the shell has 2\.0\.0/);
});

test('a catalog build without a server bundle: the page is sent as before', async () => {
  useCatalog('2.0.0');
  for (const p of ['/uz/catalog', '/ru']) expect((await page(p)).html).toContain('<div id="root"></div>');
  // said once, not on every page
  expect(logs.filter((l) => l.startsWith('ssr:'))).toEqual([expect.stringMatching(/^ssr: catalog bundle for \/remotes\/catalog\/2\.0\.0\/mf-manifest\.json not loaded/)]);
});

test('a page whose render fails is sent for the browser to render, and the failure is logged', async () => {
  useCatalog('2.0.1');
  const { status, html } = await page('/en/catalog');
  expect(status).toBe(200);
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script defer src="/assets/main.0123abcd.js"></script>');
  expect(logs).toEqual([expect.stringMatching(/^ssr: \/en\/catalog left to the browser: render broke$/)]);
});

test('without the shell bundle (SSR_BUNDLE missing) every page is sent for the browser to render', async () => {
  const lines: string[] = [];
  const srv = createShellServer(
    loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes}`, SSR_BUNDLE: path.join(tmp, 'none.cjs') }),
    { reader, log: (l) => lines.push(l) },
  );
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    for (const p of ['/uz/catalog', '/ru']) expect(await (await fetch(url + p)).text()).toContain('<div id="root"></div>');
    expect(lines.filter((l) => l.includes('ssr: off'))).toHaveLength(1);
  } finally {
    srv.close();
  }
});
