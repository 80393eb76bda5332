/** @jest-environment node */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { cacheControlFor } from './files.js';
import { listeningHost } from './forwarded.js';
import { UPLOAD_LIMITS } from './proxy.js';
import type { CatalogueReader } from './catalogue.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-server-'));
const dist = path.join(tmp, 'dist');
const remotes = path.join(tmp, 'mf-catalog');
fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
fs.mkdirSync(path.join(remotes, '1.0.0'), { recursive: true });
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="uz"><head><!--bozor:head--></head><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(dist, 'assets', 'main.0123abcd.js'), 'console.log(1)');
fs.writeFileSync(path.join(dist, 'sw.js'), '//sw');
fs.writeFileSync(
  path.join(remotes, '1.0.0', 'mf-manifest.json'),
  JSON.stringify({
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'Routes', assets: { js: { sync: ['904.aaaa1111.js', '__federation_expose_Routes.89abcdef.js'], async: ['lazy.bbbb2222.js'] } } },
      { name: 'SearchBox', assets: { js: { sync: ['__federation_expose_SearchBox.cccc3333.js'], async: [] } } },
    ],
  }),
);
// the shell build's list of boot chunks (shell/rspack.config.mjs, BootAssetsPlugin)
fs.writeFileSync(path.join(dist, 'boot-assets.json'), JSON.stringify(['/assets/435.dddd4444.js', '/assets/753.eeee5555.js']));
fs.writeFileSync(path.join(remotes, '1.0.0', '__federation_expose_Routes.89abcdef.js'), '//x');
const remotesFile = path.join(tmp, 'remotes.json');
fs.writeFileSync(remotesFile, JSON.stringify({ catalog: '/remotes/catalog/1.0.0/mf-manifest.json' }));

const reader: CatalogueReader = {
  product: async (slug) =>
    slug === 'kettle'
      ? {
          kind: 'found',
          value: {
            name: 'Tefal <Kettle>',
            description: 'A kettle',
            slug,
            sku: 'TF-KO2576-WHITE',
            price: 450000,
            image: '/media/k.webp',
            inStock: true,
            category: { name: 'Kitchen', slug: 'kitchen' },
            answer: { product: { slug, name: 'Tefal <Kettle></script>' }, relateds: [] },
          },
        }
      : slug === 'gone'
        ? { kind: 'missing' }
        : { kind: 'unknown' },
  blog: async () => ({ kind: 'unknown' }),
  // the back office renamed the Uzbek contacts page and hid the public offer; the API knows nothing of the others
  infoPage: async (slug, lang) =>
    slug === 'public-offer' ? { kind: 'missing' } : slug === 'contacts' && lang === 'uz' ? { kind: 'found', value: { title: 'Biz bilan aloqa' } } : { kind: 'unknown' },
  home: async (lang) => ({ answer: { data: { slides: [{ image_url: `/media/slides/sale-${lang}.webp` }] } }, firstSlide: `/media/slides/sale-${lang}.webp` }),
  stores: async () => ({ list: [{ name: 'Chilonzor', address: 'Bunyodkor 1' }] }),
  slugs: async (kind) => (kind === 'categories' ? ['kitchen'] : kind === 'brands' ? ['tefal'] : []),
  listName: async (kind, slug, lang) =>
    kind === 'categories' && slug === 'kitchen' ? { uz: 'Oshxona', ru: 'Кухня', en: 'Kitchen' }[lang] : kind === 'brands' && slug === 'tefal' ? 'Tefal' : null,
  productSlugs: async () => ['kettle'],
  answer: async () => undefined,
};

let server: http.Server;
let base = '';
const logs: string[] = [];

beforeAll(async () => {
  const config = loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes}`, PUBLIC_URL: 'https://bozor.uz', SSR: 'off' });
  server = createShellServer(config, { reader, log: (l) => logs.push(l) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const get = (p: string, init: RequestInit = {}) => fetch(base + p, { redirect: 'manual', ...init });

describe('Yandex Maps key (YANDEX_MAPS_API_KEY)', () => {
  const withConfig = async (env: Record<string, string>, run: (base: string) => Promise<void>) => {
    const srv = createShellServer(loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, SSR: 'off', ...env }), { reader, log: () => undefined });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      await run(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`);
    } finally {
      srv.close();
    }
  };
  const metaConfig = (html: string) => JSON.parse((/<meta name="bozor:config" content="([^"]*)" \/>/.exec(html)?.[1] ?? '').replace(/&(quot|lt|gt|#39|amp);/g, (_, e: string) => ({ quot: '"', lt: '<', gt: '>', '#39': "'", amp: '&' })[e] as string));

  it('without a key: no Yandex host in the CSP, and the page says there is no key', async () => {
    await withConfig({}, async (b) => {
      const res = await fetch(`${b}/ru/markets`);
      expect(res.headers.get('content-security-policy')).not.toContain('yandex');
      expect(metaConfig(await res.text())).toEqual({ yandexMapsApiKey: null });
    });
  });

  it('with a key: the page carries it (escaped) and the CSP allows the Yandex Maps hosts', async () => {
    await withConfig({ YANDEX_MAPS_API_KEY: 'k-1"<&' }, async (b) => {
      const res = await fetch(`${b}/uz/checkout`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/api-maps\.yandex\.ru/);
      expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api-maps\.yandex\.ru/);
      expect(csp).toContain('frame-src https://api-maps.yandex.ru');
      expect(csp).toMatch(/style-src 'self' 'unsafe-inline' blob:/);
      const html = await res.text();
      expect(html).not.toContain('k-1"<&');
      expect(metaConfig(html)).toEqual({ yandexMapsApiKey: 'k-1"<&' });
    });
  });
});

describe('shell server', () => {
  it('redirects / by the language cookie, else to /uz', async () => {
    expect((await get('/')).headers.get('location')).toBe('/uz');
    expect((await get('/', { headers: { cookie: 'lang=en' } })).headers.get('location')).toBe('/en');
  });

  it('renders a per-route head with canonical and hreflang', async () => {
    const res = await get('/ru/catalog');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<title>Каталог — Bozor</title>');
    expect(html).toContain('<link rel="canonical" href="https://bozor.uz/ru/catalog" />');
    for (const l of ['uz', 'ru', 'en']) expect(html).toContain(`hreflang="${l}" href="https://bozor.uz/${l}/catalog"`);
    expect(html).toContain('hreflang="x-default" href="https://bozor.uz/uz/catalog"');
    expect(html).toContain('rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/catalog/1.0.0/mf-manifest.json"');
    // this request's remotes.json, so the shell does not have to fetch it before rendering
    expect(html).toContain('<script type="application/json" id="bozor-remotes">{"catalog":"/remotes/catalog/1.0.0/mf-manifest.json"}</script>');
  });

  it("names a category's and a brand's list and keeps what it lists in its canonical and language links", async () => {
    const head = async (p: string) => {
      const html = await (await get(p)).text();
      return {
        title: /<title>(.*?)<\/title>/.exec(html)?.[1],
        canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
        en: /hreflang="en" href="([^"]*)"/.exec(html)?.[1],
      };
    };
    expect(await head('/ru/catalog?category=kitchen')).toEqual({
      title: 'Кухня — Bozor',
      canonical: 'https://bozor.uz/ru/catalog?category=kitchen',
      en: 'https://bozor.uz/en/catalog?category=kitchen',
    });
    // sort and other filters narrow the same list: the canonical is the category's (and its page; & escaped in HTML)
    expect(await head('/uz/catalog?sort=price_asc&category=kitchen&in_stock=true&page=2')).toEqual({
      title: 'Oshxona — Bozor',
      canonical: 'https://bozor.uz/uz/catalog?category=kitchen&amp;page=2',
      en: 'https://bozor.uz/en/catalog?category=kitchen&amp;page=2',
    });
    expect((await head('/en/catalog?brands=tefal')).title).toBe('Tefal — Bozor');
    // an old link's ?brand= is read as the one brand, and named by the filter's own parameter
    expect(await head('/en/catalog?brand=tefal')).toEqual({ title: 'Tefal — Bozor', canonical: 'https://bozor.uz/en/catalog?brands=tefal', en: 'https://bozor.uz/en/catalog?brands=tefal' });
    expect((await head('/en/catalog?brands=tefal')).canonical).toBe('https://bozor.uz/en/catalog?brands=tefal');
    // several brands, an unknown or a malformed slug: the catalogue's own name and address
    expect(await head('/en/catalog?brands=tefal,bosch&sort=new')).toEqual({ title: 'Catalogue — Bozor', canonical: 'https://bozor.uz/en/catalog', en: 'https://bozor.uz/en/catalog' });
    expect((await head('/en/catalog?category=nowhere')).title).toBe('Catalogue — Bozor');
    // /products lists what /catalog does: its canonical is the catalogue's, and the sitemap has only that
    expect(await head('/ru/products?category=kitchen')).toEqual({
      title: 'Кухня — Bozor',
      canonical: 'https://bozor.uz/ru/catalog?category=kitchen',
      en: 'https://bozor.uz/en/catalog?category=kitchen',
    });
    expect(await (await get('/sitemap.xml')).text()).not.toContain('/ru/products<');
    expect((await head('/en/catalog?category=%3Cb%3E')).canonical).toBe('https://bozor.uz/en/catalog');
  });

  it('gives a product page its name, Open Graph and Product JSON-LD with a UZS offer (escaped)', async () => {
    const html = await (await get('/en/products/kettle')).text();
    expect(html).toContain('<title>Tefal &lt;Kettle&gt; — Bozor</title>');
    expect(html).toContain('og:image" content="https://bozor.uz/media/k.webp"');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const product = ld.find((x) => x['@type'] === 'Product');
    expect(product.offers).toMatchObject({ priceCurrency: 'UZS', price: 450000 });
    // the SKU of the variant the page opens on, not the address
    expect(product.sku).toBe('TF-KO2576-WHITE');
    expect(ld.find((x) => x['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
  });

  it('preloads the page’s scripts: shell boot chunks, the route remote’s entry and chunks, the header widgets', async () => {
    const html = await (await get('/uz/catalog')).text();
    const preloads = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)" fetchpriority="low" \/>/g)].map((m) => m[1]);
    expect(preloads).toEqual([
      '/assets/435.dddd4444.js',
      '/assets/753.eeee5555.js',
      '/remotes/catalog/1.0.0/remoteEntry.js',
      '/remotes/catalog/1.0.0/904.aaaa1111.js',
      '/remotes/catalog/1.0.0/__federation_expose_Routes.89abcdef.js',
      '/remotes/catalog/1.0.0/__federation_expose_SearchBox.cccc3333.js',
    ]); // no cart remote in this remotes.json, lazy chunks not preloaded, the entry once
    // a 404 page preloads no remote
    expect(await (await get('/uz/nowhere')).text()).not.toContain('as="script"');
  });

  it('preloads the LCP picture with the srcset of its <img>, and inlines the product answer', async () => {
    const html = await (await get('/en/products/kettle')).text();
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/k.webp?w=480" imagesrcset="/media/k.webp?w=320 320w, /media/k.webp?w=480 480w" imagesizes="(min-width: 800px) 480px, 100vw" fetchpriority="high" />',
    );
    const data = /<script type="application\/json" id="bozor-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data)).toEqual({ 'product:kettle|en|individual': { product: { slug: 'kettle', name: 'Tefal <Kettle></script>' }, relateds: [] } });
    const home = await (await get('/ru')).text();
    expect(home).toContain('<link rel="preload" as="image" href="/media/slides/sale-ru.webp?w=640" imagesrcset="/media/slides/sale-ru.webp?w=320 320w');
    const homeData = /<script type="application\/json" id="bozor-data">(.*?)<\/script>/.exec(home)?.[1] ?? '';
    expect(Object.keys(JSON.parse(homeData))).toEqual(['home|ru|individual']);
  });

  it('answers 404 for unknown paths and unknown products, generic 200 when the API does not know', async () => {
    const unknown = await get('/en/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<title>Page Not Found — Bozor</title>');
    expect((await get('/xx/cart')).status).toBe(404);
    expect((await get('/uz/products/gone')).status).toBe(404);
    const generic = await get('/uz/products/whatever');
    expect(generic.status).toBe(200);
    expect(await generic.text()).toContain('<title>Mahsulot — Bozor</title>');
  });

  it("gives each information page its own name: the API's when it has one, else the page's usual name", async () => {
    const title = async (p: string) => /<title>(.*?)<\/title>/.exec(await (await get(p)).text())?.[1];
    expect(await title('/uz/contacts')).toBe('Biz bilan aloqa — Bozor');
    expect(await title('/ru/contacts')).toBe('Контакты — Bozor');
    expect(await title('/uz/how-to-buy')).toBe('Qanday xarid qilish — Bozor');
    expect(await title('/ru/how-to-buy')).toBe('Как купить — Bozor');
    expect(await title('/en/return')).toBe('Returns and exchanges — Bozor');
    expect(await title('/en/pages')).toBe('Pages — Bozor');
    // the Open Graph title says the same name
    expect(await (await get('/ru/delivery')).text()).toContain('<meta property="og:title" content="Доставка" />');
    // no information page is called "Information" any more
    for (const p of ['about', 'contacts', 'delivery', 'how-to-buy', 'return', 'pages']) {
      for (const lang of ['uz', 'ru', 'en']) expect(await title(`/${lang}/${p}`)).not.toMatch(/^(Maʼlumot|Информация|Information) — Bozor$/);
    }
  });

  it('answers 404 for an information page the back office has hidden, named as not found', async () => {
    for (const lang of ['uz', 'ru', 'en']) {
      const hidden = await get(`/${lang}/public-offer`);
      expect(hidden.status).toBe(404);
      expect(await hidden.text()).toMatch(/<title>(Sahifa topilmadi|Страница не найдена|Page Not Found) — Bozor<\/title>/);
    }
  });

  it('lists stores as JSON-LD on the markets page', async () => {
    expect(await (await get('/uz/markets')).text()).toContain('"@type":"Store","name":"Chilonzor"');
  });

  it('serves /remotes.json fresh from its file, no-cache', async () => {
    let res = await get('/remotes.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ catalog: '/remotes/catalog/1.0.0/mf-manifest.json' });
    fs.writeFileSync(remotesFile, JSON.stringify({ catalog: '/remotes/catalog/2.0.0/mf-manifest.json' }));
    res = await get('/remotes.json');
    expect(((await res.json()) as { catalog: string }).catalog).toContain('2.0.0');
  });

  it('serves remote builds: manifest no-cache, hashed chunks immutable, no escape from the folder', async () => {
    const manifest = await get('/remotes/catalog/1.0.0/mf-manifest.json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const chunk = await get('/remotes/catalog/1.0.0/__federation_expose_Routes.89abcdef.js');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect((await get('/remotes/catalog/..%2f..%2fdist/index.html')).status).toBe(404);
    expect((await get('/remotes/cart/1.0.0/mf-manifest.json')).status).toBe(404);
  });

  it('serves the shell assets and sw.js with the right caching', async () => {
    expect((await get('/assets/main.0123abcd.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect(cacheControlFor('remoteEntry.js')).toBe('no-cache');
    // its name is the same in every build: a cached copy could start another build's scripts
    expect(cacheControlFor('start-after-load.js')).toBe('no-cache');
  });

  it('writes sitemap.xml in three languages and robots.txt pointing at it', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    for (const l of ['uz', 'ru', 'en']) {
      expect(xml).toContain(`<loc>https://bozor.uz/${l}/products/kettle</loc>`);
      expect(xml).toContain(`<loc>https://bozor.uz/${l}/about</loc>`);
    }
    expect(xml).toContain('catalog?category=kitchen');
    // the brand's list as the catalogue reads it (?brands=); ?brand= showed the whole catalogue
    expect(xml).toContain('<loc>https://bozor.uz/ru/catalog?brands=tefal</loc>');
    expect(xml).not.toContain('?brand=');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://bozor.uz/sitemap.xml');
    // the catalogue's public reads stay open to a crawler that fills the page itself; customer data does not
    expect(robots).toMatch(/^Allow: \/backend\/api\/ext\/v1\/resources\/$/m);
    expect(robots).toMatch(/^Allow: \/api\/store\/stores$/m);
    expect(robots).not.toMatch(/^Allow: \/backend\/api\/ext\/v1\/customers/m);
  });

  it('lets search engines read the cart and the checkout; the account, search and payment pages stay out', async () => {
    const robots = await (await get('/robots.txt')).text();
    for (const l of ['uz', 'ru', 'en']) {
      expect(robots).not.toMatch(new RegExp(`^Disallow: /${l}/(cart|checkout)$`, 'm'));
      expect(robots).toContain(`Disallow: /${l}/account`);
    }
    const robotsMeta = async (path: string) => /<meta name="robots" content="([^"]*)"/.exec(await (await get(path)).text())?.[1] ?? null;
    expect(await robotsMeta('/uz/cart')).toBeNull();
    expect(await robotsMeta('/ru/checkout')).toBeNull();
    expect(await robotsMeta('/uz/checkout/payment')).toBe('noindex');
    expect(await robotsMeta('/en/account')).toBe('noindex');
    expect(await robotsMeta('/uz/search?q=choynak')).toBe('noindex');
    // out of the sitemap all the same: they are no landing pages
    const xml = await (await get('/sitemap.xml')).text();
    expect(xml).not.toMatch(/\/(cart|checkout)</);
  });

  it('answers 404 for a malformed escape or a control character in a path, never a 500', async () => {
    for (const p of ['/uz/products/%E0%A4%A', '/uz/products/abc%00', '/ru/blogs/%FF', '/en/products/a%1b[31mb']) {
      expect(`${p} ${(await get(p)).status}`).toBe(`${p} 404`);
    }
  });

  it('records client errors in its log', async () => {
    const res = await get('/_client-log', { method: 'POST', body: JSON.stringify({ kind: 'sw-register', message: 'x' }) });
    expect(res.status).toBe(204);
    expect(logs.some((l) => l.includes('sw-register'))).toBe(true);
  });
  it('keeps control characters out of the log and refuses a client that floods it', async () => {
    const before = logs.length;
    const first = await get('/_client-log', { method: 'POST', body: '{"kind":"x","message":"\u001b[31mred\u0007"}', headers: { 'content-type': 'application/json' } });
    expect(first.status).toBe(204);
    const line = logs.slice(before).find((l) => l.includes('client-error'))!;
    expect(line).toContain('[31mred');
    expect([...line].some((ch) => ch.charCodeAt(0) < 0x20)).toBe(false);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await get('/_client-log', { method: 'POST', body: 'x' })).status);
    expect(statuses.filter((st) => st === 204).length).toBeLessThan(20);
    expect(statuses.at(-1)).toBe(429);
  });

});

describe('the origin of links (canonical, hreflang, sitemap.xml, robots.txt)', () => {
  /** A shell server on 127.0.0.1 with the given environment, and raw requests to it (any Host header). */
  async function shellWith(env: Record<string, string>) {
    const srv = createShellServer(loadConfig({ SHELL_DIST: dist, REMOTES_FILE: remotesFile, SSR: 'off', ...env }), { reader, log: () => undefined });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as AddressInfo).port;
    const send = (requestPath: string, headers: Record<string, string> = {}) =>
      new Promise<string>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: requestPath, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
    /** The origins a page, the sitemap and robots.txt link to, for one set of request headers. */
    const origins = async (headers: Record<string, string>) => {
      const page = await send('/ru/catalog', headers);
      const sitemap = await send('/sitemap.xml', headers);
      const robots = await send('/robots.txt', headers);
      return [
        /<link rel="canonical" href="([^"]*)\/ru\/catalog" \/>/.exec(page)?.[1],
        /hreflang="en" href="([^"]*)\/en\/catalog"/.exec(page)?.[1],
        /hreflang="x-default" href="([^"]*)\/uz\/catalog"/.exec(page)?.[1],
        /<loc>([^<]*)\/uz\/products\/kettle<\/loc>/.exec(sitemap)?.[1],
        /hreflang="ru" href="([^"]*)\/ru\/about"/.exec(sitemap)?.[1],
        /^Sitemap: (.*)\/sitemap\.xml$/m.exec(robots)?.[1],
      ];
    };
    return { port, send, origins, close: () => new Promise((r) => srv.close(r)) };
  }
  const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const all = (origin: string) => Array<string>(6).fill(origin);

  it("without PUBLIC_URL, a client's Host and X-Forwarded-Host never choose them: the listening address does", async () => {
    const shop = await shellWith({});
    expect(await shop.origins(evil)).toEqual(all(`http://localhost:${shop.port}`));
    expect(await shop.origins({ host: `evil.example:${shop.port}` })).toEqual(all(`http://localhost:${shop.port}`));
    // a name of the listening address on its port is the browser's own origin, and stays
    expect(await shop.origins({ host: `127.0.0.1:${shop.port}` })).toEqual(all(`http://127.0.0.1:${shop.port}`));
    expect(await shop.origins({ host: `LOCALHOST:${shop.port}` })).toEqual(all(`http://localhost:${shop.port}`));
    expect(await shop.origins({ host: `localhost:${shop.port + 1}` })).toEqual(all(`http://localhost:${shop.port}`));
    expect(await shop.origins({ host: `127.0.0.1:${shop.port}@evil.example` })).toEqual(all(`http://localhost:${shop.port}`));
    // the sitemap the client above asked for is not the one the next client gets
    expect(await shop.send('/sitemap.xml', {})).not.toContain('evil.example');
    await shop.close();
  });

  it('from a TRUST_PROXY proxy they follow its X-Forwarded-Host and -Proto; without them, the listening address', async () => {
    const shop = await shellWith({ TRUST_PROXY: 'loopback' });
    expect(await shop.origins({ host: `127.0.0.1:${shop.port}`, 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' })).toEqual(all('https://shop.example'));
    expect(await shop.origins({ host: 'evil.example', 'x-forwarded-host': 'shop.example:8080' })).toEqual(all('http://shop.example:8080'));
    expect(await shop.origins({ host: 'evil.example' })).toEqual(all(`http://localhost:${shop.port}`));
    // what is not a host is not believed even from the proxy
    expect(await shop.origins({ host: 'evil.example', 'x-forwarded-host': 'shop.example/evil' })).toEqual(all(`http://localhost:${shop.port}`));
    await shop.close();
  });

  it('with PUBLIC_URL, always PUBLIC_URL', async () => {
    for (const env of [{}, { TRUST_PROXY: 'loopback' }] as Record<string, string>[]) {
      const shop = await shellWith({ PUBLIC_URL: 'https://bozor.uz/', ...env });
      expect(await shop.origins(evil)).toEqual(all('https://bozor.uz'));
      expect(await shop.origins({ host: `127.0.0.1:${shop.port}` })).toEqual(all('https://bozor.uz'));
      await shop.close();
    }
  });

  it('names the listening address: localhost when bound everywhere or to loopback, else the bound address', () => {
    const req = (host: string | undefined, localAddress: string, localPort = 3000) => ({ headers: { host }, socket: { localAddress, localPort } }) as unknown as http.IncomingMessage;
    const cases: Array<[string, http.IncomingMessage, string]> = [
      ['0.0.0.0', req('evil.example', '127.0.0.1'), 'localhost:3000'],
      ['0.0.0.0', req(undefined, '127.0.0.1'), 'localhost:3000'],
      ['::', req('[::1]:3000', '::1'), '[::1]:3000'],
      ['127.0.0.1', req('127.0.0.1:3000', '127.0.0.1'), '127.0.0.1:3000'],
      ['localhost', req('evil.example:3000', '::ffff:127.0.0.1'), 'localhost:3000'],
      // bound everywhere: the LAN address a connection came in on is ours; another is not
      ['0.0.0.0', req('192.168.1.5:3000', '::ffff:192.168.1.5'), '192.168.1.5:3000'],
      ['0.0.0.0', req('192.168.1.6:3000', '192.168.1.5'), 'localhost:3000'],
      // bound to one address: that address, whatever the Host
      ['192.168.1.5', req('localhost:3000', '192.168.1.5'), '192.168.1.5:3000'],
      ['fd00::5', req('evil.example', 'fd00::5'), '[fd00::5]:3000'],
      ['shop.lan', req('evil.example', '192.168.1.5'), 'shop.lan:3000'],
      // port 80 is left out, as browsers do
      ['0.0.0.0', req('127.0.0.1', '127.0.0.1', 80), '127.0.0.1'],
      ['0.0.0.0', req('evil.example', '127.0.0.1', 80), 'localhost'],
    ];
    expect(cases.map(([bind, r]) => listeningHost(r, bind))).toEqual(cases.map(([, , expected]) => expected));
  });
});

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

describe('compression (the pnpm start gateway has no nginx in front)', () => {
  it('sends assets brotli- or gzip-compressed when accepted, and pages gzipped', async () => {
    const big = 'console.log("bozor");\n'.repeat(200);
    fs.writeFileSync(path.join(dist, 'assets', 'big.0123abcd.js'), big);
    const br = await fetch(`${base}/assets/big.0123abcd.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(big);
    const gz = await fetch(`${base}/assets/big.0123abcd.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const page = await fetch(`${base}/uz/catalog`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toContain('<title>Katalog — Bozor</title>');
  });
});
