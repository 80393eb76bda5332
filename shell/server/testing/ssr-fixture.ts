// The shop the server-rendering tests (ssr.test.ts, ssr-fallback.test.ts) run against, with stand-in
// bundles (the real ones are rendered by the browser tests): a built shell and its server bundle; catalog
// builds 1.0.0 (renders), 9.0.0 (another contract major), 2.0.0 (no server bundle) and 2.0.1 (its route
// tree throws); a cart that asks for the check of its cookie's lines and a checkout's frame; and a
// catalogue reader that stands in for the API, noting what the remotes asked it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueReader } from '../catalogue.js';

type ProductAnswer = Awaited<ReturnType<CatalogueReader['product']>>;

export interface SsrFixture {
  /** The temporary folder everything is in. */
  tmp: string;
  dist: string;
  /** The catalog's builds, one folder per version. */
  remotes: string;
  cartDir: string;
  checkoutDir: string;
  remotesFile: string;
  shellBundle: string;
  /** Names this catalog version in remotes.json (the cart, checkout and account stay at 1.0.0). */
  useCatalog: (version: string) => void;
  reader: CatalogueReader;
  /** What the remotes asked the reader for, with the page's language. */
  asked: unknown[];
  /** The reader's answer for any product ({ kind: 'unknown' } until a test sets one). */
  product: ProductAnswer;
  article: { data: { slug: string; title: string; excerpt: string; body: string } };
  aboutPage: { data: { slug: string; title: string; body: string } };
  storeList: { data: { slug: string; name: string; address: string; phone: string }[] };
}

export function ssrFixture(): SsrFixture {
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
    // the API has the post "tea" (and not "gone"), the about page (not delivery's heading: no answer) and one store
  const article = { data: { slug: 'tea', title: 'Choy haqida', excerpt: 'Damlash', body: '<p>Choyni 90° suvda damlang.</p>' } };
  const aboutPage = { data: { slug: 'about', title: 'Biz haqimizda', body: '<p>2009-yildan beri.</p>' } };
  const storeList = { data: [{ slug: 'chilonzor', name: 'Bozor Chilonzor', address: 'Bunyodkor shoh ko‘chasi, 42', phone: '+998712001122' }] };
  const reader: CatalogueReader = {
    product: async () => fixture.product,
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
  const fixture: SsrFixture = { tmp, dist, remotes, cartDir, checkoutDir, remotesFile, shellBundle, useCatalog, reader, asked, product: { kind: 'unknown' }, article, aboutPage, storeList };
  return fixture;
}
