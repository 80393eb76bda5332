// Server rendering of the catalogue's pages (src/ssr.tsx): the server renders from the answers it was
// handed, the browser hydrates the same HTML from the copy in the page without asking the API again
// and without a mismatch, and the copy is used once.
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { onMount } from 'nanostores';
import { $categories, addToCart, clearCart, setCategories, setLanguage, type DataRequest, type Lang } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import SearchBox from '../src/components/SearchBox';
import { dataRequests, setServerData } from '../src/ssr';
import { resetPrefetchForTests } from '../src/api/prefetch';
import { card, facets, fakeContent, fakeShop, installFakeApi, product } from './fakeApi';
import { fakeBrandList, fakeCategory, fakeDataAnswer } from './fakeCatalogue';

/** The page under /{lang}, with the header's search box as the shell renders it in the same pass. */
const page = (url: string) => {
  const lang = url.split('/')[1] ?? 'en';
  return (
    <MemoryRouter initialEntries={[url]}>
      <SearchBox basePath={`/${lang}`} />
      <Routes>
        <Route path={`/${lang}/*`} element={<CatalogRoutes basePath={`/${lang}`} />} />
      </Routes>
    </MemoryRouter>
  );
};

/** What the shell server does: ask for the page's answers, render once with them. */
function serverRender(url: string, answer: (request: DataRequest) => unknown): { html: string; data: Record<string, unknown> } {
  const lang = (url.split('/')[1] ?? 'en') as Lang;
  const [rest = '', search = ''] = url.replace(/^\/\w+\/?/, '').split('?');
  const data = Object.fromEntries(dataRequests(rest, search, lang).map((r) => [r.key, answer(r)]));
  setServerData(data);
  try {
    return { html: renderToString(page(url)), data };
  } finally {
    setServerData(null);
  }
}

/** The pages hydrated in a test, unmounted after it (a later test's language must not reach them). */
const hydrated: ReturnType<typeof hydrateRoot>[] = [];

/** What the browser does: the page's HTML and its copy of the answers, then hydration. */
async function hydrate(url: string, { html, data }: { html: string; data: Record<string, unknown> }) {
  document.head.innerHTML = `<script type="application/json" id="bozor-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const mismatches: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(url), { onRecoverableError: (error) => mismatches.push(error) });
  });
  if (root) hydrated.push(root);
  return { container, mismatches, unmount: () => act(() => root?.unmount()) };
}

const productAnswer = { product, relateds: [card(2)] };

afterEach(() => {
  for (const root of hydrated.splice(0)) act(() => root.unmount());
});

beforeEach(() => {
  resetPrefetchForTests();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  setLanguage('en');
});

test('the product page is rendered whole on the server, and hydrated from the page without a request or a mismatch', async () => {
  const calls = installFakeApi();
  const server = serverRender('/en/products/kettle-1', () => productAnswer);
  expect(Object.keys(server.data)).toEqual(['product:kettle-1|en|individual']);
  // the picture, name, price and Buy button are in the HTML; no loading skeleton
  expect(server.html).toContain('<h1 data-testid="product-name">Kettle 1</h1>');
  expect(server.html).toContain('/media/p/1-white.webp');
  expect(server.html).toMatch(/100,000\sUZS/);
  expect(server.html).not.toContain('aria-busy="true"');

  const { container, mismatches, unmount } = await hydrate('/en/products/kettle-1', server);
  expect(mismatches).toEqual([]);
  expect(calls.filter((c) => c.url.includes('/resources/product/'))).toHaveLength(0);
  expect(container.querySelector('h1')?.textContent).toBe('Kettle 1');
  unmount();

  // the page's copy is used once: the next visit asks the API
  render(page('/en/products/kettle-1'));
  expect((await screen.findByTestId('product-name')).textContent).toBe('Kettle 1');
  expect(calls.filter((c) => c.url.includes('/resources/product/kettle-1'))).toHaveLength(1);
});

test('the catalogue is rendered with its filter from the URL and its filter panel (the sheet closed), and hydrates without a mismatch', async () => {
  const calls = installFakeApi();
  const list = { data: [card(1), card(2)], meta: { total: 2, page: 1, per_page: 24, last_page: 1, sort: 'price_asc' }, facets };
  const server = serverRender('/en/catalog?brands=tefal&sort=price_asc', () => list);
  expect(Object.keys(server.data)[0]).toMatch(/^products:\{.*"tefal".*\}\|en\|individual$/);
  expect(server.html).toContain('Kettle 2');
  // the panel is in the HTML for a wide screen; on a phone it is a closed sheet (CSS decides which)
  expect(server.html).toContain('data-testid="filter-brand-tefal"');
  expect(server.html).not.toMatch(/<div[^>]*data-open/);
  expect(server.html).not.toContain('role="dialog"');
  expect(server.html).toContain('data-testid="active-filter"');

  const { mismatches } = await hydrate('/en/catalog?brands=tefal&sort=price_asc', server);
  expect(mismatches).toEqual([]);
  expect(calls.filter((c) => c.url.includes('/resources/products'))).toHaveLength(0);
});

test('a product whose chosen variant has its own picture is rendered with that picture and hydrates without a mismatch', async () => {
  installFakeApi();
  const white = product.variants[0] as (typeof product.variants)[number];
  const black = { ...(product.variants[1] as (typeof product.variants)[number]), total_quanity: 4, in_stock: true };
  const answer = { product: { ...product, selected_variant_id: black.id, variants: [{ ...white, total_quanity: 0, in_stock: false }, black] }, relateds: [] };
  const server = serverRender('/en/products/kettle-1', () => answer);
  const html = document.createElement('div');
  html.innerHTML = server.html;
  expect(html.querySelector('[data-testid="gallery-main-image"]')?.getAttribute('src')).toBe('/media/p/1-black.webp?w=480');
  expect((html.querySelector('[data-testid="sticky-buy-bar"]') as HTMLElement).hidden).toBe(true);
  const { mismatches } = await hydrate('/en/products/kettle-1', server);
  expect(mismatches).toEqual([]);
});

test('a link with ?variant= is rendered on that variant by the server and hydrates without a mismatch', async () => {
  installFakeApi();
  const black = { ...(product.variants[1] as (typeof product.variants)[number]), total_quanity: 4, in_stock: true };
  const answer = { product: { ...product, variants: [product.variants[0] as (typeof product.variants)[number], black] }, relateds: [] };
  const server = serverRender(`/en/products/kettle-1?variant=${black.id}`, () => answer);
  const html = document.createElement('div');
  html.innerHTML = server.html;
  expect(html.querySelector('[data-testid="product-sku"]')?.textContent).toContain(black.sku);
  const { mismatches } = await hydrate(`/en/products/kettle-1?variant=${black.id}`, server);
  expect(mismatches).toEqual([]);
});

test('without an answer (the API did not give one) the server sends the loading state and the browser asks the API', async () => {
  const calls = installFakeApi();
  const server = serverRender('/en/products/kettle-1', () => undefined);
  expect(server.html).toContain('aria-busy="true"');
  const { container, mismatches } = await hydrate('/en/products/kettle-1', server);
  expect(mismatches).toEqual([]);
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(calls.filter((c) => c.url.includes('/resources/product/kettle-1'))).toHaveLength(1);
  expect(container.querySelector('h1')?.textContent).toBe('Kettle 1');
});

test('categories that arrive before the page module hydrates do not break hydration; they show right after', async () => {
  installFakeApi();
  setCategories([]);
  const server = serverRender('/en/categories', () => undefined);
  expect(server.html).toContain('data-testid="categories-loading"');
  // the shell loaded the tree after the page's load event, before this remote's module arrived
  setCategories([fakeCategory(1, 'kettles', 'Kettles')]);
  const { container, mismatches } = await hydrate('/en/categories', server);
  expect(mismatches).toEqual([]);
  expect(container.textContent).toContain('Kettles');
  expect(container.querySelector('[data-testid="categories-loading"]')).toBeNull();
  setCategories([]);
});

test('the data each page renders from: home, catalogue, products, search results, a product, the content pages; nothing for favourites, the list of pages, an empty search or a broken slug', () => {
  expect(dataRequests('', '', 'uz')).toEqual([{ key: 'home|uz|individual', method: 'GET', path: '/backend/api/ext/v1/resources/home' }]);
  expect(dataRequests('products/choynak-1', '', 'ru')[0]).toMatchObject({ key: 'product:choynak-1|ru|individual', method: 'GET' });
  expect(dataRequests('products', 'page=2', 'en')[0]).toMatchObject({ method: 'POST', body: expect.objectContaining({ page: 2 }) });
  expect(dataRequests('brands', '', 'uz')).toEqual([{ key: 'brands|uz', method: 'GET', path: '/backend/api/ext/v1/resources/brands' }]);
  expect(dataRequests('blogs/choy-haqida/', '', 'ru')).toEqual([{ key: 'blog:choy-haqida|ru', method: 'GET', path: '/backend/api/ext/v1/resources/blogs/choy-haqida' }]);
  expect(dataRequests('how-to-buy', '', 'en')).toEqual([{ key: 'page:how-to-buy|en', method: 'GET', path: '/backend/api/ext/v1/resources/pages/how-to-buy' }]);
  expect(dataRequests('markets', '', 'uz')).toEqual([{ key: 'markets|uz', method: 'GET', path: '/api/store/stores' }]);
  for (const rest of ['favourites', 'pages', 'blogs/a/b']) expect(dataRequests(rest, '', 'uz')).toEqual([]);
  expect(dataRequests('search', 'q=choynak', 'en')).toEqual([
    { key: 'products:{"q":"choynak","page":1,"per_page":24}|en|individual', method: 'POST', path: '/backend/api/ext/v1/resources/products', body: { q: 'choynak', page: 1, per_page: 24 } },
  ]);
  expect(dataRequests('search', 'q=%20', 'en')).toEqual([]);
  expect(dataRequests('products/%E0%A4%A', '', 'uz')).toEqual([]);
});

test('the search results page is rendered on the server with its page of matches, the count, the pager and the words in the search box; it hydrates without a request or a mismatch', async () => {
  setLanguage('uz');
  const shop = fakeShop();
  const calls = installFakeApi({ catalogue: shop });
  const url = '/uz/search?q=choynak&page=2';
  const server = serverRender(url, (r) => fakeDataAnswer(shop, r, 'uz'));
  expect(Object.keys(server.data)).toEqual(['products:{"q":"choynak","page":2,"per_page":24}|uz|individual']);
  const html = document.createElement('div');
  html.innerHTML = server.html;
  expect([...html.querySelectorAll('[data-testid="product-card-name"]')].map((n) => n.textContent)).toHaveLength(6);
  expect(html.querySelector('[data-testid="search-total"]')?.textContent).toBe('30 ta mahsulot');
  expect(html.querySelector('[data-testid="pagination"] [aria-current="page"]')?.textContent).toBe('2');
  expect((html.querySelector('[data-testid="search-input"]') as HTMLInputElement).value).toBe('choynak');

  const { container, mismatches } = await hydrate(url, server);
  expect(mismatches).toEqual([]);
  expect(calls.filter((c) => c.url.includes('/resources/'))).toHaveLength(0);
  expect((container.querySelector('[data-testid="search-input"]') as HTMLInputElement).value).toBe('choynak');
});

test('a shared link to a brand and a colour with nothing in common is rendered with their names, and hydrates without a request or a mismatch', async () => {
  setLanguage('ru');
  const shop = fakeShop();
  const calls = installFakeApi({ catalogue: shop });
  const url = '/ru/catalog?brands=karcher&opt_color=pink';
  const server = serverRender(url, (r) => fakeDataAnswer(shop, r, 'ru'));
  expect(Object.keys(server.data)).toEqual([
    'products:{"brands":["karcher"],"options":{"color":["pink"]},"page":1,"per_page":24}|ru|individual',
    'brands|ru',
    'products:{"per_page":1}|ru|individual',
  ]);
  const html = document.createElement('div');
  html.innerHTML = server.html;
  expect([...html.querySelectorAll('[data-testid="active-filter"]')].map((c) => c.textContent)).toEqual(['Kärcher×', 'Цвет: розовый×']);
  expect(html.querySelector('[data-testid="filter-brand-karcher"]')?.closest('label')?.textContent).toBe('Kärcher (0)');

  const { container, mismatches } = await hydrate(url, server);
  expect(mismatches).toEqual([]);
  expect(calls.filter((c) => c.url.includes('/resources/'))).toHaveLength(0);
  expect(container.querySelector('[data-testid="filter-option-color-pink"]')?.closest('label')?.textContent).toBe('розовый (0)');
});

test('a link with the price pair the wrong way round asks the API for the range between the two', () => {
  expect(dataRequests('catalog', 'price_min=1000000&price_max=500000', 'uz')[0]).toMatchObject({ body: { price_min: 500000, price_max: 1000000 } });
});

test('a cart already holding the variant (known only in the browser) hydrates without a mismatch, then counts it', async () => {
  installFakeApi();
  clearCart();
  const server = serverRender('/en/products/kettle-1', () => productAnswer);
  addToCart({ product_id: 1, name: 'Kettle 1', slug: 'kettle-1', img_url: null, quantity: 2, price: 100000, attributes: { variant_id: 11, sku: 'K1-WHITE', options: [] } });
  try {
    const { container, mismatches } = await hydrate('/en/products/kettle-1', server);
    expect(mismatches).toEqual([]);
    expect(container.querySelector('[data-testid="product-in-cart"]')?.textContent).toBe('In your cart: 2');
  } finally {
    clearCart();
  }
});

test('a category page is rendered with its trail from the facets, and the tree after hydration adds nothing that mismatches', async () => {
  installFakeApi();
  const list = {
    data: [card(1)],
    meta: { total: 1, page: 1, per_page: 24, last_page: 1, sort: 'popular' },
    facets: { ...facets, categories: [{ slug: 'kitchen', name: 'Kitchen appliances', parent: null, count: 1 }, { slug: 'kettles', name: 'Kettles', parent: 'kitchen', count: 1 }] },
  };
  const server = serverRender('/en/catalog?category=kettles', () => list);
  const html = document.createElement('div');
  html.innerHTML = server.html;
  const crumbs = (root: ParentNode) => [...root.querySelectorAll('nav[aria-label="Breadcrumbs"] li')].map((li) => li.textContent);
  expect(crumbs(html)).toEqual(['Home', 'Catalogue', 'Kitchen appliances', 'Kettles']);
  setCategories([fakeCategory(1, 'kitchen', 'Kitchen appliances', [fakeCategory(2, 'kettles', 'Kettles')])]);
  try {
    const { container, mismatches } = await hydrate('/en/catalog?category=kettles', server);
    expect(mismatches).toEqual([]);
    expect(crumbs(container)).toEqual(['Home', 'Catalogue', 'Kitchen appliances', 'Kettles']);
  } finally {
    setCategories([]);
  }
});


/** What the fake API answers to a content page's server-side request. */
const contentAnswer = (request: DataRequest) => fakeContent(request.path) ?? (request.path.endsWith('/resources/brands') ? fakeBrandList(fakeShop()) : undefined);

describe.each([
  { url: '/en/blogs/tea', api: '/resources/blogs/tea', shows: 'About teaBrew well' },
  { url: '/en/blogs', api: '/resources/blogs?', shows: 'Choosing a kettleSteel or glass' },
  { url: '/en/delivery', api: '/resources/pages/delivery', shows: 'We deliver across Uzbekistan in 1–3 days.' },
  { url: '/en/contacts', api: '/resources/pages/contacts', shows: 'What the contacts page says.' },
  { url: '/en/brands', api: '/resources/brands', shows: 'Kärcher3 products' },
  { url: '/en/markets', api: '/api/store/stores', shows: 'Bozor Chilonzor42 Bunyodkor Avenue, Tashkent+998 71 200 11 22' },
  { url: '/en/categories', api: '/resources/categories', shows: 'Kitchen appliancesKettlesMicrowave ovens' },
])('$url', ({ url, api, shows }) => {
  test('comes from the server with its content, and hydrates from the page without a request or a mismatch', async () => {
    const calls = installFakeApi();
    // the shell asks the API for its category tree when something first reads it (shell/src/stores/appState.ts)
    let treeRead = 0;
    const unbind = onMount($categories, () => {
      treeRead++;
    });
    // React says so on the console when a body given as HTML differs between the server and the browser
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const server = serverRender(url, contentAnswer);
      const html = document.createElement('div');
      html.innerHTML = server.html;
      expect(html.querySelector('[aria-busy="true"]')).toBeNull();
      expect(html.textContent).toContain(shows);

      const { container, mismatches } = await hydrate(url, server);
      await act(async () => new Promise((r) => setTimeout(r, 0)));
      expect(mismatches).toEqual([]);
      expect(errors.mock.calls.filter(([message]) => !String(message).includes('not wrapped in act'))).toEqual([]);
      expect(calls).toEqual([]);
      expect(treeRead).toBe(0);
      expect(container.textContent).toContain(shows);
    } finally {
      errors.mockRestore();
      unbind();
    }
  });

  test("the page's copy is used once: the next visit asks the API", async () => {
    const calls = installFakeApi({ catalogue: fakeShop() });
    const server = serverRender(url, contentAnswer);
    const { unmount } = await hydrate(url, server);
    unmount();
    if (url === '/en/categories') {
      // a later visit reads the shell's tree, which the shell loads when it is first read
      let treeRead = 0;
      const unbind = onMount($categories, () => {
        treeRead++;
      });
      render(page(url));
      expect(treeRead).toBe(1);
      unbind();
      return;
    }
    render(page(url));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(calls.filter((c) => c.url.includes(api))).toHaveLength(1);
    expect(document.body.textContent).toContain(shows);
  });
});

test('an article in a language other than the one it came in is asked for in that language', async () => {
  const calls = installFakeApi();
  const server = serverRender('/en/blogs/tea', contentAnswer);
  await hydrate('/en/blogs/tea', server);
  expect(calls).toEqual([]);
  await act(async () => setLanguage('ru'));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(calls.map((c) => [c.url, c.headers['X-LANG']])).toEqual([[expect.stringContaining('/resources/blogs/tea'), 'ru']]);
});
