// Service worker, server-side <head>, sitemap and robots of the composed shop.
import { expect, test } from '../support/test';
import { baseURL } from '../support/shop';

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers /sw.js with scope /', async ({ page }) => {
    await page.goto(baseURL() + '/uz');
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL ?? '' };
    });
    expect(reg.scope).toBe(baseURL() + '/');
    expect(reg.script).toBe(baseURL() + '/sw.js');
  });

  test('a returning shopper’s page starts from the worker’s cache; the shell’s scripts are kept as they are used, not stored at install', async ({ page, context }) => {
    await page.goto(baseURL() + '/uz');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // from this load on the worker serves the page's requests, and keeps the scripts it fetches
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const scriptsIn = () =>
      page.evaluate(async () => {
        const found: Record<string, string[]> = {};
        for (const name of await caches.keys()) {
          const keys = await (await caches.open(name)).keys();
          found[name] = keys.map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/assets/') && p.endsWith('.js'));
        }
        return found;
      });
    await expect.poll(async () => (await scriptsIn())['bozor-shell-scripts']?.some((p) => /^\/assets\/main\.[0-9a-f]+\.js$/.test(p)) ?? false).toBe(true);
    // a script stored while the worker installs gets a code cache of every function in it, read on the
    // main thread at the next visit (docs/decisions.md "A returning shopper's scripts"): none is precached
    const precached = Object.entries(await scriptsIn()).filter(([name]) => name !== 'bozor-shell-scripts');
    expect(precached.flatMap(([, paths]) => paths)).toEqual([]);
    // the shell's scripts out of reach of the network: the page still starts, from the worker's cache
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-ready', '1');
    await page.getByRole('button', { name: 'Kirish' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test('pages carry their own head: title, canonical, hreflang, Open Graph, JSON-LD', async ({ request }) => {
  const html = await (await request.get(baseURL() + '/ru/catalog')).text();
  expect(html).toContain('<title>Каталог — Bozor</title>');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/ru\/catalog" \/>/);
  expect(html).toContain('hreflang="x-default"');
  expect(html).toContain('property="og:title"');
  const home = await (await request.get(baseURL() + '/en')).text();
  expect(home).toContain('"@type":"Organization"');
});

test('a product page gets its name from the API, an unknown product answers 404', async ({ request }) => {
  // A broken catalogue API fails this test: the shop cannot show a product without it.
  const list = await request.post(baseURL() + '/backend/api/ext/v1/resources/products', { data: { page: 1, per_page: 1 }, headers: { 'x-lang': 'en' } });
  expect(list.status(), 'the catalogue API answers the product list').toBe(200);
  const [product] = ((await list.json()) as { data: { slug: string; name: string }[] }).data;
  expect(product, 'the demo catalogue has a product').toBeDefined();
  const res = await request.get(`${baseURL()}/en/products/${product!.slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain(`"name":${JSON.stringify(product!.name)}`);
  expect(html).toContain('"priceCurrency":"UZS"');
  expect((await request.get(baseURL() + '/en/products/no-such-product-xyz')).status()).toBe(404);
});

test('sitemap.xml lists pages in three languages; robots.txt points to it', async ({ request }) => {
  const xml = await (await request.get(baseURL() + '/sitemap.xml')).text();
  for (const lang of ['uz', 'ru', 'en']) expect(xml).toContain(`/${lang}/about</loc>`);
  const robots = await (await request.get(baseURL() + '/robots.txt')).text();
  expect(robots).toContain('Sitemap: ');
});

test('the gateway proxies the API and keeps the catalogue key away from the browser', async ({ request }) => {
  expect((await request.get(baseURL() + '/healthz')).ok()).toBe(true);
  expect((await request.get(baseURL() + '/api/store/stores')).ok()).toBe(true);
  const remotes = await request.get(baseURL() + '/remotes.json');
  expect(remotes.headers()['cache-control']).toBe('no-cache');
});
