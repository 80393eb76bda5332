// Server rendering of the catalogue's pages (src/ssr.tsx): the answers each page is rendered from, and the
// search results and a shared filter link rendered on the server and hydrated without a request or a mismatch.
import { setLanguage } from '@bozor/shared';
import { dataRequests } from '../src/ssr';
import { fakeShop, installFakeApi } from './fakeApi';
import { fakeDataAnswer } from './fakeCatalogue';
import { freshPage, hydrate, serverRender, unmountHydrated } from './ssrPage';

afterEach(unmountHydrated);

beforeEach(freshPage);

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
