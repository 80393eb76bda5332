/** @jest-environment node */
// The shell server's other answers: /remotes.json, the remotes' and the shell's built files (caching and
// compression), sitemap.xml and robots.txt, and the client-error log.
import type http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { cacheControlFor } from './files.js';
import { shopFixture } from './testing/shop-fixture.js';

const { dist, remotes, remotesFile, reader } = shopFixture();

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

describe('shell server', () => {
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
