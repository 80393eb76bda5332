// The whole shell as the navigation tests render it (navigation-scroll, navigation-title,
// navigation-focus): in a MemoryRouter, with stand-in remotes that load lazily as Module Federation's do,
// and a window that scrolls as far as these tests need. Each test file mocks ../src/remotes/runtime
// itself (jest.mock is hoisted within its own file), its loadExposed answering with mockLoad.
import { act, render } from '@testing-library/react';
import { useEffect, useState, type ComponentType } from 'react';
import { Link, MemoryRouter, Navigate, Route, Routes, useNavigate, useSearchParams, type NavigateFunction } from 'react-router';
import { App } from '../../src/App';

// ---- stand-in remotes -------------------------------------------------------------------------

/** A promise the test settles: a remote's module or a page's API answer still on its way. */
export function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** What a test holds back: the catalogue's list answer, the account remote's module. */
export const pending = { listAnswer: Promise.resolve(), accountModule: Promise.resolve() };

/** The catalogue's list: loading (aria-busy, a short page) until its answer, then 24 cards, a filter and the pager. */
function FakeList({ basePath }: { basePath: string }) {
  const [params, setParams] = useSearchParams();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let current = true;
    void pending.listAnswer.then(() => current && setLoaded(true));
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
    void pending.listAnswer.then(() => setLoaded(true));
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
    await pending.accountModule;
    return (() => <h1>Mening buyurtmalarim</h1>) as ComponentType<never>;
  },
};

/** The mocked loadExposed's answer: the stand-in for that remote's module, or one that renders nothing. */
export function mockLoad(remote: string, expose: string): Promise<ComponentType<never>> {
  return modules[`${remote}/${expose}`]?.() ?? Promise.resolve((() => null) as ComponentType<never>);
}

// ---- the window, as far as scrolling goes ----------------------------------------------------

/** A page still loading is short (a skeleton); a loaded one is 5000 px. The window is 900 px tall. */
const pageHeight = () => (document.querySelector('main [aria-busy="true"]') ? 1200 : 5000);
/** The ids of the elements scrolled into view, in order. */
export const scrolledInto: string[] = [];

export function shopperScrollsTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

/** The router's navigate of the shop last rendered: Back, Forward, or a path. */
export let navigate: NavigateFunction = () => undefined;
function History() {
  navigate = useNavigate();
  return null;
}

export function renderShop(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <History />
    </MemoryRouter>,
  );
}

/** Before each test: nothing held back, a fresh 900 px window at its top, no title, no saved places. */
export function resetShop(): void {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  pending.listAnswer = Promise.resolve();
  pending.accountModule = Promise.resolve();
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
}
