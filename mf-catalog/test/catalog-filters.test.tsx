// The catalogue's filters as a shopper uses them (issue 12): active filters as removable chips with "clear all",
// a ticked filter that stays in the list at count 0 (named though the list leaves it out), a reset on an empty
// result, the filter sheet with "Show N products", price boxes in groups of three, and where the keyboard's focus goes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage, type Lang } from '@bozor/shared';
import { at, settle, where } from './catalogAt';
import { card, fakeShop, installFakeApi } from './fakeApi';


beforeEach(() => setLanguage('en'));

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
