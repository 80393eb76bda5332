/** @jest-environment jsdom */
// In-app navigation as a shopper meets it, where the page is scrolled: after a link, the pager, a filter,
// Back and a reload (the whole shell with stand-in remotes, support/stand-in-shop.tsx), and which
// navigation scrolls where (routing/scroll.ts). The tab's title is navigation-title's, the focus
// navigation-focus's.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { NavigationType } from 'react-router';

jest.mock('../src/remotes/runtime', () => ({
  IncompatibleRemoteError: class extends Error {},
  loadExposed: jest.fn((remote: string, expose: string) => mockLoad(remote, expose)),
  refreshRemote: jest.fn(async () => undefined),
  preloadRoute: jest.fn(),
}));
jest.mock('../src/report', () => ({ reportClientError: jest.fn() }));

import { onlyPageChanged, positionKey, scrollActionFor } from '../src/routing/scroll';
import { deferred, mockLoad, navigate, pending, renderShop, resetShop, scrolledInto, shopperScrollsTo } from './support/stand-in-shop';

beforeEach(resetShop);
afterEach(() => jest.restoreAllMocks());

describe('scroll position after a navigation', () => {
  it('a product opened from the bottom of the catalogue starts at its top; Back returns to the card, once the list is there again', async () => {
    renderShop('/ru/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    expect(window.history.scrollRestoration).toBe('manual');
    shopperScrollsTo(1700);

    fireEvent.click(screen.getByRole('link', { name: 'card 24' }));
    await screen.findByRole('heading', { name: 'A product' });
    expect(window.scrollY).toBe(0);

    shopperScrollsTo(300);
    // Back: the catalogue mounts again and waits for its answer (a 1200 px page cannot be at 1700)
    const answer = deferred();
    pending.listAnswer = answer.promise;
    act(() => void navigate(-1));
    await screen.findByText('…');
    expect(window.scrollY).toBe(300);
    await act(async () => answer.resolve());
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    await waitFor(() => expect(window.scrollY).toBe(1700));

    // Forward: the product where it was left
    act(() => void navigate(1));
    await screen.findByRole('heading', { name: 'A product' });
    await waitFor(() => expect(window.scrollY).toBe(300));
  });

  it("a filter tick keeps the shopper where the filter is; the pager's next page starts at the top", async () => {
    renderShop('/ru/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    shopperScrollsTo(1700);
    const scrolls = (window.scrollTo as jest.Mock).mock.calls.length;

    fireEvent.click(screen.getByRole('button', { name: 'Tefal' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Next ›' }).getAttribute('href')).toBe('/ru/catalog?brands=tefal&page=2'));
    expect(window.scrollY).toBe(1700);
    expect((window.scrollTo as jest.Mock).mock.calls.length).toBe(scrolls);

    fireEvent.click(screen.getByRole('link', { name: 'Next ›' }));
    await screen.findByRole('heading', { name: 'Каталог, page 2' });
    expect(window.scrollY).toBe(0);

    // Back to page 1 of the filtered list: where the shopper was
    act(() => void navigate(-1));
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    await waitFor(() => expect(window.scrollY).toBe(1700));
  });

  it("a link with a #fragment goes to that element once the page has rendered it, not to the previous page's position", async () => {
    renderShop('/uz/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    shopperScrollsTo(1700);
    const answer = deferred();
    pending.listAnswer = answer.promise;
    act(() => void navigate('/uz/delivery#pickup'));
    await waitFor(() => expect(window.scrollY).toBe(0));
    expect(scrolledInto).toEqual([]);
    await act(async () => answer.resolve());
    await waitFor(() => expect(scrolledInto).toEqual(['pickup']));
  });

  it('a reload comes back to the same place, waiting for the lazily loaded remote to render its page', async () => {
    const first = renderShop('/uz/account/orders');
    await screen.findByRole('heading', { name: 'Mening buyurtmalarim' });
    shopperScrollsTo(2200);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    first.unmount();

    // the same history entry loaded again, in a fresh page: the account remote's module arrives later
    const module = deferred();
    pending.accountModule = module.promise;
    window.scrollY = 0;
    jest.resetModules();
    // the pure entry: this test has its own clean-up, and no hooks can be added inside it
    const fresh = await import('@testing-library/react/pure');
    const { MemoryRouter: FreshRouter } = await import('react-router');
    const { App: FreshApp } = await import('../src/App');
    fresh.render(
      <FreshRouter initialEntries={['/uz/account/orders']}>
        <FreshApp />
      </FreshRouter>,
    );
    await fresh.screen.findByText('Yuklanmoqda…');
    expect(window.scrollY).toBe(0);
    await fresh.act(async () => module.resolve());
    await fresh.screen.findByRole('heading', { name: 'Mening buyurtmalarim' });
    await fresh.waitFor(() => expect(window.scrollY).toBe(2200));
    fresh.cleanup();
  });

  it('after a reload, a shopper who scrolled the page before it came alive keeps their place', async () => {
    const first = renderShop('/ru/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    shopperScrollsTo(1700);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    first.unmount();
    window.scrollY = 400; // the server's HTML, scrolled before the scripts ran
    renderShop('/ru/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    await new Promise((r) => setTimeout(r, 50));
    expect(window.scrollY).toBe(400);
  });

  it('a restore that waits gives way to the shopper scrolling meanwhile', async () => {
    renderShop('/ru/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    shopperScrollsTo(1700);
    fireEvent.click(screen.getByRole('link', { name: 'card 3' }));
    await screen.findByRole('heading', { name: 'A product' });
    const answer = deferred();
    pending.listAnswer = answer.promise;
    act(() => void navigate(-1));
    await screen.findByText('…');
    act(() => void window.dispatchEvent(new Event('wheel')));
    shopperScrollsTo(150);
    await act(async () => answer.resolve());
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    await new Promise((r) => setTimeout(r, 50));
    expect(window.scrollY).toBe(150);
  });
});

describe('which navigation scrolls where', () => {
  const at = (path: string, key = 'k') => {
    const url = new URL(path, 'https://bozor.uz');
    return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key };
  };

  it('a new path goes to the top or its #fragment; Back/Forward and a reload to the saved place', () => {
    expect(scrollActionFor(at('/ru/catalog'), at('/ru/products/x'), NavigationType.Push, undefined)).toEqual({ kind: 'top' });
    expect(scrollActionFor(at('/ru/catalog'), at('/ru/delivery#pickup'), NavigationType.Push, undefined)).toEqual({ kind: 'hash', id: 'pickup' });
    // a client redirect (replace) to another page: its top
    expect(scrollActionFor(at('/uz/checkout'), at('/uz/cart'), NavigationType.Replace, undefined)).toEqual({ kind: 'top' });
    expect(scrollActionFor(at('/ru/products/x'), at('/ru/catalog'), NavigationType.Pop, 1700)).toEqual({ kind: 'restore', y: 1700 });
    expect(scrollActionFor(null, at('/ru/catalog'), NavigationType.Pop, 900)).toEqual({ kind: 'restore', y: 900 });
    // a first visit is the browser's: the top, or a #fragment
    expect(scrollActionFor(null, at('/ru/catalog'), NavigationType.Pop, undefined)).toEqual({ kind: 'stay' });
    expect(scrollActionFor(null, at('/ru/delivery#pickup'), NavigationType.Pop, undefined)).toEqual({ kind: 'hash', id: 'pickup' });
  });

  it('the same list changed in place stays; its page number alone means the top', () => {
    expect(scrollActionFor(at('/ru/catalog'), at('/ru/catalog?brands=tefal'), NavigationType.Push, undefined)).toEqual({ kind: 'stay' });
    expect(scrollActionFor(at('/ru/catalog?page=3'), at('/ru/catalog?in_stock=true'), NavigationType.Push, undefined)).toEqual({ kind: 'stay' });
    expect(scrollActionFor(at('/ru/catalog?sort=new'), at('/ru/catalog?sort=price_asc'), NavigationType.Replace, undefined)).toEqual({ kind: 'stay' });
    expect(scrollActionFor(at('/ru/catalog?sort=new'), at('/ru/catalog?sort=new&page=2'), NavigationType.Push, undefined)).toEqual({ kind: 'top' });
    expect(scrollActionFor(at('/ru/catalog?page=2&brands=a'), at('/ru/catalog?brands=a'), NavigationType.Push, undefined)).toEqual({ kind: 'top' });
    expect(scrollActionFor(at('/ru/catalog?x=1'), at('/ru/catalog?x=1#top'), NavigationType.Push, undefined)).toEqual({ kind: 'hash', id: 'top' });
    expect(onlyPageChanged('?a=1&page=2', '?page=3&a=1')).toBe(true);
    expect(onlyPageChanged('?a=1', '?a=2&page=2')).toBe(false);
  });

  it("an entry the router did not make is told apart by its URL", () => {
    expect(positionKey(at('/ru/catalog', 'default'))).not.toBe(positionKey(at('/ru/catalog#main', 'default')));
    expect(positionKey(at('/ru/catalog', 'abc'))).toBe('abc');
  });
});
