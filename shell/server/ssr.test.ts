/** @jest-environment node */
// Server rendering in the shell server, with stand-in bundles (testing/ssr-fixture.ts; the real ones are
// rendered by the browser tests): what the page's HTML holds and where the scripts went. The ways it
// falls back are ssr-fallback.test.ts's.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { ssrFixture } from './testing/ssr-fixture.js';

const fixture = ssrFixture();
const { dist, remotes, cartDir, checkoutDir, remotesFile, shellBundle, useCatalog, reader, asked, article, aboutPage, storeList } = fixture;

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

test('a rendered product page preloads the picture it shows (React names it), not the shell\'s guess of its first', async () => {
  // the first picture is the sold-out silver one; the page shows the white variant's
  fixture.product = { kind: 'found', value: { name: 'Gorenje MO20E3', description: '', slug: 'mo20e3', sku: null, price: 1, image: '/media/p-silver.webp', inStock: true, category: null, answer: null } };
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
    fixture.product = { kind: 'unknown' };
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
