// Two variants of one product are two cart lines on the cart page: each has its own stepper, stock cap
// and remove button, and the server's check answer (one line per variant) keeps them apart.
import { render, screen, fireEvent, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { addToCart, clearCart, createApiClient, setApi, setLanguage, $cart, type CartItem } from '@bozor/shared';
import CartRoutes from '../src/routes';

const answer = (data: unknown) => Promise.resolve({ ok: true, status: 200, statusText: '', text: () => Promise.resolve(JSON.stringify(data)) });
const pan = (variant: number, size: string, quantity: number): CartItem => ({
  product_id: 8,
  name: 'Pan',
  img_url: null,
  quantity,
  price: 50000 + variant,
  slug: 'pan',
  attributes: { variant_id: variant, sku: `PAN-${size}`, options: [{ code: 'size', value: size, label: `${size} cm` }] },
});
/** Stock per variant id, as the server reports it on each checked line. */
const stock: Record<number, number> = { 1: 2, 2: 10 };

beforeEach(() => {
  clearCart();
  setLanguage('en');
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    if (url === '/api/cart/check') {
      const lines = (JSON.parse(String(init?.body)) as { cart_data: CartItem[] }).cart_data;
      return answer({
        data: lines.map((l) => {
          const variant = (l.attributes as { variant_id: number }).variant_id;
          return { ...l, variant_id: variant, quantity: Math.min(l.quantity, stock[variant]!), total_quanity: stock[variant] };
        }),
        changes: [],
      });
    }
    return answer({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } });
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => '', getAccountType: () => 'individual' }));
});

it('shows two variants as two lines with their own options, caps and steppers', async () => {
  addToCart(pan(1, '24', 1));
  addToCart(pan(2, '28', 1));
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <CartRoutes basePath="/en" />
    </MemoryRouter>,
  );
  const lines = await screen.findAllByTestId('cart-line');
  expect(lines).toHaveLength(2);
  expect(lines[0]!.textContent).toContain('24 cm');
  expect(lines[0]!.textContent).not.toContain('28 cm');
  expect(lines[1]!.textContent).toContain('28 cm');

  fireEvent.click(within(lines[1]!).getByRole('button', { name: 'More' }));
  expect($cart.get().map((i) => i.quantity)).toEqual([1, 2]);
  fireEvent.click(within(lines[0]!).getByRole('button', { name: 'More' }));
  // variant 1 has 2 in stock: its stepper stops there, variant 2's does not
  expect(within(lines[0]!).getByRole('button', { name: 'More' }).getAttribute('aria-disabled')).toBe('true');
  expect(within(lines[1]!).getByRole('button', { name: 'More' }).hasAttribute('aria-disabled')).toBe(false);

  fireEvent.click(within(lines[0]!).getByTestId('cart-line-remove'));
  expect($cart.get().map((i) => (i.attributes as { sku: string }).sku)).toEqual(['PAN-28']);
  expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
});

it('names the variant in what the check changed', async () => {
  stock[1] = 1;
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    if (url !== '/api/cart/check') return answer({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } });
    const lines = (JSON.parse(String(init?.body)) as { cart_data: CartItem[] }).cart_data;
    return answer({
      data: lines.map((l) => ({ ...l, quantity: Math.min(l.quantity, 1), total_quanity: 1 })),
      changes: [{ product_id: 8, variant_id: 2, change: 'quantity_capped' }],
    });
  }) as unknown as typeof fetch;
  addToCart(pan(1, '24', 1));
  addToCart(pan(2, '28', 3));
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <CartRoutes basePath="/en" />
    </MemoryRouter>,
  );
  const changes = await screen.findByTestId('cart-changes');
  expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['“Pan (28 cm)”: not that many in stock, the quantity was lowered']);
});
