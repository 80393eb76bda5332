// Favourites and recently viewed (issue 12): the hearts on cards and on the product page, the favourites
// page, and the recently viewed row, over the shared favourites store and the real API client.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { $favourites, clearAuth, closeSignIn, completeSignIn, replaceFavourites, setLanguage } from '@bozor/shared';
import { $recent, RECENT_KEY, RECENT_MAX, recordView } from '../src/recent';
import { installFakeApi } from './fakeApi';
import { at } from './renderAt';

const cardRequests = (calls: Array<{ url: string }>) => calls.filter((c) => c.url.includes('/api/products/cards')).map((c) => decodeURIComponent(c.url.split('ids=')[1] ?? ''));

beforeEach(() => {
  setLanguage('en');
  replaceFavourites([]);
  localStorage.clear();
  $recent.set([]);
});

describe('hearts', () => {
  it('a card’s heart is a toggle button named for what it does, sharing the store with every remote', async () => {
    installFakeApi();
    at('/en/catalog');
    const first = (await screen.findAllByTestId('product-card', {}, { timeout: 5000 }))[0] as HTMLElement;
    const heart = within(first).getByRole('button', { name: 'Add to favourites: Kettle 1' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect($favourites.get()).toEqual([1]);
    expect(within(first).getByRole('button', { name: 'Remove from favourites: Kettle 1' }).getAttribute('aria-pressed')).toBe('true');
    // a change from elsewhere (the header, another tab) shows at once
    act(() => replaceFavourites([2]));
    expect(within(first).getByTestId('favourite-toggle').getAttribute('aria-pressed')).toBe('false');
  });

  it('in Russian', async () => {
    installFakeApi();
    setLanguage('ru');
    replaceFavourites([1]);
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    expect(screen.getAllByRole('button', { name: 'Убрать из избранного: Kettle 1' })[0]?.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the favourites page', () => {
  it('empty: says so and leads to the catalogue, asking nothing', async () => {
    const calls = installFakeApi();
    at('/en/favourites');
    expect(await screen.findByText('Your favourites are empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the catalogue' }).getAttribute('href')).toBe('/en/catalog');
    expect(cardRequests(calls)).toEqual([]);
  });

  it('shows the cards newest first; un-hearting one takes it off without asking again; gone ones are left out', async () => {
    const calls = installFakeApi();
    replaceFavourites([3, 95, 1]);
    at('/en/favourites');
    const page = await screen.findByTestId('catalog-page-favourites');
    await screen.findByText('2 products');
    expect(within(page).getAllByTestId('product-card-name').map((n) => n.textContent)).toEqual(['Kettle 3', 'Kettle 1']);
    expect(screen.queryByText('Some products are no longer sold and are not shown.')).not.toBeNull();
    // a guest is told that signing in keeps them
    expect(screen.getByTestId('favourites-guest').textContent).toContain('Sign in to keep your favourites');
    fireEvent.click(within(page).getByRole('button', { name: 'Remove from favourites: Kettle 3' }));
    expect(within(page).getAllByTestId('product-card-name').map((n) => n.textContent)).toEqual(['Kettle 1']);
    expect(screen.queryByText('1 product')).not.toBeNull();
    // hearting one elsewhere asks for that card only
    act(() => replaceFavourites([4, 1]));
    await screen.findByText('Kettle 4');
    expect(cardRequests(calls)).toEqual(['3,95,1', '4']);
  });

  it('un-hearting by keyboard moves the focus to the heading, not to the page’s body, down to the last one', async () => {
    installFakeApi();
    replaceFavourites([3, 1]);
    at('/en/favourites');
    const page = await screen.findByTestId('catalog-page-favourites');
    await screen.findByText('2 products');
    const heading = screen.getByRole('heading', { level: 1, name: 'Favourites' });
    const first = within(page).getByRole('button', { name: 'Remove from favourites: Kettle 3' });
    first.focus();
    fireEvent.click(first);
    expect(screen.queryByText('1 product')).not.toBeNull();
    expect(document.activeElement).toBe(heading);
    const last = within(page).getByRole('button', { name: 'Remove from favourites: Kettle 1' });
    last.focus();
    fireEvent.click(last);
    expect(screen.queryByText('Your favourites are empty')).not.toBeNull();
    expect(document.activeElement).toBe(heading);
  });

  it('a heart taken off elsewhere (the header, another tab) leaves the focus where it is', async () => {
    installFakeApi();
    replaceFavourites([3, 1]);
    at('/en/favourites');
    await screen.findByText('2 products');
    const keep = screen.getByRole('button', { name: 'Remove from favourites: Kettle 1' });
    keep.focus();
    act(() => replaceFavourites([1]));
    expect(screen.queryByText('1 product')).not.toBeNull();
    expect(document.activeElement).toBe(keep);
  });

  it('a guest who signs in from the page has the focus on its heading, where the hint’s gone button was', async () => {
    installFakeApi();
    replaceFavourites([1]);
    at('/en/favourites');
    await screen.findByText('1 product');
    const button = screen.getByRole('button', { name: 'Sign in' });
    button.focus();
    // the shell's sign-in completes, then its dialog closes
    await act(async () => {
      await completeSignIn('token-0123456789abcdef0123');
      closeSignIn();
    });
    expect(screen.queryByTestId('favourites-guest')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Favourites' }));
    act(() => clearAuth());
  });

  it('every favourite gone: the empty state, saying why', async () => {
    installFakeApi();
    replaceFavourites([91, 92]);
    at('/en/favourites');
    expect(await screen.findByText('Your favourites are empty')).toBeTruthy();
    expect(screen.queryByText('Some products are no longer sold and are not shown.')).not.toBeNull();
  });
});

describe('recently viewed', () => {
  it('remembers the last distinct products, newest first, in the browser', () => {
    for (let id = 1; id <= RECENT_MAX + 3; id++) recordView(id);
    recordView(5);
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as number[];
    expect(stored).toHaveLength(RECENT_MAX);
    expect(stored.slice(0, 3)).toEqual([5, RECENT_MAX + 3, RECENT_MAX + 2]);
    expect(new Set(stored).size).toBe(RECENT_MAX);
  });

  it('the product page records itself and shows the others, without itself; home shows them all', async () => {
    installFakeApi();
    recordView(2);
    recordView(3);
    const { unmount } = at('/en/products/kettle-1');
    const row = await screen.findByTestId('recently-viewed');
    expect(within(row).queryByRole('heading', { name: 'Recently viewed' })).not.toBeNull();
    expect(within(row).getAllByTestId('product-card-name').map((n) => n.textContent)).toEqual(['Kettle 3', 'Kettle 2']);
    expect($recent.get()).toEqual([1, 3, 2]);
    unmount();
    at('/en');
    const home = await screen.findByTestId('recently-viewed');
    expect(within(home).getAllByTestId('product-card-name').map((n) => n.textContent)).toEqual(['Kettle 1', 'Kettle 3', 'Kettle 2']);
  });

  it('signing out forgets them: the row is gone from the page at once', async () => {
    installFakeApi();
    await act(() => completeSignIn('tok'));
    recordView(2);
    at('/en');
    await screen.findByTestId('recently-viewed');
    await act(async () => clearAuth());
    expect(screen.queryByTestId('recently-viewed')).toBeNull();
  });

  it('viewing the product already first changes nothing, so the row is not drawn again', () => {
    recordView(4);
    const changes = jest.fn();
    const off = $recent.listen(changes);
    recordView(4);
    off();
    expect(changes).not.toHaveBeenCalled();
    expect($recent.get()[0]).toBe(4);
  });

  it('nothing viewed: no row', async () => {
    installFakeApi();
    at('/en');
    await screen.findByText('Kettle 5');
    expect(screen.queryByTestId('recently-viewed')).toBeNull();
  });
});
