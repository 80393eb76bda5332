/** @jest-environment node */
// The shop's pages as the shell server draws them (routes/pages.ts, describe-page.ts): the status, the
// per-route <head> (title, canonical and language links, Open Graph, JSON-LD), the preloads, the data
// inlined for the page, and the policy and runtime config a page carries.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { shopFixture } from './testing/shop-fixture.js';

const { dist, remotes, remotesFile, reader } = shopFixture();

let server: http.Server;
let base = '';

beforeAll(async () => {
  const config = loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes}`, PUBLIC_URL: 'https://bozor.uz', SSR: 'off' });
  server = createShellServer(config, { reader, log: () => undefined });
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

  it('answers 404 for a malformed escape or a control character in a path, never a 500', async () => {
    for (const p of ['/uz/products/%E0%A4%A', '/uz/products/abc%00', '/ru/blogs/%FF', '/en/products/a%1b[31mb']) {
      expect(`${p} ${(await get(p)).status}`).toBe(`${p} 404`);
    }
  });
});
