// Prefetch of the product page when a card becomes visible: once per slug, when idle, never with
// Save-Data or on a slow connection; the product page then uses the prefetched answer.
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage } from '@bozor/shared';
import { ProductGrid } from '../src/components/product/ProductCardView';
import CatalogRoutes from '../src/routes';
import { resetPrefetchForTests } from '../src/api/prefetch';
import { card, installFakeApi, product } from './fakeApi';

/** A controllable IntersectionObserver: `show(el)` reports the element as visible. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  static watching(): Element[] {
    return FakeObserver.all.flatMap((o) => [...o.targets]);
  }
  static show(el: Element) {
    for (const o of FakeObserver.all)
      if (o.targets.has(el))
        o.callback([{ target: el, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
}

let idle: (() => void)[] = [];
const runIdle = () =>
  act(() => {
    const pending = idle;
    idle = [];
    pending.forEach((f) => f());
  });
const setConnection = (value: { saveData?: boolean; effectiveType?: string } | undefined) =>
  Object.defineProperty(navigator, 'connection', { value, configurable: true });

const productCalls = (calls: { url: string }[], slug: string) => calls.filter((c) => c.url.includes(`/resources/product/${slug}`)).length;

const grid = (slugs: number[]) =>
  render(
    <MemoryRouter>
      <ProductGrid products={slugs.map((id) => card(id)) as never} basePath="/en" />
    </MemoryRouter>,
  );

beforeEach(() => {
  resetPrefetchForTests();
  FakeObserver.all = [];
  idle = [];
  Object.defineProperty(globalThis, 'IntersectionObserver', { value: FakeObserver, configurable: true, writable: true });
  window.requestIdleCallback = ((f: () => void) => {
    idle.push(f);
    return idle.length;
  }) as typeof window.requestIdleCallback;
  setConnection({ saveData: false, effectiveType: '4g' });
  setLanguage('en');
});

afterEach(() => setConnection(undefined));

describe('prefetch when a card becomes visible', () => {
  it('fetches a visible card’s product once, when idle, and never before it is seen', async () => {
    const calls = installFakeApi();
    grid([1, 2]);
    const links = screen.getAllByRole('link');
    expect(FakeObserver.watching()).toHaveLength(2);
    await runIdle();
    expect(productCalls(calls, 'kettle-1')).toBe(0);

    act(() => FakeObserver.show(links[0]!));
    expect(productCalls(calls, 'kettle-1')).toBe(0); // waits for idle time
    await runIdle();
    expect(productCalls(calls, 'kettle-1')).toBe(1);
    expect(productCalls(calls, 'kettle-2')).toBe(0);
    expect(FakeObserver.watching()).toHaveLength(1); // the seen card is no longer watched
  });

  it('a slug is prefetched once even when it shows again in another grid', async () => {
    const calls = installFakeApi();
    const first = grid([1]);
    act(() => FakeObserver.show(screen.getByRole('link')));
    await runIdle();
    first.unmount();
    grid([1]);
    expect(FakeObserver.watching()).toHaveLength(0);
    await runIdle();
    expect(productCalls(calls, 'kettle-1')).toBe(1);
  });

  it.each([
    ['Save-Data', { saveData: true, effectiveType: '4g' }],
    ['a 3g connection', { saveData: false, effectiveType: '3g' }],
    ['a 2g connection', { effectiveType: '2g' }],
  ])('does nothing with %s', async (_name, connection) => {
    setConnection(connection);
    const calls = installFakeApi();
    grid([1, 2]);
    expect(FakeObserver.watching()).toHaveLength(0);
    await runIdle();
    expect(calls.filter((c) => c.url.includes('/resources/product/'))).toHaveLength(0);
  });

  it('hover still prefetches at once, and the product page uses the prefetched answer', async () => {
    const calls = installFakeApi();
    grid([1]);
    act(() => {
      screen.getByRole('link').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    expect(productCalls(calls, 'kettle-1')).toBe(1);
    render(
      <MemoryRouter initialEntries={['/en/products/kettle-1']}>
        <Routes>
          <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kettle 1'));
    expect(productCalls(calls, 'kettle-1')).toBe(1);
  });

  it('the product page uses the answer the shell server inlined, once, and only when it has the fields the page needs', async () => {
    const calls = installFakeApi();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'bozor-data';
    script.textContent = JSON.stringify({
      'product:kettle-1|en|individual': { product: { ...product, name: 'Inlined kettle' }, relateds: [] },
      'product:kettle-2|en|individual': { nonsense: true },
    });
    document.head.append(script);
    const page = (slug: string) =>
      render(
        <MemoryRouter initialEntries={[`/en/products/${slug}`]}>
          <Routes>
            <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
          </Routes>
        </MemoryRouter>,
      );
    try {
      const first = page('kettle-1');
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inlined kettle'));
      expect(productCalls(calls, 'kettle-1')).toBe(0);
      first.unmount();
      const again = page('kettle-1'); // used once: a later visit asks the API
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kettle 1'));
      expect(productCalls(calls, 'kettle-1')).toBe(1);
      again.unmount();
      page('kettle-2'); // not a product answer: ignored, fetched
      await waitFor(() => expect(productCalls(calls, 'kettle-2')).toBe(1));
    } finally {
      script.remove();
    }
  });

  it('home uses the inlined home answer of its language instead of asking the API', async () => {
    const calls = installFakeApi();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'bozor-data';
    script.textContent = JSON.stringify({
      'home|en|individual': { data: { slides: [], categories: [], sections: [{ key: 'popular', products: [card(7)] }], brands: [], blogs: [] } },
    });
    document.head.append(script);
    try {
      render(
        <MemoryRouter initialEntries={['/en']}>
          <Routes>
            <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
          </Routes>
        </MemoryRouter>,
      );
      // the popular section comes from the server's answer in the page, without asking the API
      expect((await screen.findAllByTestId('product-card-name')).map((n) => n.textContent)).toEqual(['Kettle 7']);
      expect(calls.filter((c) => c.url.includes('/resources/home'))).toHaveLength(0);
    } finally {
      script.remove();
    }
  });
});
