// Server rendering of the catalogue's pages (src/ssr.tsx): the server renders from the answers it was
// handed, the browser hydrates the same HTML from the copy in the page without asking the API again
// and without a mismatch, and the copy is used once.
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setCategories, setLanguage } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import { dataRequests, setServerData } from '../src/ssr';
import { resetPrefetchForTests } from '../src/api/prefetch';
import { card, facets, installFakeApi, product } from './fakeApi';

const page = (url: string) => (
  <MemoryRouter initialEntries={[url]}>
    <Routes>
      <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
    </Routes>
  </MemoryRouter>
);

/** What the shell server does: ask for the page's answers, render once with them. */
function serverRender(url: string, answer: (path: string) => unknown): { html: string; data: Record<string, unknown> } {
  const [rest = '', search = ''] = url.replace(/^\/en\/?/, '').split('?');
  const data = Object.fromEntries(dataRequests(rest, search, 'en').map((r) => [r.key, answer(r.path)]));
  setServerData(data);
  try {
    return { html: renderToString(page(url)), data };
  } finally {
    setServerData(null);
  }
}

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
  return { container, mismatches, unmount: () => act(() => root?.unmount()) };
}

const productAnswer = { product, relateds: [card(2)] };

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
  setCategories([{ id: 1, slug: 'kettles', name: 'Kettles', children: [] }] as never);
  const { container, mismatches } = await hydrate('/en/categories', server);
  expect(mismatches).toEqual([]);
  expect(container.textContent).toContain('Kettles');
  expect(container.querySelector('[data-testid="categories-loading"]')).toBeNull();
  setCategories([]);
});

test('the data each page renders from: home, catalogue, products, a product; nothing for other pages or a broken slug', () => {
  expect(dataRequests('', '', 'uz')).toEqual([{ key: 'home|uz|individual', method: 'GET', path: '/backend/api/ext/v1/resources/home' }]);
  expect(dataRequests('products/choynak-1', '', 'ru')[0]).toMatchObject({ key: 'product:choynak-1|ru|individual', method: 'GET' });
  expect(dataRequests('products', 'page=2', 'en')[0]).toMatchObject({ method: 'POST', body: expect.objectContaining({ page: 2 }) });
  expect(dataRequests('brands', '', 'uz')).toEqual([]);
  expect(dataRequests('products/%E0%A4%A', '', 'uz')).toEqual([]);
});
