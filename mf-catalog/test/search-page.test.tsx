// The search results page and the header's search box as a shopper meets them: every match, counted
// and paged like the catalogue, the page in the address (a reload keeps it), and the box holding the
// words searched for on a direct load, a new search, back and a language switch.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { setLanguage, type Lang } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import SearchBox from '../src/components/SearchBox';
import { card, fakeShop, installFakeApi, type Call } from './fakeApi';

/** The header's search box above the catalogue's pages, as the shell lays them out under /{lang}. */
function Shop() {
  const { lang } = useParams();
  return (
    <>
      <SearchBox basePath={`/${lang}`} />
      <CatalogRoutes basePath={`/${lang}`} />
    </>
  );
}

/** The address, and what the shell's language switch and the browser's back button do. */
function Browser() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{pathname + search}</output>
      <button type="button" data-testid="to-ru" onClick={() => void navigate(pathname.replace(/^\/\w+/, '/ru') + search)} />
      <button type="button" data-testid="back" onClick={() => void navigate(-1)} />
    </>
  );
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:lang/*" element={<Shop />} />
      </Routes>
      <Browser />
    </MemoryRouter>,
  );
const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
const shown = async () => (await screen.findAllByTestId('product-card-name')).map((n) => n.textContent);
const field = () => screen.getByTestId('search-input') as HTMLInputElement;
const listRequests = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/resources/products')).map((c) => c.body);
const suggestionRequests = (calls: Call[]) => calls.filter((c) => c.url.includes('/resources/products/search'));

describe('search results page', () => {
  it.each<[Lang, string, string]>([
    ['uz', '«choynak» boʻyicha qidiruv', '30 ta mahsulot'],
    ['ru', 'Поиск: «choynak»', '30 товаров'],
    ['en', 'Search: “choynak”', '30 products'],
  ])('(%s) shows every match, counted, 24 a page with next and previous, the page in the address', async (lang, title, count) => {
    setLanguage(lang);
    const calls = installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/search?q=choynak`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    // not the search box's first 12: the catalogue's first page of all 30
    expect(await shown()).toHaveLength(24);
    expect(screen.getByTestId('search-total').textContent).toBe(count);
    expect(listRequests(calls)).toEqual([{ q: 'choynak', page: 1, per_page: 24 }]);
    const pager = within(screen.getByTestId('pagination'));
    expect(pager.getByTestId('page-next').getAttribute('href')).toBe(`/${lang}/search?q=choynak&page=2`);
    expect(pager.getByTestId('page-prev').getAttribute('href')).toBeNull();
    fireEvent.click(pager.getByTestId('page-next'));
    expect(where()).toBe(`/${lang}/search?q=choynak&page=2`);
    await waitFor(() => expect(screen.queryAllByTestId('product-card-name')).toHaveLength(6));
    expect((await shown())[0]).toBe('Elektr choynak Tefal K25');
    expect(screen.getByTestId('search-total').textContent).toBe(count);
    expect(within(screen.getByTestId('pagination')).getByTestId('page-prev').getAttribute('href')).toBe(`/${lang}/search?q=choynak`);
  });

  it('a reload on page 2 shows page 2', async () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    at('/en/search?q=choynak&page=2');
    expect(await shown()).toEqual(['Elektr choynak Tefal K25', 'Elektr choynak Tefal K26', 'Elektr choynak Tefal K27', 'Elektr choynak Tefal K28', 'Elektr choynak Tefal K29', 'Elektr choynak Tefal K30']);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('one page of matches has no pager; no match says "Nothing found"', async () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    const { unmount } = at('/en/search?q=philips');
    expect(await shown()).toEqual(['Changyutgich Philips XB 51', 'Changyutgich Philips XB 52']);
    expect(screen.getByTestId('search-total').textContent).toBe('2 products');
    expect(screen.queryByTestId('pagination')).toBeNull();
    unmount();
    at('/en/search?q=zzqqxx');
    expect((await screen.findByTestId('nothing-found')).textContent).toBe('Nothing found');
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('a page past the last one says so, with the first and the last page, keeping the words', async () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    at('/en/search?q=changyutgich&page=99');
    const past = await screen.findByTestId('past-last-page');
    expect(past.textContent).toContain('Page 99 does not exist');
    expect(screen.queryByTestId('nothing-found')).toBeNull();
    const first = within(past).getByRole('link', { name: 'Go to the first page' }).getAttribute('href') ?? '';
    expect(new URLSearchParams(first.split('?')[1]).get('q')).toBe('changyutgich');
  });

  it('a long unbroken query (a pasted link) wraps in the heading rather than widening a phone’s page', async () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    const url = `https://example.com/${'a'.repeat(200)}`;
    at(`/en/search?q=${encodeURIComponent(url)}`);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(`Search: “${url}”`);
    expect(getComputedStyle(heading).overflowWrap).toBe('anywhere');
    await screen.findByTestId('nothing-found');
  });
});

describe('header search box on the results page', () => {
  it('holds the words searched for on a direct load, without asking for suggestions', async () => {
    setLanguage('uz');
    const calls = installFakeApi({ catalogue: fakeShop() });
    at('/uz/search?q=changyutgich');
    expect(field().value).toBe('changyutgich');
    expect(await shown()).toHaveLength(5);
    await act(async () => new Promise((r) => setTimeout(r, 300)));
    expect(suggestionRequests(calls)).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('follows a new search, the back button and a language switch', async () => {
    setLanguage('uz');
    installFakeApi({ catalogue: fakeShop() });
    at('/uz/search?q=changyutgich');
    fireEvent.change(field(), { target: { value: 'choynak' } });
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(where()).toBe('/uz/search?q=choynak');
    expect(field().value).toBe('choynak');
    // typed but not searched for: back brings the address's words
    fireEvent.change(field(), { target: { value: 'dazmol' } });
    fireEvent.click(screen.getByTestId('back'));
    expect(where()).toBe('/uz/search?q=changyutgich');
    expect(field().value).toBe('changyutgich');
    act(() => setLanguage('ru'));
    fireEvent.click(screen.getByTestId('to-ru'));
    expect(where()).toBe('/ru/search?q=changyutgich');
    expect((screen.getByRole('combobox', { name: 'Поиск товаров' }) as HTMLInputElement).value).toBe('changyutgich');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Поиск: «changyutgich»');
  });

  it('elsewhere starts empty and keeps what the shopper types', () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog');
    expect(field().value).toBe('');
    fireEvent.change(field(), { target: { value: 'choy' } });
    expect(field().value).toBe('choy');
  });
});

describe('an empty search', () => {
  it('Enter in an empty field, or one of spaces, goes nowhere', () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog');
    const form = field().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    expect(where()).toBe('/en/catalog');
    fireEvent.change(field(), { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(where()).toBe('/en/catalog');
    // words with spaces around them are searched for without the spaces
    fireEvent.change(field(), { target: { value: ' choynak ' } });
    fireEvent.submit(form);
    expect(where()).toBe('/en/search?q=choynak');
  });

  it.each<[Lang, string]>([
    ['uz', 'Nima qidirayotganingizni yozing.'],
    ['ru', 'Введите, что вы ищете.'],
    ['en', 'Type what you are looking for.'],
  ])('(%s) the results page without words asks for them rather than saying "Nothing found"', (lang, prompt) => {
    setLanguage(lang);
    const calls = installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/search?q=%20`);
    expect(screen.getByTestId('search-prompt').textContent).toBe(prompt);
    expect(screen.queryByTestId('nothing-found')).toBeNull();
    expect(listRequests(calls)).toHaveLength(0);
  });
});

describe('search suggestions', () => {
  const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  const typeWords = async (words: string) => {
    field().focus();
    fireEvent.change(field(), { target: { value: words } });
    return screen.findByRole('listbox', {}, { timeout: 3000 });
  };

  it.each<[Lang, string]>([
    ['uz', 'Barcha 30 ta natijani koʻrsatish'],
    ['ru', 'Показать все результаты (30)'],
    ['en', 'Show all 30 results'],
  ])('(%s) end with a row that counts every match and opens the results page', async (lang, showAll) => {
    setLanguage(lang);
    installFakeApi({ catalogue: fakeShop() });
    at(`/${lang}/catalog`);
    await typeWords('choynak');
    expect(options()).toHaveLength(9);
    expect(options().at(-1)).toBe(showAll);
    // the arrows reach it after the eight products; Enter there opens every match
    for (let i = 0; i < 12; i++) fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().getAttribute('aria-activedescendant')).toBe(screen.getByTestId('search-show-all').id);
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(where()).toBe(`/${lang}/search?q=choynak`);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a list the answer does not count in all offers "Show all results"; one showing every match has no such row', async () => {
    setLanguage('en');
    const { unmount } = render(
      <MemoryRouter initialEntries={['/en/catalog']}>
        <SearchBox basePath="/en" />
      </MemoryRouter>,
    );
    // an answer of a full 12 counting only those (the API's count stops at its limit)
    installFakeApi({ search: Array.from({ length: 12 }, (_, i) => card(i + 1)) });
    await typeWords('kettle');
    expect(options().at(-1)).toBe('Show all results');
    unmount();
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog');
    await typeWords('philips');
    expect(options()).toEqual(['Changyutgich Philips XB 51', 'Changyutgich Philips XB 52']);
  });

  it('↓ opens the list again after Escape closed it', async () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog');
    await typeWords('philips');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field().value).toBe('philips');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(await screen.findByRole('listbox', {}, { timeout: 3000 })).toBeTruthy();
    expect(field().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(where()).toBe('/en/products/kettle-51');
  });

  it('choosing a product leaves the field empty rather than holding the words typed', async () => {
    setLanguage('en');
    installFakeApi({ catalogue: fakeShop() });
    at('/en/catalog');
    await typeWords('philips');
    fireEvent.mouseDown(within(screen.getByRole('listbox')).getByRole('option', { name: 'Changyutgich Philips XB 52' }));
    expect(where()).toBe('/en/products/kettle-52');
    expect(field().value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
