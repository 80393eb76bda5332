// Server rendering of the catalogue's pages (src/ssr.tsx): the server renders from the answers it was
// handed, the browser hydrates the same HTML from the copy in the page without asking the API again
// and without a mismatch, and the copy is used once. The product page, the catalogue and the categories are
// here; what each page asks for and the search results are ssr-search.test.tsx; the content pages
// ssr-content.test.tsx.
import { act, render, screen } from '@testing-library/react';
import { addToCart, clearCart, setCategories } from '@bozor/shared';
import { card, facets, installFakeApi, product } from './fakeApi';
import { fakeCategory } from './fakeCatalogue';
import { freshPage, hydrate, page, productAnswer, serverRender, unmountHydrated } from './ssrPage';

afterEach(unmountHydrated);

beforeEach(freshPage);

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
