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
  renderApp: (url, remotes, hints) =>
    '<header>Bozor' + (remotes['catalog/SearchBox'] ? remotes['catalog/SearchBox']() : '') + (hints && hints.signedIn ? '[my account]' : '') + '</header><main>' +
    Object.keys(remotes).filter((k) => k.endsWith('/Routes')).map((k) => k + ':' + remotes[k]({ url })).join('') + '</main>',
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
    : rest.startsWith('blogs/')
      ? [{ key: 'blog:' + rest.slice(6) + '|' + lang, method: 'GET', path: '/backend/api/ext/v1/resources/' + rest }]
      : rest === 'about' || rest === 'delivery'
        ? [{ key: 'page:' + rest + '|' + lang, method: 'GET', path: '/backend/api/ext/v1/resources/pages/' + rest }]
        : rest === 'markets'
          ? [{ key: 'markets|' + lang, method: 'GET', path: '/api/store/stores' }]
          : [],
  Routes: ({ url }) => (url.includes('/products/') ? '<link rel="preload" as="image" imageSrcSet="/media/p-white.webp?w=480 480w"/>' : '') + '<h1>' + url + ' $& ' + shared.marker + '</h1><p>' + JSON.stringify(data) + '</p>',
  SearchBox: () => '[search]',
};`;
fs.writeFileSync(path.join(remotes, '1.0.0', 'ssr', 'catalog.cjs'), catalogBundle('2.0.0'));
fs.writeFileSync(path.join(remotes, '9.0.0', 'ssr', 'catalog.cjs'), catalogBundle('9.0.0'));
// 2.0.0 has a manifest but no server bundle; 2.0.1's route tree throws while rendering
fs.writeFileSync(
  path.join(remotes, '2.0.1', 'ssr', 'catalog.cjs'),
  catalogBundle('2.0.0').replace("Routes: ({ url }) =>", "Routes: () => { throw new Error('render broke'); }, Unused: ({ url }) =>"),
);

// the cart's: asks for the check of the cookie's lines; the checkout's: a frame from nothing
const cartDir = path.join(tmp, 'mf-cart');
const checkoutDir = path.join(tmp, 'mf-checkout');
for (const dir of [cartDir, checkoutDir]) {
  fs.mkdirSync(path.join(dir, '1.0.0', 'ssr'), { recursive: true });
  fs.writeFileSync(path.join(dir, '1.0.0', 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
}
fs.writeFileSync(
  path.join(cartDir, '1.0.0', 'ssr', 'cart.cjs'),
  `let data = null;
module.exports = {
  contractVersion: '2.0.0',
  setServerData: (d) => { data = d; },
  dataRequests: (rest, search, lang, context) => context.cart && context.cart.length > 0
    ? [{ key: 'cart-check|' + lang, method: 'POST', path: '/api/cart/check', body: { cart_data: context.cart } }]
    : [],
  Routes: () => '<h1>cart</h1><p>' + JSON.stringify(data) + '</p>',
};`,
);
fs.writeFileSync(
  path.join(checkoutDir, '1.0.0', 'ssr', 'checkout.cjs'),
  `module.exports = { contractVersion: '2.0.0', setServerData: () => {}, dataRequests: () => [], Routes: () => '<h1>checkout frame</h1>' };`,
);

const remotesFile = path.join(tmp, 'remotes.json');
const useCatalog = (version: string) =>
  fs.writeFileSync(
    remotesFile,
    JSON.stringify({
      catalog: `/remotes/catalog/${version}/mf-manifest.json`,
      cart: '/remotes/cart/1.0.0/mf-manifest.json',
      checkout: '/remotes/checkout/1.0.0/mf-manifest.json',
      account: '/remotes/account/1.0.0/mf-manifest.json',
    }),
  );

const asked: unknown[] = [];
let product: Awaited<ReturnType<CatalogueReader['product']>> = { kind: 'unknown' };
// the API has the post "tea" (and not "gone"), the about page (not delivery's heading: no answer) and one store
const article = { data: { slug: 'tea', title: 'Choy haqida', excerpt: 'Damlash', body: '<p>Choyni 90° suvda damlang.</p>' } };
const aboutPage = { data: { slug: 'about', title: 'Biz haqimizda', body: '<p>2009-yildan beri.</p>' } };
const storeList = { data: [{ slug: 'chilonzor', name: 'Bozor Chilonzor', address: 'Bunyodkor shoh ko‘chasi, 42', phone: '+998712001122' }] };
const reader: CatalogueReader = {
  product: async () => product,
  blog: async (slug) => (slug === 'tea' ? { kind: 'found', value: { title: 'Choy haqida', description: 'Damlash', answer: article } } : slug === 'gone' ? { kind: 'missing' } : { kind: 'unknown' }),
  infoPage: async (slug) => (slug === 'about' ? { kind: 'found', value: { title: 'Biz haqimizda', answer: aboutPage } } : { kind: 'unknown' }),
  home: async () => null,
  stores: async () => ({ list: storeList.data, answer: storeList }),
  slugs: async () => [],
  listName: async () => null,
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
  const config = loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes},cart=${cartDir},checkout=${checkoutDir}`, SSR_BUNDLE: shellBundle });
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

const page = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + p, { headers });
  return { status: res.status, html: await res.text() };
};

test('a catalogue page comes rendered, from the answers the remote asked for, which the page also carries', async () => {
  const { status, html } = await page('/ru/catalog?brand=tefal');
  expect(status).toBe(200);
  expect(asked).toEqual([{ key: 'products:brand=tefal|ru', method: 'POST', path: '/backend/api/ext/v1/resources/products', body: { q: 'brand=tefal' }, lang: 'ru' }]);
  // the remote rendered with the shell's shared copy and the answer ("$&" kept as written)
  expect(html).toContain('<div id="root" data-ssr="1"><header>Bozor[search]</header><main>catalog/Routes:<h1>/ru/catalog?brand=tefal $& the shell copy</h1>');
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

test('the cart comes rendered from the check of the lines in its cookie, with the catalog\'s search box in the header', async () => {
  const { status, html } = await page('/uz/cart', { Cookie: 'lang=uz; bz_cart=12.3.2.5000_14..1.990' });
  expect(status).toBe(200);
  expect(asked).toEqual([
    {
      key: 'cart-check|uz',
      method: 'POST',
      path: '/api/cart/check',
      body: { cart_data: [{ product_id: 12, variant_id: 3, quantity: 2, price: 5000 }, { product_id: 14, quantity: 1, price: 990 }] },
      lang: 'uz',
    },
  ]);
  expect(html).toContain('<div id="root" data-ssr="1"><header>Bozor[search]</header><main>cart/Routes:<h1>cart</h1>');
  expect(html).toContain('Tefal KO2576');
  expect(html).toContain('start-after-load');
});

test('a browser with the bz_in cookie gets its header drawn signed in, and the page says so for the hydration', async () => {
  const signedIn = await page('/uz/catalog', { Cookie: 'lang=uz; bz_in=1' });
  expect((await fetch(base + '/uz/catalog', { headers: { Cookie: 'bz_in=1' } })).headers.get('cache-control')).toBe('private, no-cache');
  expect(signedIn.html).toContain('<div id="root" data-ssr="1" data-signed-in="1"><header>Bozor[search][my account]</header>');
  for (const cookie of ['', 'bz_in=0', 'bz_in=1x', 'xbz_in=1']) {
    const { html } = await page('/uz/catalog', cookie ? { Cookie: cookie } : {});
    expect(html).toContain('<div id="root" data-ssr="1"><header>Bozor[search]</header>');
  }
});

test('a cart without its cookie, or with one we did not write, is rendered from nothing (its frame): the API is not asked', async () => {
  for (const cookie of ['', 'bz_cart=<script>alert(1)</script>', 'bz_cart=1.2.3']) {
    const { html } = await page('/uz/cart', cookie ? { Cookie: cookie } : {});
    expect(html).toContain('<main>cart/Routes:<h1>cart</h1><p>{}</p></main>');
  }
  expect(asked).toEqual([]);
});

test("the checkout's first step comes as its frame, without the search box; its later steps are left to the browser", async () => {
  expect((await page('/en/checkout')).html).toContain('<div id="root" data-ssr="1"><header>Bozor</header><main>checkout/Routes:<h1>checkout frame</h1></main></div>');
  expect((await page('/en/checkout/payment')).html).toContain('<div id="root"></div>');
});

test('pages of other remotes are left to the browser', async () => {
  const { html } = await page('/uz/account');
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

test('a rendered product page preloads the picture it shows (React names it), not the shell\'s guess of its first', async () => {
  // the first picture is the sold-out silver one; the page shows the white variant's
  product = { kind: 'found', value: { name: 'Gorenje MO20E3', description: '', slug: 'mo20e3', sku: null, price: 1, image: '/media/p-silver.webp', inStock: true, category: null, answer: null } };
  try {
    const { html } = await page('/uz/products/mo20e3');
    expect(html).toContain('<div id="root" data-ssr="1">');
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
    expect(html).toContain('imageSrcSet="/media/p-white.webp?w=480 480w"');
    expect(html).not.toContain('p-silver.webp?w=');
    // left to the browser (this catalogue has no server bundle): the shell preloads the first picture
    useCatalog('2.0.0');
    const fallback = await page('/uz/products/mo20e3');
    expect(fallback.html).not.toContain('data-ssr');
    expect(fallback.html).toContain('<link rel="preload" as="image" href="/media/p-silver.webp?w=480"');
  } finally {
    product = { kind: 'unknown' };
  }
});

/** The answers a page carries (<script id="bozor-data">). */
const inlined = (html: string) => JSON.parse(/<script type="application\/json" id="bozor-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>;

test("a blog article, an information page and the stores come rendered from the answer the server read for their <head>: the API is asked once", async () => {
  for (const [p, key, answer] of [
    ['/uz/blogs/tea', 'blog:tea|uz', article],
    ['/uz/about', 'page:about|uz', aboutPage],
    ['/uz/markets', 'markets|uz', storeList],
  ] as const) {
    const { status, html } = await page(p);
    expect(status).toBe(200);
    // the page was rendered from it (the stand-in shows what it was handed), and carries it for the browser's hydrating render
    const root = /<div id="root" data-ssr="1">(.*?)<\/div>/.exec(html)?.[1];
    expect(root).toContain(`<p>${JSON.stringify({ [key]: answer })}</p>`);
    expect(inlined(html)).toEqual({ [key]: answer });
  }
  expect(asked).toEqual([]);
});

test('a page whose answer the server could not read for its <head> asks for it as it renders, once', async () => {
  const { html } = await page('/ru/delivery');
  expect(asked).toEqual([{ key: 'page:delivery|ru', method: 'GET', path: '/backend/api/ext/v1/resources/pages/delivery', lang: 'ru' }]);
  expect(Object.keys(inlined(html))).toEqual(['page:delivery|ru']);
});

test('an article the API says is gone is a 404, not rendered, and nothing more is asked', async () => {
  const { status, html } = await page('/uz/blogs/gone');
  expect(status).toBe(404);
  expect(html).toContain('<div id="root"></div>');
  expect(asked).toEqual([]);
});
