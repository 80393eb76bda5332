/** @jest-environment jsdom */
// In-app navigation as a shopper meets it: where the page is scrolled after a link, the pager, a filter,
// Back and a reload; the tab's title after each route and language change; where the focus goes. The whole
// shell is rendered with stand-in remotes that load lazily, as Module Federation's do.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState, type ComponentType } from 'react';
import { Link, MemoryRouter, Navigate, NavigationType, Route, Routes, useNavigate, useSearchParams, type NavigateFunction } from 'react-router';

jest.mock('../src/remotes/runtime', () => ({
  IncompatibleRemoteError: class extends Error {},
  loadExposed: jest.fn((remote: string, expose: string) => mockLoad(remote, expose)),
  refreshRemote: jest.fn(async () => undefined),
  preloadRoute: jest.fn(),
}));
jest.mock('../src/report', () => ({ reportClientError: jest.fn() }));

import { App } from '../src/App';
import { PAGE_NAME_EVENT } from '@bozor/shared';
import { onlyPageChanged, positionKey, scrollActionFor } from '../src/routing/scroll';

// ---- stand-in remotes -------------------------------------------------------------------------

/** A promise the test settles: a remote's module or a page's API answer still on its way. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
let listAnswer = Promise.resolve();
let accountModule = Promise.resolve();

/** The catalogue's list: loading (aria-busy, a short page) until its answer, then 24 cards, a filter and the pager. */
function FakeList({ basePath }: { basePath: string }) {
  const [params, setParams] = useSearchParams();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let current = true;
    void listAnswer.then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, []);
  const page = Number(params.get('page') ?? 1);
  if (!loaded) return <div aria-busy="true">…</div>;
  return (
    <section>
      <h1>Каталог, page {page}</h1>
      {/* a filter tick, as mf-catalog's Filters do it: setSearchParams (a push), page back to 1 */}
      <button type="button" onClick={() => setParams({ brands: 'tefal' })}>
        Tefal
      </button>
      {Array.from({ length: 24 }, (_, i) => (
        <Link key={i} to={`${basePath}/products/card-${i + 1}`}>
          card {i + 1}
        </Link>
      ))}
      {/* the pager's next link, as mf-catalog's Pagination writes it: only ?page= changes */}
      <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), page: String(page + 1) }).toString()}`}>Next ›</Link>
    </section>
  );
}

function FakeCatalog({ basePath }: { basePath: string }) {
  return (
    <Routes>
      <Route path="catalog" element={<FakeList basePath={basePath} />} />
      <Route path="products/:slug" element={<h1>A product</h1>} />
      <Route path="delivery" element={<FakeDelivery />} />
      <Route path="search" element={<h1>Qidiruv natijalari</h1>} />
      <Route path="*" element={<p>other catalogue page</p>} />
    </Routes>
  );
}

/** An information page whose #pickup section comes with its answer. */
function FakeDelivery() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void listAnswer.then(() => setLoaded(true));
  }, []);
  return loaded ? (
    <>
      <h1>Yetkazib berish</h1>
      <h2 id="pickup">Pickup</h2>
    </>
  ) : (
    <div aria-busy="true" />
  );
}

/** The checkout with an empty cart sends the shopper to the cart (a client redirect). */
function FakeCheckout({ basePath }: { basePath: string }) {
  return <Navigate to={`${basePath}/cart`} replace />;
}

/** The header's search box: Enter goes to the results, the focus staying in the field (as catalog/SearchBox). */
function FakeSearchBox({ basePath }: { basePath: string }) {
  const go = useNavigate();
  const [q, setQ] = useState('');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        void go(`${basePath}/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <input type="search" aria-label="Qidiruv" value={q} onChange={(e) => setQ(e.target.value)} />
    </form>
  );
}

const modules: Record<string, () => Promise<ComponentType<never>>> = {
  'catalog/Routes': async () => FakeCatalog as ComponentType<never>,
  'catalog/SearchBox': async () => FakeSearchBox as ComponentType<never>,
  'checkout/Routes': async () => FakeCheckout as ComponentType<never>,
  'cart/Routes': async () => (() => <h1>Savat</h1>) as ComponentType<never>,
  'account/Routes': async () => {
    await accountModule;
    return (() => <h1>Mening buyurtmalarim</h1>) as ComponentType<never>;
  },
};
function mockLoad(remote: string, expose: string): Promise<ComponentType<never>> {
  return modules[`${remote}/${expose}`]?.() ?? Promise.resolve((() => null) as ComponentType<never>);
}

// ---- the window, as far as scrolling goes ----------------------------------------------------

/** A page still loading is short (a skeleton); a loaded one is 5000 px. The window is 900 px tall. */
const pageHeight = () => (document.querySelector('main [aria-busy="true"]') ? 1200 : 5000);
const scrolledInto: string[] = [];

function shopperScrollsTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

let navigate: NavigateFunction = () => undefined;
function History() {
  navigate = useNavigate();
  return null;
}

function renderShop(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <History />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  listAnswer = Promise.resolve();
  accountModule = Promise.resolve();
  scrolledInto.length = 0;
  window.sessionStorage.clear();
  document.title = '';
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 900 });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: pageHeight });
  window.scrollTo = jest.fn((x: number, y: number) => {
    window.scrollY = Math.max(0, Math.min(y, pageHeight() - window.innerHeight));
    window.dispatchEvent(new Event('scroll'));
  }) as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledInto.push(this.id);
  };
});
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
    listAnswer = answer.promise;
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
    listAnswer = answer.promise;
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
    accountModule = module.promise;
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
    listAnswer = answer.promise;
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

describe('the tab title', () => {
  it('follows the route and the language, as the server writes them', async () => {
    document.title = 'Katalog — Bozor'; // the server's, for the page it sent
    renderShop('/uz/catalog');
    await screen.findByRole('heading', { name: 'Каталог, page 1' });
    expect(document.title).toBe('Katalog — Bozor');

    fireEvent.click(screen.getByRole('link', { name: 'card 2' }));
    await screen.findByRole('heading', { name: 'A product' });
    await waitFor(() => expect(document.title).toBe('Mahsulot — Bozor'));
    // the catalogue may name the product once it knows it
    act(() => void document.dispatchEvent(new CustomEvent(PAGE_NAME_EVENT, { detail: { path: '/uz/products/card-2', name: 'Tefal KO2576' } })));
    expect(document.title).toBe('Tefal KO2576 — Bozor');
    // a name for a page already left changes nothing now
    act(() => void document.dispatchEvent(new CustomEvent(PAGE_NAME_EVENT, { detail: { path: '/uz/products/other', name: 'Other' } })));
    expect(document.title).toBe('Tefal KO2576 — Bozor');

    fireEvent.click(screen.getByRole('link', { name: 'Aloqa' }));
    await waitFor(() => expect(document.title).toBe('Aloqa — Bozor'));

    fireEvent.click(screen.getByTestId('lang-ru'));
    await waitFor(() => expect(document.title).toBe('Контакты — Bozor'));

    fireEvent.click(screen.getByTestId('nav-catalog'));
    await waitFor(() => expect(document.title).toBe('Каталог — Bozor'));

    act(() => void navigate('/ru/how-to-buy'));
    await waitFor(() => expect(document.title).toBe('Как купить — Bozor'));
    act(() => void navigate('/ru/nowhere'));
    await waitFor(() => expect(document.title).toBe('Страница не найдена — Bozor'));
    act(() => void navigate('/en'));
    await waitFor(() => expect(document.title).toBe('Bozor — household goods online'));

    // Back to the product: the name it was given
    act(() => void navigate('/uz/products/card-2'));
    await waitFor(() => expect(document.title).toBe('Tefal KO2576 — Bozor'));
  });

  it('a client redirect (the checkout with an empty cart) takes the title of where it lands', async () => {
    document.title = 'Buyurtmani rasmiylashtirish — Bozor';
    renderShop('/uz/checkout');
    await screen.findByRole('heading', { name: 'Savat' });
    await waitFor(() => expect(document.title).toBe('Savat — Bozor'));
  });

  it('a page the server did not title (the dev server) gets its title at once', async () => {
    renderShop('/ru/delivery');
    await waitFor(() => expect(document.title).toBe('Доставка — Bozor'));
  });
});

describe('a path with no language of the shop', () => {
  it('shows "not found" in the language chosen before, with the header, the footer and the search that help on', async () => {
    document.cookie = 'lang=ru; path=/';
    renderShop('/xx/catalog');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Страница не найдена');
    expect(screen.getByRole('searchbox', { name: 'Что вы ищете?' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Контакты');
    expect(screen.getByTestId('nav-catalog').getAttribute('href')).toBe('/ru/catalog');
    document.cookie = 'lang=; path=/; max-age=0';
  });
});

describe('the focus after a link inside the shop', () => {
  it('a followed link that the new page replaced gives the focus to the new page’s heading, once it has come', async () => {
    const list = deferred();
    listAnswer = list.promise;
    renderShop('/ru/catalog');
    act(() => list.resolve());
    const card = await screen.findByRole('link', { name: 'card 3' });
    card.focus();
    fireEvent.click(card);
    const heading = await screen.findByRole('heading', { level: 1, name: 'A product' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('a footer link followed by keyboard gives the new page’s heading the focus, not the footer link left off-screen', async () => {
    renderShop('/uz/catalog');
    await screen.findByRole('heading', { level: 1, name: /Каталог/ });
    shopperScrollsTo(4000);
    const footerLink = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Yetkazib berish' });
    // Enter on a focused link is its click
    footerLink.focus();
    fireEvent.click(footerLink);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Yetkazib berish' });
    // the footer stays rendered, with its link
    expect(footerLink.isConnected).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // the page is at its top, where its heading is
    expect(window.scrollY).toBe(0);
  });

  it('a header menu link followed gives the new page’s heading the focus', async () => {
    renderShop('/ru/products/card-1');
    await screen.findByRole('heading', { level: 1, name: 'A product' });
    const menuLink = screen.getByTestId('nav-catalog');
    menuLink.focus();
    fireEvent.click(menuLink);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Каталог, page 1' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('the language switch keeps the focus: the same page, in another language', async () => {
    renderShop('/ru/catalog');
    await screen.findByRole('heading', { level: 1, name: /Каталог/ });
    const uz = screen.getByTestId('lang-uz');
    uz.focus();
    fireEvent.click(uz);
    await waitFor(() => expect(screen.getByTestId('lang-uz').getAttribute('aria-current')).toBe('true'));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByTestId('lang-uz'));
  });

  it('a focus kept elsewhere on the page (the header’s search box) is left where it is', async () => {
    renderShop('/uz/catalog');
    await screen.findByRole('heading', { level: 1, name: /Каталог/ });
    const box = await screen.findByRole('searchbox', { name: 'Qidiruv' });
    box.focus();
    fireEvent.change(box, { target: { value: 'choynak' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByRole('heading', { level: 1, name: 'Qidiruv natijalari' });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(box);
  });
});
