// The cart page rendered on the server from the server's check of the cookie's lines, then taken over in
// the browser: the same HTML, no mismatch, no second check, and the store takes the checked lines.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { $cart, clearCart, createApiClient, replaceCart, setApi, setDeliverySettings, setLanguage, type CartItem } from '@bozor/shared';
import CartRoutes from '../src/routes';
import { setServerData } from '../src/serverData';

// hydrateRoot is driven with act(), as testing-library's render would be
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const kettle: CartItem = { product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100000, slug: 'kettle', attributes: { variant_id: 70 } };
/** The API's check of that line: a new price, and the name in the page's language. */
const checked = {
  data: [{ ...kettle, name: 'Electric kettle', price: 110000, variant_id: 70, total_quanity: 5, max_quantity: 5, attributes: { variant_id: 70, sku: 'K-1', options: [] } }],
  changes: [{ product_id: 7, variant_id: 70, change: 'price_changed' }],
};
const KEY = 'cart-check|en|7.70.2.100000';

const page = () => (
  <MemoryRouter initialEntries={['/cart']}>
    <CartRoutes basePath="/en" />
  </MemoryRouter>
);

function fakeApi() {
  const urls: string[] = [];
  globalThis.fetch = jest.fn((url: string) => {
    urls.push(url);
    const body = url === '/api/cart/check' ? checked : { data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } };
    return Promise.resolve({ ok: true, status: 200, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) });
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => '', getAccountType: () => 'individual' }));
  return urls;
}

/** What the shell server sends: the page rendered as a guest (an empty store) from these answers. */
function serverHtml(data: Record<string, unknown>): string {
  clearCart();
  setServerData(data);
  try {
    return renderToString(page());
  } finally {
    setServerData(null);
  }
}

async function hydrate(html: string, data: Record<string, unknown>, cart: CartItem[]) {
  document.body.innerHTML = `<script type="application/json" id="bozor-data">${JSON.stringify(data)}</script><div id="root">${html}</div>`;
  replaceCart(cart);
  const errors: unknown[] = [];
  const container = document.getElementById('root') as HTMLElement;
  await act(async () => {
    roots.push(hydrateRoot(container, page(), { onRecoverableError: (e) => errors.push(e) }));
  });
  await act(async () => {});
  return { container, errors };
}

const roots: Root[] = [];
afterEach(() => act(() => roots.splice(0).forEach((r) => r.unmount())));

beforeEach(() => {
  setLanguage('en');
  setDeliverySettings(null);
});

test('the server renders the checked lines, and the browser takes them over without a mismatch or a second check', async () => {
  const html = serverHtml({ [KEY]: checked });
  expect(html).toContain('Electric kettle');
  expect(html).toContain('data-testid="cart-changes"');
  const urls = fakeApi();
  // the shell's delivery settings may arrive before this part is taken over: shown after, not during
  setDeliverySettings({ data: { delivery_sum: 30000, free_delivery_threshold: 500000 } });
  const { container, errors } = await hydrate(html, { [KEY]: checked }, [kettle]);
  expect(errors).toEqual([]);
  expect(urls).not.toContain('/api/cart/check');
  expect(container.querySelector('[data-testid="cart-line-name"]')?.textContent).toBe('Electric kettle');
  expect(container.querySelector('[data-testid="delivery-text"]')?.textContent).toMatch(/free/i);
  expect($cart.get()).toEqual([expect.objectContaining({ product_id: 7, name: 'Electric kettle', price: 110000, quantity: 2 })]);
});

test("a cart that is not the one the server checked (another tab changed it) is checked by the page itself", async () => {
  const html = serverHtml({});
  // the frame: the title and a loading line, nothing the browser could contradict
  expect(html).not.toContain('cart-line');
  const urls = fakeApi();
  const { container, errors } = await hydrate(html, { [KEY]: checked }, [{ ...kettle, quantity: 3 }]);
  expect(errors).toEqual([]);
  expect(urls).toContain('/api/cart/check');
  expect(container.querySelector('[data-testid="cart-line-name"]')?.textContent).toBe('Electric kettle');
});
