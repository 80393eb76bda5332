// Contract tests: each exposed module renders with nothing but the shared contract around it, the
// API answered by a fake with the shapes of /api/cart/check and /api/settings/delivery.
import { render, screen, fireEvent, waitFor, within } from '@testing-library/react';
import { onMount } from 'nanostores';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { addToCart, clearCart, createApiClient, setApi, setDeliverySettings, setLanguage, $cart, $deliverySettings, CONTRACT_VERSION, type CartItem } from '@bozor/shared';
import CartRoutes, { contractVersion } from '../src/routes';
import CartBadge from '../src/components/CartBadge';

const at = (path: string, ui: React.ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
const kettle = { product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100000, slug: 'kettle' };
const pan = { product_id: 8, name: 'Pan', img_url: null, quantity: 1, price: 50000, slug: 'pan' };

// jsdom has no Response; the code reads ok, status, statusText and text().
const answer = (data: unknown, status = 200) => Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(data)) });

/** The server's check: caps every line at `stock`, and reports `changes`. */
function fakeServer(stock: number, changes: unknown[] = [], price?: number) {
  const requests: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { cart_data: CartItem[] }) : undefined;
    requests.push({ url, body, headers: init?.headers as Record<string, string> });
    if (url === '/api/cart/check') {
      const data = (body?.cart_data ?? []).map((l) => ({ ...l, price: price ?? l.price, quantity: Math.min(l.quantity, stock), total_quanity: stock }));
      return answer({ data: data.filter((l) => l.quantity > 0), changes });
    }
    if (url === '/api/settings/delivery') return answer({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } });
    return answer({}, 404);
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => '', getAccountType: () => 'individual' }));
  return requests;
}

beforeEach(() => {
  clearCart();
  setLanguage('en');
  setDeliverySettings(null);
});

describe('cart/Routes', () => {
  it('declares its contract', () => expect(contractVersion).toBe(CONTRACT_VERSION));

  it('shows the empty state', async () => {
    fakeServer(10);
    at('/cart', <CartRoutes basePath="/en" />);
    await act(async () => {}); // the delivery settings answer
    expect(screen.getByTestId('cart-empty').textContent).toBe('Your cart is empty');
  });

  it('checks the lines on open, tells what changed, and caps the stepper at stock', async () => {
    const requests = fakeServer(3, [{ product_id: 7, variant_id: 1, change: 'quantity_capped' }], 110000);
    addToCart({ ...kettle, quantity: 5 });
    at('/cart', <CartRoutes basePath="/en" />);
    expect(screen.getByTestId('cart-checking').getAttribute('aria-busy')).toBe('true');
    const changes = await screen.findByTestId('cart-changes');
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['“Kettle”: not that many in stock, the quantity was lowered']);
    expect(screen.queryByTestId('cart-checking')).toBeNull();
    expect(requests[0]?.headers['X-ACCOUNT-TYPE']).toBe('individual');
    expect($cart.get()[0]).toMatchObject({ quantity: 3, price: 110000 });
    expect(screen.getByTestId('cart-line-quantity').textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'More' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('delivery-text').textContent).toContain('Courier delivery: from 25,000');
  });

  it('takes the delivery terms the shell already holds instead of asking again', async () => {
    const requests = fakeServer(10);
    setDeliverySettings({ data: { delivery_sum: 30000, free_delivery_threshold: 500000 } });
    addToCart(pan);
    at('/cart', <CartRoutes basePath="/en" />);
    await screen.findAllByTestId('cart-line-quantity');
    expect(screen.getByTestId('delivery-text').textContent).toContain('Courier delivery: from 30,000');
    expect(requests.map((r) => r.url)).not.toContain('/api/settings/delivery');
  });

  it('without terms held, asks the API once and does not start the shell’s loader (a second request, and the schemas’ code)', async () => {
    const requests = fakeServer(10);
    let storeReads = 0;
    const unbind = onMount($deliverySettings, () => {
      storeReads += 1;
    });
    addToCart(pan);
    at('/cart', <CartRoutes basePath="/en" />);
    await waitFor(() => expect(screen.getByTestId('delivery-text').textContent).toContain('Courier delivery: from 25,000'));
    unbind();
    expect(requests.filter((r) => r.url === '/api/settings/delivery')).toHaveLength(1);
    expect(storeReads).toBe(0);
  });

  it('changes quantities, removes and clears through the store', async () => {
    fakeServer(10);
    addToCart(kettle);
    addToCart(pan);
    at('/cart', <CartRoutes basePath="/en" />);
    const [fewer] = await screen.findAllByRole('button', { name: 'Fewer' });
    fireEvent.click(fewer!);
    expect($cart.get()[0]!.quantity).toBe(1);
    expect(screen.getByTestId('cart-total').textContent).toBe('150,000\u00a0UZS');
    fireEvent.click(screen.getAllByTestId('cart-line-remove')[1]!);
    expect($cart.get().map((i) => i.name)).toEqual(['Kettle']);
    fireEvent.click(screen.getByTestId('cart-clear'));
    expect($cart.get()).toEqual([]);
    expect(screen.getByTestId('cart-empty').textContent).toBe('Your cart is empty');
  });

  it('still shows the cart when the check fails', async () => {
    fakeServer(10);
    (globalThis.fetch as jest.Mock).mockImplementationOnce(() => answer({ error: { code: 'X', message: 'down' } }, 503));
    addToCart(kettle);
    at('/cart', <CartRoutes basePath="/en" />);
    // Said where a screen reader announces it.
    expect((await screen.findByText('Prices and stock could not be checked; they will be checked at checkout.')).getAttribute('role')).toBe('status');
    expect(screen.getByTestId('cart-line-quantity').textContent).toBe('2');
  });
});

describe('cart/CartBadge', () => {
  it('counts the pieces in the shared cart', () => {
    setLanguage('ru');
    at('/', <CartBadge basePath="/ru" />);
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
    act(() => addToCart(kettle));
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    expect(screen.getByTestId('cart-badge').getAttribute('href')).toBe('/ru/cart');
    expect(screen.getByTestId('cart-badge').getAttribute('aria-label')).toBe('Корзина, товаров: 2');
  });

  it('names one piece in the singular in English', () => {
    setLanguage('en');
    at('/', <CartBadge basePath="/en" />);
    act(() => addToCart({ ...kettle, quantity: 1 }));
    expect(screen.getByTestId('cart-badge').getAttribute('aria-label')).toBe('Cart, 1 item');
    act(() => addToCart({ ...kettle, quantity: 2 }));
    expect(screen.getByTestId('cart-badge').getAttribute('aria-label')).toBe('Cart, 3 items');
  });
});
