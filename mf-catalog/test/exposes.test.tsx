// Contract tests: each exposed module renders with nothing but the shared contract around it.
import { render, screen, fireEvent, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { $cart, $cartCount, $oneClickBuyItem, $toasts, PAGE_NAME_EVENT, clearCart, setLanguage, setOneClickBuyItem, CONTRACT_VERSION, type CartItem, type PageNameDetail } from '@bozor/shared';
import CatalogRoutes, { contractVersion } from '../src/routes';
import SearchBox, { contractVersion as searchContract } from '../src/components/SearchBox';
import { card, fakeShop, installFakeApi } from './fakeApi';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const at = (path: string, ui: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/en/*" element={ui} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

beforeEach(() => {
  clearCart();
  setOneClickBuyItem(null);
  $toasts.set([]);
  setLanguage('en');
});

describe('catalog/Routes', () => {
  it('declares the contract it was built for', () => {
    expect(contractVersion).toBe(CONTRACT_VERSION);
    expect(searchContract).toBe(CONTRACT_VERSION);
  });

  it('renders home from one home call, in the shell language; a card adds to the shared cart', async () => {
    const calls = installFakeApi();
    setLanguage('ru');
    at('/en', <CatalogRoutes basePath="/en" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Товары для каждого дома');
    expect((await screen.findByRole('link', { name: 'Kettle 5' })).getAttribute('href')).toBe('/en/products/kettle-5');
    expect(calls.filter((c) => c.url.includes('/resources/'))).toHaveLength(1);
    expect(calls[0]?.headers['X-ACCOUNT-TYPE']).toBe('individual');
    fireEvent.click(screen.getByTestId('add-to-cart'));
    // The card's default variant goes with it, so Buy here and on the product page make one line.
    expect($cart.get()).toMatchObject([{ product_id: 5, quantity: 1, price: 500000, attributes: { variant_id: 51, sku: 'K5-WHITE' } }]);
    // the card's stock is 10: with all of it in the cart, Buy adds nothing and says why
    $cart.set([{ ...($cart.get()[0] as CartItem), quantity: 10 }]);
    fireEvent.click(screen.getByTestId('add-to-cart'));
    expect($cart.get()).toMatchObject([{ product_id: 5, quantity: 10 }]);
    expect($toasts.get().at(-1)).toMatchObject({ kind: 'error', message: 'В корзине уже 10 шт. — больше в один заказ добавить нельзя.' });
    // The build's version is there for a roll-out check, hidden from shoppers (no ?debug).
    expect(screen.getByTestId('catalog-remote-info').getAttribute('data-version')).toBe('0.0.0-test');
    expect(screen.getByTestId('catalog-remote-info').hidden).toBe(true);
  });

  it('product page: variant choice moves price, SKU and stock; Buy adds to the cart with a toast', async () => {
    installFakeApi();
    const named: unknown[] = [];
    const listen = (e: Event) => named.push((e as CustomEvent).detail);
    document.addEventListener('bz:page-name', listen);
    at('/en/products/kettle-1', <CatalogRoutes basePath="/en" />);
    expect((await screen.findByTestId('product-name')).textContent).toBe('Kettle 1');
    // the shell's tab title is told the product's name
    expect(named).toContainEqual({ path: '/en/products/kettle-1', name: 'Kettle 1' });
    document.removeEventListener('bz:page-name', listen);
    expect(screen.getByTestId('product-sku').textContent).toContain('K1-WHITE');
    expect(screen.getByTestId('stock-status').textContent).toBe('Only 3 left');
    const specs = within(screen.getByRole('region', { name: 'Specifications' }));
    expect(specs.getAllByRole('term').map((d) => d.textContent)).toEqual(['Power']);
    expect(specs.getAllByRole('definition').map((d) => d.textContent)).toEqual(['2200 W']);
    const related = within(screen.getByRole('region', { name: 'Related products' }));
    expect(related.getAllByTestId('product-card-name').map((n) => n.textContent)).toEqual(['Kettle 2']);

    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(screen.getByRole('button', { name: 'More' })); // capped at 3
    expect(screen.getByTestId('product-quantity').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('buy'));
    expect($cartCount.get()).toBe(3);
    expect($cart.get()[0]).toMatchObject({ product_id: 1, price: 100000, attributes: { variant_id: 11, sku: 'K1-WHITE' } });
    expect($toasts.get()[0]?.message).toBe('Added to the cart');

    fireEvent.click(screen.getByTestId('variant-color-black'));
    expect(screen.getByTestId('product-sku').textContent).toContain('K1-BLACK');
    expect(screen.getByTestId('stock-status').textContent).toBe('Out of stock');
    // a sold-out variant can be chosen and looked at, but not bought (issue 12: Buy stays, disabled)
    expect(screen.getByTestId('buy').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('buy'));
    expect($cartCount.get()).toBe(3);
  });

  it('Buy in 1 click opens the phone form; "choose delivery and payment yourself" sets the one-click item, goes to checkout and leaves the cart alone', async () => {
    installFakeApi();
    at('/en/products/kettle-1', <CatalogRoutes basePath="/en" />);
    fireEvent.click(await screen.findByTestId('buy-one-click'));
    const dialog = await screen.findByTestId('one-click-dialog');
    expect(within(dialog).getByTestId('one-click-item').textContent).toContain('× 1');
    expect(within(dialog).queryByTestId('one-click-phone')).not.toBeNull();
    expect($oneClickBuyItem.get()).toBeNull();
    fireEvent.click(within(dialog).getByTestId('one-click-checkout'));
    expect($oneClickBuyItem.get()).toMatchObject({ product_id: 1, quantity: 1 });
    expect($cart.get()).toEqual([]);
    expect(screen.getByTestId('where').textContent).toBe('/en/checkout');
  });

  it('an unknown product is Page Not Found', async () => {
    installFakeApi();
    at('/en/products/missing', <CatalogRoutes basePath="/en" />);
    expect(within(await screen.findByTestId('not-found')).getByRole('heading').textContent).toBe('Page Not Found');
  });

  it('catalog: a filter goes to the URL and into the API body', async () => {
    const calls = installFakeApi();
    at('/en/catalog?sort=price_asc', <CatalogRoutes basePath="/en" />);
    expect((await screen.findAllByTestId('product-card-name')).map((n) => n.textContent)).toEqual(['Kettle 1', 'Kettle 2']);
    expect(calls.at(-1)?.body).toMatchObject({ sort: 'price_asc', page: 1, per_page: 24 });
    fireEvent.click(screen.getByTestId('filter-brand-tefal'));
    expect(screen.getByTestId('where').textContent).toBe('/en/catalog?brands=tefal&sort=price_asc');
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ brands: ['tefal'] }));
  });

  it('catalog: "No products found" when nothing matches', async () => {
    installFakeApi({ products: [] });
    at('/en/catalog?discounted=true', <CatalogRoutes basePath="/en" />);
    expect((await screen.findByTestId('no-products')).textContent).toBe('No products found');
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('search page: results, and "Nothing found" for nonsense', async () => {
    installFakeApi({ catalogue: fakeShop() });
    const { unmount } = at('/en/search?q=zzqqxx', <CatalogRoutes basePath="/en" />);
    expect((await screen.findByTestId('nothing-found')).textContent).toBe('Nothing found');
    unmount();
    at('/en/search?q=philips', <CatalogRoutes basePath="/en" />);
    expect((await screen.findAllByTestId('product-card-name')).map((n) => n.textContent)).toEqual(['Changyutgich Philips XB 51', 'Changyutgich Philips XB 52']);
  });

  it('blog list: a post without a cover keeps the picture box of its card', async () => {
    installFakeApi();
    at('/en/blogs', <CatalogRoutes basePath="/en" />);
    await screen.findByText('About tea');
    const items = [...screen.getByTestId('catalog-page-blogs').querySelectorAll<HTMLElement>('.bzc-blogs > li')];
    expect(items.map((li) => li.querySelector('img, [data-testid="blog-no-cover"]')?.tagName)).toEqual(['IMG', 'SPAN']);
    expect(within(items[1]!).getByRole('link').textContent).toBe('About tea');
  });

  it('blog article: the body is sanitised HTML', async () => {
    installFakeApi();
    at('/en/blogs/tea', <CatalogRoutes basePath="/en" />);
    const body = await screen.findByTestId('blog-body');
    expect(body.innerHTML).toBe('<p>Brew <b>well</b></p><a>bad</a>');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About tea');
  });

  it('a blog article or an information page reached by a link names the browser tab after itself, never after the page before', async () => {
    installFakeApi();
    const named: PageNameDetail[] = [];
    const listen = (e: Event) => named.push((e as CustomEvent<PageNameDetail>).detail);
    document.addEventListener(PAGE_NAME_EVENT, listen);
    render(
      <MemoryRouter initialEntries={['/en/blogs']}>
        <Routes>
          <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
        </Routes>
        <Link to="/en/blogs/kettles">next article</Link>
        <Link to="/en/about">about</Link>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'About tea' }));
    await screen.findByRole('heading', { level: 1, name: 'About tea' });
    await waitFor(() => expect(named).toContainEqual({ path: '/en/blogs/tea', name: 'About tea' }));
    // another article in the same page: named once its own answer is there, not meanwhile by the one before
    fireEvent.click(screen.getByRole('link', { name: 'next article' }));
    await screen.findByRole('heading', { level: 1, name: 'Choosing a kettle' });
    await waitFor(() => expect(named).toContainEqual({ path: '/en/blogs/kettles', name: 'Choosing a kettle' }));
    // an information page by its name as the back office gave it
    fireEvent.click(screen.getByRole('link', { name: 'about' }));
    await screen.findByRole('heading', { level: 1, name: 'The about page' });
    await waitFor(() => expect(named).toContainEqual({ path: '/en/about', name: 'The about page' }));
    document.removeEventListener(PAGE_NAME_EVENT, listen);
    const names = (path: string) => named.filter((n) => n.path === path && n.name !== '').map((n) => n.name);
    expect([names('/en/blogs/tea'), names('/en/blogs/kettles'), names('/en/about')]).toEqual([['About tea'], ['Choosing a kettle'], ['The about page']]);
  });

  it('markets: each store with its phone and a link to the map', async () => {
    installFakeApi();
    at('/en/markets', <CatalogRoutes basePath="/en" />);
    const [market] = await screen.findAllByTestId('market');
    expect(within(market!).getByRole('heading').textContent).toBe('Bozor Chilonzor');
    expect(screen.getByText('+998 71 200 11 22').getAttribute('href')).toBe('tel:+998712001122');
    expect(screen.getByText('Show on the map').getAttribute('href')).toContain('pt=69.22,41.29');
  });

  it('answers unknown catalogue paths with Page Not Found', () => {
    at('/en/products/a/b', <CatalogRoutes basePath="/en" />);
    const notFound = screen.getByTestId('not-found');
    expect(within(notFound).getByRole('heading').textContent).toBe('Page Not Found');
    expect(notFound.textContent).toContain('Page not found: /en/products/a/b');
    expect(within(notFound).getByRole('link').getAttribute('href')).toBe('/en');
  });
});

describe('catalog/SearchBox', () => {
  it('is a labelled search field whose suggestions are picked with the keyboard', async () => {
    installFakeApi({ search: [card(8), card(9)] });
    setLanguage('uz');
    at('/en', <SearchBox basePath="/en" />);
    const input = screen.getByRole('combobox', { name: 'Mahsulotlarni qidirish' });
    fireEvent.change(input, { target: { value: 'choy' } });
    const list = await screen.findByRole('listbox', {}, { timeout: 2000 });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kettle 8', 'Kettle 9']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(screen.getByTestId('where').textContent).toBe('/en/products/kettle-9');
  });

  it('Escape closes open suggestions and keeps the words typed; with none open, the field’s own Escape clears', async () => {
    installFakeApi({ search: [card(8), card(9)] });
    setLanguage('en');
    at('/en', <SearchBox basePath="/en" />);
    const input = screen.getByRole('combobox', { name: 'Search products' });
    input.focus();
    fireEvent.change(input, { target: { value: 'choy' } });
    await screen.findByRole('listbox', {}, { timeout: 2000 });
    // fireEvent answers false when the default (the browser clearing a search field) was prevented
    expect(fireEvent.keyDown(input, { key: 'Escape' })).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('choy');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(fireEvent.keyDown(input, { key: 'Escape' })).toBe(true);
  });
});
