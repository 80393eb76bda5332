// The catalogue's price range (issue 12): a lowest price above the highest refused at the boxes, digits grouped
// as the page's prices are, one-sided prices as each language writes them, and no sum above what the API takes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage, type Lang } from '@bozor/shared';
import { at, settle, where } from './catalogAt';
import { fakeShop, installFakeApi } from './fakeApi';


beforeEach(() => setLanguage('en'));

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
