// One order line may hold at most ORDER_LINE_MAX_QTY units (the API's `max_quantity`): a cart line over
// it is lowered by the server's check, the notice says why (not "out of stock"), and the stepper stops there.
import { render, screen, fireEvent, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { addToCart, clearCart, createApiClient, setApi, setLanguage, $cart, type CartItem } from '@bozor/shared';
import CartRoutes from '../src/routes';

const answer = (data: unknown) => Promise.resolve({ ok: true, status: 200, statusText: '', text: () => Promise.resolve(JSON.stringify(data)) });
const kettle: CartItem = { product_id: 7, name: 'Kettle', img_url: null, quantity: 80, price: 100000, slug: 'kettle', attributes: { variant_id: 31 } };

beforeEach(() => {
  clearCart();
  setLanguage('en');
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    if (url !== '/api/cart/check') return answer({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } });
    const lines = (JSON.parse(String(init?.body)) as { cart_data: CartItem[] }).cart_data;
    return answer({
      // 200 in stock, but at most 50 of one variant per order
      data: lines.map((l) => ({ ...l, variant_id: 31, quantity: Math.min(l.quantity, 50), total_quanity: 200, max_quantity: 50 })),
      changes: lines.some((l) => l.quantity > 50) ? [{ product_id: 7, variant_id: 31, change: 'quantity_capped' }] : [],
    });
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => '', getAccountType: () => 'individual' }));
});

it('lowers a line to the per-order limit, says so, and stops the stepper there', async () => {
  addToCart(kettle);
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <CartRoutes basePath="/en" />
    </MemoryRouter>,
  );
  const changes = await screen.findByTestId('cart-changes');
  expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['“Kettle”: at most 50 per order, the quantity was lowered']);
  const line = screen.getByTestId('cart-line');
  expect(within(line).getByTestId('cart-line-quantity').textContent).toBe('50');
  expect($cart.get()[0]!.quantity).toBe(50);
  expect(within(line).getByRole('button', { name: 'More' }).getAttribute('aria-disabled')).toBe('true');
  expect(line.textContent).toContain('At most 50 per order');
  expect(line.textContent).not.toContain('in stock');
  fireEvent.click(within(line).getByRole('button', { name: 'Fewer' }));
  expect(within(line).getByRole('button', { name: 'More' }).hasAttribute('aria-disabled')).toBe(false);
});
