// The catalogue as a shopper uses it (issue 12): active filters as removable chips with "clear all",
// a ticked filter that stays in the list at count 0, a reset on an empty result, the filter sheet with
// "Show N products", price boxes in groups of three, and pages with first/last, "…" and previous/next.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { setLanguage, type Lang } from '@bozor/shared';
import { i18n } from '../src/i18n';
import CatalogRoutes from '../src/routes';
import { Pagination, pageItems } from '../src/components/catalog/Pagination';
import { card, fakeShop, installFakeApi } from './fakeApi';

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
    expect(chips.getAllByTestId('active-filter').map((c) => c.textContent)).toEqual(['Tefal×', 'LG×', 'from 1\u00a0250\u00a0000×', 'In stock×']);
    fireEvent.click(chips.getByRole('button', { name: 'Remove the filter: Tefal' }));
    expect(where()).toBe('/en/catalog?category=kettles&brands=lg&price_min=1250000&in_stock=true&sort=price_asc');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter: from 1\u00a0250\u00a0000' }));
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
    const min = screen.getByRole('textbox', { name: 'Price from' }) as HTMLInputElement;
    expect(min.placeholder).toBe('100\u00a0000');
    min.focus();
    fireEvent.change(min, { target: { value: '1250000', selectionStart: 7 } });
    expect(min.value).toBe('1\u00a0250\u00a0000');
    fireEvent.change(min, { target: { value: '1\u00a0250\u00a0000x5' } });
    expect(min.value).toBe('12\u00a0500\u00a0005');
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
    ['uz', 'Eng past narx eng yuqori narxdan oshmasligi kerak.', 'Narx dan'],
    ['ru', 'Минимальная цена не может быть больше максимальной.', 'Цена от'],
    ['en', 'The lowest price must not be above the highest.', 'Price from'],
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

  it('a link with the pair the wrong way round loads the range between the two', async () => {
    const calls = installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog?price_min=1000000&price_max=500000');
    await waitFor(() => expect(screen.getAllByTestId('product-card-name')).toHaveLength(6));
    expect(screen.queryByTestId('catalog-error')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/resources/products')).map((c) => c.body)).toEqual([{ price_min: 500000, price_max: 1000000, page: 1, per_page: 24 }]);
    expect(within(screen.getByTestId('active-filters')).getAllByTestId('active-filter').map((c) => c.textContent)).toEqual(['500\u00a0000 – 1\u00a0000\u00a0000×']);
    expect((screen.getByTestId('filter-price-min') as HTMLInputElement).value).toBe('500\u00a0000');
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
