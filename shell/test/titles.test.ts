/** @jest-environment node */
// One title per route, wherever it is written: the <title> the shell server sends for a page equals the
// one the browser sets when the shopper reaches the same page by a link (routing/DocumentTitle.tsx).
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { INFO_PAGES } from '@bozor/shared';
import { createShellServer } from '../server/app';
import type { CatalogueReader } from '../server/catalogue';
import { loadConfig } from '../server/config';
import { titleForPath } from '../src/routing/DocumentTitle';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-titles-'));
fs.writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><html lang="uz"><head><!--bozor:head--></head><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(tmp, 'remotes.json'), '{}');

// an API that knows no product, post or page by name: the titles are the routes' own
const unknown = async () => ({ kind: 'unknown' as const });
const reader: CatalogueReader = {
  product: unknown,
  blog: unknown,
  infoPage: unknown,
  home: async () => null,
  stores: async () => ({ list: [] }),
  listName: async () => null,
  slugs: async () => [],
  productSlugs: async () => [],
  answer: async () => undefined,
};

let server: http.Server;
let base = '';
beforeAll(async () => {
  const config = loadConfig({ PORT: '1', SHELL_DIST: tmp, REMOTES_FILE: path.join(tmp, 'remotes.json'), SSR: 'off' });
  server = createShellServer(config, { reader, log: () => undefined });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);

async function serverTitle(pathname: string, cookie = ''): Promise<string> {
  const html = await (await fetch(base + pathname, { headers: cookie ? { cookie } : {} })).text();
  return unescape(/<title>(.*?)<\/title>/.exec(html)?.[1] ?? '');
}

const RESTS = [
  '',
  'catalog',
  'categories',
  'products',
  'products/tefal-kettle',
  'brands',
  'blogs',
  'blogs/spring-sale',
  'markets',
  'search',
  'favourites',
  ...INFO_PAGES,
  'cart',
  'checkout',
  'checkout/payment',
  'checkout/confirmed',
  'account',
  'account/orders',
  'no-such-page',
  'catalog/extra',
];

test.each(['uz', 'ru', 'en'])('%s: every route has the same title in the browser as from the server', async (lang) => {
  for (const rest of RESTS) {
    const pathname = `/${lang}${rest ? `/${rest}` : ''}`;
    expect({ pathname, title: titleForPath(pathname, '') }).toEqual({ pathname, title: await serverTitle(pathname) });
  }
});

test("a path without a language: the 404 in the cookie's language, on both sides", async () => {
  expect(titleForPath('/de/catalog', 'lang=ru')).toBe(await serverTitle('/de/catalog', 'lang=ru'));
  expect(titleForPath('/de/catalog', 'lang=ru')).toBe('Страница не найдена — Bozor');
  expect(titleForPath('/de/catalog', '')).toBe(await serverTitle('/de/catalog'));
});

describe('the footer names each information page as the page calls itself', () => {
  // "Returns" is the footer's short form of "Returns and exchanges"
  const SAME = ['about', 'contacts', 'delivery', 'how-to-buy', 'public-offer'] as const;
  test.each(['uz', 'ru', 'en'] as const)('%s', (lang) => {
    const footer = (JSON.parse(fs.readFileSync(path.join(__dirname, `../src/i18n/${lang}.json`), 'utf8')) as { footer: Record<string, string> }).footer;
    for (const page of SAME) expect(`${footer[page]} — Bozor`).toBe(titleForPath(`/${lang}/${page}`, ''));
  });
});
