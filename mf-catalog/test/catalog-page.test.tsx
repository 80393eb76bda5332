// The catalogue as a shopper uses it (issue 12): pages with first/last, "…" and previous/next, a page past the
// last or a category that names nothing said as such, where a category's page is (breadcrumbs, the tab's name),
// and the categories page. The filters are catalog-filters.test.tsx, the price range catalog-price.test.tsx.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { PAGE_NAME_EVENT, setCategories, setLanguage, type Lang, type PageNameDetail } from '@bozor/shared';
import { i18n } from '../src/i18n';
import { Pagination, pageItems } from '../src/components/catalog/Pagination';
import { categoryTrail } from '../src/components/catalog/categoryTrail';
import { at, settle, where } from './catalogAt';
import { fakeShop, installFakeApi } from './fakeApi';
import { fakeCategory } from './fakeCatalogue';

beforeEach(() => setLanguage('en'));

describe('pages', () => {
  it('shows the first, the last, the current page and its neighbours, and "…" only for two or more pages left out', () => {
    expect(pageItems(1, 19)).toEqual([1, 2, 'gap', 19]);
    expect(pageItems(5, 19)).toEqual([1, 'gap', 4, 5, 6, 'gap', 19]);
    expect(pageItems(3, 19)).toEqual([1, 2, 3, 4, 'gap', 19]);
    expect(pageItems(19, 19)).toEqual([1, 'gap', 18, 19]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
  });

  it('has previous and next links, and neither past the ends', () => {
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <Pagination page={1} lastPage={19} hrefFor={(p) => `?page=${p}`} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/?page=2');
    expect(screen.getByRole('link', { name: 'Page 19' }).getAttribute('href')).toBe('/?page=19');
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    unmount();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <Pagination page={19} lastPage={19} hrefFor={(p) => `?page=${p}`} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/?page=18');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
  });
});

describe('a page past the last one (an old link)', () => {
  it.each<[Lang, string, string, string]>([
    ['uz', '999-sahifa yoʻq: bu roʻyxatda 2 ta sahifa bor.', 'Birinchi sahifaga oʻtish', 'Oxirgi sahifaga oʻtish'],
    ['ru', 'Страницы 999 нет: в этом списке 2 страницы.', 'Перейти на первую страницу', 'Перейти на последнюю страницу'],
    ['en', 'Page 999 does not exist: this list has 2 pages.', 'Go to the first page', 'Go to the last page'],
  ])('(%s) says so instead of "No products found", with links to the first and the last page that keep the filters', async (lang, message, first, last) => {
    setLanguage(lang);
    installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/catalog?category=kettles&sort=price_asc&page=999`, lang);
    const past = await screen.findByTestId('past-last-page');
    expect(past.textContent).toContain(message);
    expect(screen.queryByTestId('no-products')).toBeNull();
    expect(within(past).getByRole('link', { name: last }).getAttribute('href')).toBe(`/${lang}/catalog?category=kettles&sort=price_asc&page=2`);
    fireEvent.click(within(past).getByRole('link', { name: first }));
    expect(where()).toBe(`/${lang}/catalog?category=kettles&sort=price_asc`);
    await waitFor(() => expect(screen.getAllByTestId('product-card-name')).toHaveLength(24));
  });
});

describe('a category link that names no category', () => {
  // the shell's category tree (empty categories too), nested
  const tree = [fakeCategory(1, 'kitchen', 'Kitchen', [fakeCategory(2, 'kettles', 'Kettles')])];
  beforeEach(() => setCategories([]));

  it.each<[Lang, string, string]>([
    ['uz', 'Bunday kategoriya topilmadi. Havola eskirgan boʻlishi mumkin.', 'Butun katalogni koʻrsatish'],
    ['ru', 'Такой категории нет. Возможно, ссылка устарела.', 'Показать весь каталог'],
    ['en', 'We could not find this category. The link may be out of date.', 'Show the whole catalogue'],
  ])('(%s) says the category was not found and leads to the whole catalogue', async (lang, message, link) => {
    setLanguage(lang);
    setCategories(tree);
    installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/catalog?category=nonexistent&sort=price_asc`, lang);
    const notFound = await screen.findByTestId('category-not-found');
    expect(notFound.textContent).toContain(message);
    expect(screen.queryByTestId('no-products')).toBeNull();
    fireEvent.click(within(notFound).getByRole('link', { name: link }));
    expect(where()).toBe(`/${lang}/catalog?sort=price_asc`);
    await waitFor(() => expect(screen.getAllByTestId('product-card-name')).toHaveLength(24));
  });

  it('a known category with nothing matching, or a tree not loaded yet, is the usual empty list', async () => {
    setCategories(tree);
    installFakeApi({ products: [] });
    const { unmount } = at('/en/catalog?category=kettles');
    expect((await screen.findByTestId('no-products')).textContent).toBe('No products found');
    expect(screen.queryByTestId('category-not-found')).toBeNull();
    unmount();
    setCategories([]);
    at('/en/catalog?category=nonexistent');
    await screen.findByTestId('no-products');
    expect(screen.queryByTestId('category-not-found')).toBeNull();
  });
});

describe('a category’s page says where it is', () => {
  const tree = [fakeCategory(1, 'kitchen', 'Kitchen appliances', [fakeCategory(2, 'kettles', 'Kettles')])];
  const crumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getAllByRole('listitem');
  /** The names the page told the shell for the tab's title, by path. */
  const names: PageNameDetail[] = [];
  const listen = (e: Event) => names.push((e as CustomEvent<PageNameDetail>).detail);
  beforeEach(() => {
    names.length = 0;
    document.addEventListener(PAGE_NAME_EVENT, listen);
  });
  afterEach(() => {
    document.removeEventListener(PAGE_NAME_EVENT, listen);
    setCategories([]);
  });

  it('breadcrumbs lead up through the categories above it, and the tab is named after it', async () => {
    setCategories(tree);
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog?category=kettles&sort=price_asc');
    await waitFor(() => expect(crumbs().map((c) => c.textContent)).toEqual(['Home', 'Catalogue', 'Kitchen appliances', 'Kettles']));
    const links = within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/en', '/en/catalog', '/en/catalog?category=kitchen']);
    expect(screen.getByText('Kettles', { selector: '[aria-current="page"]' })).toBeTruthy();
    expect(names.at(-1)).toEqual({ path: '/en/catalog', name: 'Kettles' });
    // up to the parent: its own trail and name; then the whole catalogue
    fireEvent.click(screen.getByRole('link', { name: 'Kitchen appliances' }));
    await waitFor(() => expect(crumbs().map((c) => c.textContent)).toEqual(['Home', 'Catalogue', 'Kitchen appliances']));
    fireEvent.click(screen.getByRole('link', { name: 'Catalogue' }));
    expect(where()).toBe('/en/catalog');
    expect(crumbs().map((c) => c.textContent)).toEqual(['Home', 'Catalogue']);
    await waitFor(() => expect(names.at(-1)).toEqual({ path: '/en/catalog', name: 'Catalogue' }));
    await settle();
  });

  it("one brand's list (a brand's link, the sitemap) is named by the brand: heading, tab and breadcrumbs", async () => {
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog?brands=tefal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tefal' })).toBeTruthy();
    expect(crumbs().map((c) => c.textContent)).toEqual(['Home', 'Catalogue', 'Tefal']);
    expect(names.at(-1)).toEqual({ path: '/en/catalog', name: 'Tefal' });
    // its breadcrumb leads back to the whole catalogue
    fireEvent.click(screen.getByRole('link', { name: 'Catalogue' }));
    await waitFor(() => expect(names.at(-1)).toEqual({ path: '/en/catalog', name: 'Catalogue' }));
    await settle();
  });

  it('an old ?brand= link (the old sitemap, a typed address) lists that brand too, and the next change writes ?brands=', async () => {
    const calls = installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog?brand=tefal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tefal' })).toBeTruthy();
    expect(names.at(-1)).toEqual({ path: '/en/catalog', name: 'Tefal' });
    await waitFor(() => expect(screen.getAllByTestId('product-card-name').length).toBeGreaterThan(0));
    expect(screen.getAllByTestId('product-card-name').every((n) => n.textContent?.includes('Tefal'))).toBe(true);
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ brands: ['tefal'] });
    fireEvent.change(screen.getByTestId('sort'), { target: { value: 'price_asc' } });
    expect(where()).toBe('/en/catalog?brands=tefal&sort=price_asc');
    await settle();
  });

  it('the trail is read from the list’s facets (each names its parent) and the tree, which has the empty categories too', () => {
    const facets = [
      { slug: 'kitchen', name: 'Kitchen', parent: null, count: 3 },
      { slug: 'small', name: 'Small appliances', parent: 'kitchen', count: 3 },
      { slug: 'kettles', name: 'Kettles', parent: 'small', count: 3 },
    ];
    expect(categoryTrail('kettles', facets, []).map((c) => c.name)).toEqual(['Kitchen', 'Small appliances', 'Kettles']);
    expect(categoryTrail('kettles', [], tree).map((c) => c.slug)).toEqual(['kitchen', 'kettles']);
    expect(categoryTrail('unknown', facets, tree)).toEqual([]);
    // bad data that loops does not hang the page
    expect(categoryTrail('a', [{ slug: 'a', name: 'A', parent: 'b', count: 1 }, { slug: 'b', name: 'B', parent: 'a', count: 1 }], []).map((c) => c.slug)).toEqual(['b', 'a']);
  });
});

describe('the categories page', () => {
  afterEach(() => setCategories([]));

  it('subcategory links are targets a finger can hit: at least 24 px tall, with space between them', async () => {
    setCategories([fakeCategory(1, 'kitchen', 'Kitchen', [fakeCategory(2, 'kettles', 'Kettles'), fakeCategory(3, 'microwaves', 'Microwave ovens')])]);
    installFakeApi();
    at('/en/categories');
    const link = await screen.findByRole('link', { name: 'Microwave ovens' });
    expect(link.getAttribute('href')).toBe('/en/catalog?category=microwaves');
    expect(getComputedStyle(link).display).toBe('inline-flex');
    expect(parseFloat(getComputedStyle(link).minHeight)).toBeGreaterThanOrEqual(24);
    expect(parseFloat(getComputedStyle(link.closest('ul') as HTMLElement).rowGap || getComputedStyle(link.closest('ul') as HTMLElement).gap)).toBeGreaterThan(0);
    expect(parseFloat(getComputedStyle(screen.getByRole('link', { name: 'Kitchen' })).minHeight)).toBeGreaterThanOrEqual(24);
  });
});
