// The catalogue as a shopper uses it (issue 12): active filters as removable chips with "clear all",
// a ticked filter that stays in the list at count 0, a reset on an empty result, the filter sheet with
// "Show N products", price boxes in groups of three, and pages with first/last, "…" and previous/next.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { PAGE_NAME_EVENT, setCategories, setLanguage, type Lang, type PageNameDetail } from '@bozor/shared';
import { i18n } from '../src/i18n';
import CatalogRoutes from '../src/routes';
import { Pagination, pageItems } from '../src/components/catalog/Pagination';
import { categoryTrail } from '../src/components/catalog/categoryTrail';
import { card, fakeShop, installFakeApi } from './fakeApi';
import { fakeCategory } from './fakeCatalogue';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const at = (path: string, lang = 'en') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={`/${lang}/*`} element={<CatalogRoutes basePath={`/${lang}`} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
/** Lets the list asked for by the last change of the address answer before the test ends. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

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

describe('filters', () => {
  it('a ticked brand the facets left out stays ticked at 0, under its name; every active filter is a chip that removes it', async () => {
    installFakeApi();
    at('/en/catalog?category=kettles&brands=tefal,lg&price_min=1250000&in_stock=true&sort=price_asc');
    await screen.findByText('Kettle 2');
    // the facets do not name LG: the brand list does
    const lg = (await screen.findByTestId('filter-brand-lg')) as HTMLInputElement;
    expect(lg.checked).toBe(true);
    expect(lg.closest('label')?.textContent).toBe('LG (0)');
    const chips = within(screen.getByTestId('active-filters'));
    expect(chips.getAllByTestId('active-filter').map((c) => c.textContent)).toEqual(['Tefal×', 'LG×', 'from 1,250,000\u00a0UZS×', 'In stock×']);
    fireEvent.click(chips.getByRole('button', { name: 'Remove the filter: Tefal' }));
    expect(where()).toBe('/en/catalog?category=kettles&brands=lg&price_min=1250000&in_stock=true&sort=price_asc');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter: from 1,250,000\u00a0UZS' }));
    expect(where()).toBe('/en/catalog?category=kettles&brands=lg&in_stock=true&sort=price_asc');
    // the price boxes follow the address
    expect((screen.getByTestId('filter-price-min') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByTestId('clear-filters'));
    // the category (the page's subject) and the sort stay
    expect(where()).toBe('/en/catalog?category=kettles&sort=price_asc');
    expect(screen.queryByTestId('active-filters')).toBeNull();
  });

  it('an empty result keeps the filters ticked and offers a reset', async () => {
    installFakeApi({ products: [] });
    at('/en/catalog?brands=tefal&discounted=true');
    expect((await screen.findByTestId('no-products')).textContent).toBe('No products found');
    expect((screen.getByTestId('filter-discounted') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('filter-brand-tefal') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset the filters' }));
    expect(where()).toBe('/en/catalog');
  });

  it('price boxes show groups of three as the shopper types and send digits', async () => {
    installFakeApi();
    at('/en/catalog');
    await screen.findByText('Kettle 2');
    // jsdom has no media queries: it is a phone here, where the boxes are in the sheet
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const min = screen.getByRole('textbox', { name: 'Lowest price' }) as HTMLInputElement;
    expect(min.placeholder).toBe('100,000');
    min.focus();
    fireEvent.change(min, { target: { value: '1250000', selectionStart: 7 } });
    expect(min.value).toBe('1,250,000');
    fireEvent.change(min, { target: { value: '1,250,000x5' } });
    expect(min.value).toBe('12,500,005');
    fireEvent.click(screen.getByTestId('filter-price-apply'));
    expect(where()).toBe('/en/catalog?price_min=12500005');
  });

  it('on a phone the filters open as a sheet whose button shows the count and closes it; Escape closes it too', async () => {
    const calls = installFakeApi({ products: [card(1), card(2), card(3)] });
    at('/en/catalog');
    await screen.findByText('Kettle 3');
    const open = screen.getByRole('button', { name: 'Filters' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    open.focus();
    fireEvent.click(open);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(document.activeElement).toBe(sheet);
    fireEvent.click(within(sheet).getByTestId('filter-in-stock'));
    expect(where()).toBe('/en/catalog?in_stock=true');
    // ticking keeps the sheet open and the count follows the new filter's answer
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ in_stock: true }));
    const show = await within(sheet).findByRole('button', { name: 'Show 3 products' });
    // the button that opens the sheet counts the active filter
    expect(open.textContent).toBe('Filters (1)');
    fireEvent.click(show);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    open.focus();
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Filters' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters (1)' }));
  });
});

describe('price range', () => {
  it.each<[Lang, string, string]>([
    ['uz', 'Eng kam narx eng yuqori narxdan oshmasligi kerak.', 'Eng kam narx'],
    ['ru', 'Минимальная цена не может быть больше максимальной.', 'Минимальная цена'],
    ['en', 'The lowest price must not be above the highest.', 'Lowest price'],
  ])('(%s) the form refuses a lowest price above the highest, says why at the boxes and leaves the list as it is', async (lang, message, minLabel) => {
    setLanguage(lang);
    const calls = installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/catalog`, lang);
    await screen.findByText('Elektr choynak Tefal K1');
    fireEvent.click(screen.getByTestId('filters-open'));
    const min = screen.getByRole('textbox', { name: minLabel }) as HTMLInputElement;
    const max = screen.getByTestId('filter-price-max') as HTMLInputElement;
    fireEvent.change(min, { target: { value: '1000000' } });
    fireEvent.change(max, { target: { value: '500000' } });
    const asked = calls.length;
    fireEvent.click(screen.getByTestId('filter-price-apply'));
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe(message);
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(max.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(min);
    // not applied: the address, the request and the list stay
    expect(where()).toBe(`/${lang}/catalog`);
    expect(calls.length).toBe(asked);
    expect(screen.queryByTestId('catalog-error')).toBeNull();
    expect(screen.getAllByTestId('product-card-name')).toHaveLength(24);
    // correcting a box takes the message away; the range then applies
    fireEvent.change(max, { target: { value: '1500000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(min.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('filter-price-apply'));
    expect(where()).toBe(`/${lang}/catalog?price_min=1000000&price_max=1500000`);
    await waitFor(() => expect(screen.getAllByTestId('product-card-name')).toHaveLength(6));
  });

  it.each<[Lang, string, string, string]>([
    ['uz', 'Eng kam narx', '500\u00a0000 – 2\u00a0000\u00a0000\u00a0soʻm', '1\u00a0500\u00a0000'],
    ['ru', 'Минимальная цена', '500\u00a0000 – 2\u00a0000\u00a0000\u00a0сум', '1\u00a0500\u00a0000'],
    ['en', 'Lowest price', '500,000 – 2,000,000\u00a0UZS', '1,500,000'],
  ])('(%s) the price chip and boxes group digits as the page’s prices do, and typing into them still reads digits', async (lang, minLabel, chip, typed) => {
    setLanguage(lang);
    installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/catalog?price_min=500000&price_max=2000000`, lang);
    await waitFor(() => expect(screen.getAllByTestId('product-card-name').length).toBeGreaterThan(0));
    // the digits of a price on the page, as the shared Price shows them
    const price = screen.getAllByTestId('product-card-price')[0] as HTMLElement;
    const grouped = Number(price.dataset.price).toString().replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '\u00a0');
    expect(price.textContent).toContain(grouped);
    expect(within(screen.getByTestId('active-filters')).getAllByTestId('active-filter').map((c) => c.textContent)).toEqual([`${chip}×`]);
    fireEvent.click(screen.getByTestId('filters-open'));
    const min = screen.getByRole('textbox', { name: minLabel }) as HTMLInputElement;
    expect(min.value).toBe(chip.split(' – ')[0]);
    // a digit typed before what the box shows: read back as digits, shown in the same groups
    min.focus();
    fireEvent.change(min, { target: { value: `1${min.value}`, selectionStart: 1 } });
    expect(min.value).toBe(typed);
    expect(min.selectionStart).toBe(1);
    fireEvent.click(screen.getByTestId('filter-price-apply'));
    expect(where()).toBe(`/${lang}/catalog?price_min=1500000&price_max=2000000`);
    expect(within(screen.getByTestId('active-filters')).getAllByTestId('active-filter').map((c) => c.textContent)).toEqual([`${typed} – ${chip.split(' – ')[1]}×`]);
    await settle();
  });

  it.each<[Lang, string, string, string, string]>([
    ['uz', '500\u00a0000\u00a0soʻmdan', '1\u00a0000\u00a0000\u00a0soʻmgacha', 'Eng kam narx', 'Eng yuqori narx'],
    ['ru', 'от 500\u00a0000\u00a0сум', 'до 1\u00a0000\u00a0000\u00a0сум', 'Минимальная цена', 'Максимальная цена'],
    ['en', 'from 500,000\u00a0UZS', 'up to 1,000,000\u00a0UZS', 'Lowest price', 'Highest price'],
  ])('(%s) a one-sided price reads as the language writes it, with the unit; the boxes are named for the lowest and highest price', async (lang, from, to, minLabel, maxLabel) => {
    setLanguage(lang);
    installFakeApi({ catalogue: fakeShop() });
    const chips = () => within(screen.getByTestId('active-filters')).getAllByTestId('active-filter').map((c) => c.textContent);
    const { unmount } = at(`/${lang}/catalog?price_min=500000`, lang);
    await waitFor(() => expect(chips()).toEqual([`${from}×`]));
    fireEvent.click(screen.getByTestId('filters-open'));
    expect(screen.getByRole('textbox', { name: minLabel })).toBe(screen.getByTestId('filter-price-min'));
    expect(screen.getByRole('textbox', { name: maxLabel })).toBe(screen.getByTestId('filter-price-max'));
    await settle();
    unmount();
    at(`/${lang}/catalog?price_max=1000000`, lang);
    await waitFor(() => expect(chips()).toEqual([`${to}×`]));
    await settle();
  });

  it('the boxes take no sum above what the API takes; what they take filters', async () => {
    const calls = installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog');
    await screen.findByText('Elektr choynak Tefal K1');
    fireEvent.click(screen.getByTestId('filters-open'));
    const max = screen.getByTestId('filter-price-max') as HTMLInputElement;
    max.focus();
    fireEvent.change(max, { target: { value: '500000000', selectionStart: 9 } });
    expect(max.value).toBe('500,000,000');
    // a tenth digit that would make 5 000 000 000 is not taken; the caret stays where it was
    fireEvent.change(max, { target: { value: '500,000,0000', selectionStart: 12 } });
    expect(max.value).toBe('500,000,000');
    expect(max.selectionStart).toBe(11);
    // nor a paste of a longer number
    fireEvent.change(max, { target: { value: '99999999999', selectionStart: 11 } });
    expect(max.value).toBe('500,000,000');
    fireEvent.change(max, { target: { value: '2147483647', selectionStart: 10 } });
    expect(max.value).toBe('2,147,483,647');
    fireEvent.click(screen.getByTestId('filter-price-apply'));
    expect(where()).toBe('/en/catalog?price_max=2147483647');
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ price_max: 2147483647 }));
    await waitFor(() => expect(screen.getAllByTestId('product-card-name')).toHaveLength(24));
    expect(screen.queryByTestId('catalog-error')).toBeNull();
  });

  it('a link with a bigger price than the API takes still loads: nothing costs that much', async () => {
    const calls = installFakeApi({ catalogue: fakeShop() });
    const { unmount } = at('/en/catalog?price_min=99999999999');
    expect((await screen.findByTestId('no-products')).textContent).toBe('No products found');
    expect(screen.queryByTestId('catalog-error')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset the filters' })).toBeTruthy();
    unmount();
    at('/en/catalog?price_max=5000000000');
    await waitFor(() => expect(screen.getAllByTestId('product-card-name')).toHaveLength(24));
    expect(calls.filter((c) => c.url.endsWith('/resources/products')).map((c) => c.body)).toEqual([
      { price_min: 2147483647, page: 1, per_page: 24 },
      { price_max: 2147483647, page: 1, per_page: 24 },
    ]);
  });

  it('a link with the pair the wrong way round loads the range between the two', async () => {
    const calls = installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog?price_min=1000000&price_max=500000');
    await waitFor(() => expect(screen.getAllByTestId('product-card-name')).toHaveLength(6));
    expect(screen.queryByTestId('catalog-error')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/resources/products')).map((c) => c.body)).toEqual([{ price_min: 500000, price_max: 1000000, page: 1, per_page: 24 }]);
    expect(within(screen.getByTestId('active-filters')).getAllByTestId('active-filter').map((c) => c.textContent)).toEqual(['500,000 – 1,000,000\u00a0UZS×']);
    expect((screen.getByTestId('filter-price-min') as HTMLInputElement).value).toBe('500,000');
  });
});

describe('names of ticked entries the list leaves out', () => {
  const chips = () => within(screen.getByTestId('active-filters')).getAllByTestId('active-filter').map((c) => c.textContent);
  const entry = (testId: string) => screen.getByTestId(testId).closest('label')?.textContent;

  it.each<[Lang, string, string]>([
    ['uz', 'Rangi', 'pushti'],
    ['ru', 'Цвет', 'розовый'],
    ['en', 'Colour', 'pink'],
  ])('(%s) a brand and a colour with no products together are named, in the chips and in the panel', async (lang, colour, pink) => {
    setLanguage(lang);
    installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/catalog?brands=karcher&opt_color=pink`, lang);
    await screen.findByTestId('no-products');
    // no Kärcher is pink: the facets leave both out (count 0); the brand list and the catalogue name them
    await waitFor(() => expect(chips()).toEqual(['Kärcher×', `${colour}: ${pink}×`]));
    expect(entry('filter-brand-karcher')).toBe('Kärcher (0)');
    expect(entry('filter-option-color-pink')).toBe(`${pink} (0)`);
    expect((screen.getByTestId('filter-option-color-pink') as HTMLInputElement).checked).toBe(true);
  });

  it('a slug that names nothing is not shown as a name: its chip says so and removes it', async () => {
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog?brands=tefal,karcherx&opt_color=plaid');
    await waitFor(() => expect(chips()).toEqual(['Tefal×', 'Unknown filter×', 'Unknown filter×']));
    expect(screen.queryByTestId('filter-brand-karcherx')).toBeNull();
    expect(screen.queryByTestId('filter-option-color-plaid')).toBeNull();
    expect(screen.getByTestId('catalog-page-catalog').textContent).not.toMatch(/karcherx|plaid/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove the filter: Unknown filter' })[0] as HTMLElement);
    expect(where()).toBe('/en/catalog?brands=tefal&opt_color=plaid');
  });

  it('the category of a link is named though nothing in it matches the other filters', async () => {
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog?category=vacuum-cleaners&brands=tefal');
    await screen.findByTestId('no-products');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vacuum cleaners'));
    const radios = [...screen.getByTestId('filters').querySelectorAll('input[type="radio"]')] as HTMLInputElement[];
    expect(radios.map((r) => [r.closest('label')?.textContent, r.checked])).toEqual([['All', false], ['Kettles (30)', false], ['Vacuum cleaners (0)', true]]);
  });
});

describe('the keyboard’s focus stays on the page', () => {
  it('"Clear all" in the phone’s filter sheet leaves the focus in the open sheet, on "Show N products"', async () => {
    installFakeApi();
    at('/en/catalog?in_stock=true');
    await screen.findByText('Kettle 2');
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    const clear = within(sheet).getByRole('button', { name: 'Clear all' });
    clear.focus();
    fireEvent.click(clear);
    expect(where()).toBe('/en/catalog');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBe(sheet);
    expect(document.activeElement).toBe(within(sheet).getByTestId('filters-show'));
    await settle();
  });

  it('Enter in a price box, or Apply, applies the price and keeps the focus where it was', async () => {
    installFakeApi();
    at('/en/catalog');
    await screen.findByText('Kettle 2');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const min = screen.getByRole('textbox', { name: 'Lowest price' }) as HTMLInputElement;
    min.focus();
    fireEvent.change(min, { target: { value: '150000' } });
    // Enter in the box submits its form
    fireEvent.submit(min.closest('form') as HTMLFormElement);
    expect(where()).toBe('/en/catalog?price_min=150000');
    expect(document.activeElement).toBe(min);
    expect(min.value).toBe('150,000');
    const max = screen.getByRole('textbox', { name: 'Highest price' });
    fireEvent.change(max, { target: { value: '190000' } });
    const apply = screen.getByRole('button', { name: 'Apply' });
    apply.focus();
    fireEvent.click(apply);
    expect(where()).toBe('/en/catalog?price_min=150000&price_max=190000');
    expect(document.activeElement).toBe(apply);
    // a new address from elsewhere (the chip) still refills the boxes
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter: 150,000 – 190,000\u00a0UZS' }));
    expect((screen.getByRole('textbox', { name: 'Lowest price' }) as HTMLInputElement).value).toBe('');
    await settle();
  });

  it('removing a chip moves the focus to the next chip, the last one to the one before, then to the heading', async () => {
    installFakeApi();
    at('/en/catalog?brands=tefal&in_stock=true&discounted=true');
    await screen.findByText('Kettle 2');
    const chip = (name: string) => within(screen.getByTestId('active-filters')).getByRole('button', { name: `Remove the filter: ${name}` });
    let focused = chip('Tefal');
    focused.focus();
    fireEvent.click(focused);
    expect(where()).toBe('/en/catalog?in_stock=true&discounted=true');
    expect(document.activeElement).toBe(chip('In stock'));
    focused = chip('Discounted');
    focused.focus();
    fireEvent.click(focused);
    expect(document.activeElement).toBe(chip('In stock'));
    fireEvent.click(chip('In stock'));
    expect(screen.queryByTestId('active-filters')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Catalogue' }));
    await settle();
  });

  it('"Clear all" by the chips, and the empty list’s reset, move the focus to the heading', async () => {
    installFakeApi();
    const { unmount } = at('/en/catalog?brands=tefal&in_stock=true');
    await screen.findByText('Kettle 2');
    const clear = screen.getByTestId('clear-filters');
    clear.focus();
    fireEvent.click(clear);
    expect(where()).toBe('/en/catalog');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Catalogue' }));
    unmount();
    installFakeApi({ products: [] });
    at('/en/catalog?discounted=true');
    const reset = await screen.findByRole('button', { name: 'Reset the filters' });
    reset.focus();
    fireEvent.click(reset);
    expect(where()).toBe('/en/catalog');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Catalogue' }));
    await settle();
  });
});
