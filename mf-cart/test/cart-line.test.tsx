// A cart line with the keyboard and its link: "+" at the stock limit stays focusable (aria-disabled, presses
// ignored) instead of dropping the focus to the page; the product link opens the line's own variant.
import { render, screen, fireEvent, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { addToCart, clearCart, createApiClient, setApi, setLanguage, $cart, type CartItem } from '@bozor/shared';
import CartRoutes from '../src/routes';
import MiniCart from '../src/components/MiniCart';

const answer = (data: unknown) => Promise.resolve({ ok: true, status: 200, statusText: '', text: () => Promise.resolve(JSON.stringify(data)) });
const black: CartItem = {
  product_id: 12,
  name: 'LG MS2080',
  img_url: null,
  quantity: 1,
  price: 900000,
  slug: 'lg-ms2080-25-l',
  attributes: { variant_id: 44, options: [{ code: 'color', value: 'black', label: 'black' }] },
};
const plain: CartItem = { product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100000, slug: 'kettle' };

beforeEach(() => {
  clearCart();
  setLanguage('en');
  globalThis.fetch = jest.fn((url: string, init?: RequestInit) => {
    if (url !== '/api/cart/check') return answer({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } });
    const lines = (JSON.parse(String(init?.body)) as { cart_data: CartItem[] }).cart_data;
    // two of the black one in stock
    return answer({ data: lines.map((l) => ({ ...l, total_quanity: l.product_id === 12 ? 2 : 10 })), changes: [] });
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => '', getAccountType: () => 'individual' }));
});

const cartPage = () =>
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <CartRoutes basePath="/en" />
    </MemoryRouter>,
  );

it('"+" reaching the stock keeps the focus, says it is unavailable, and ignores further presses', async () => {
  addToCart(black);
  cartPage();
  const line = (await screen.findAllByTestId('cart-line'))[0]!;
  const more = within(line).getByRole('button', { name: 'More' });
  await screen.findByText('LG MS2080');
  more.focus();
  fireEvent.click(more);
  expect(within(line).getByTestId('cart-line-quantity').textContent).toBe('2');
  // still the focused, focusable control: not `disabled`, which would drop the focus to the page
  expect(more.hasAttribute('disabled')).toBe(false);
  expect(more.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(more);
  fireEvent.click(more);
  expect($cart.get()[0]!.quantity).toBe(2);
  // "−" at 1 is never disabled: it removes the line
  expect(within(line).getByRole('button', { name: 'Fewer' }).hasAttribute('aria-disabled')).toBe(false);
});

it('links a line to its own variant (?variant=), and a line without one to the product', async () => {
  addToCart(black);
  addToCart(plain);
  cartPage();
  const links = (await screen.findAllByTestId('cart-line-name')).map((a) => a.getAttribute('href'));
  expect(links).toEqual(['/en/products/lg-ms2080-25-l?variant=44', '/en/products/kettle']);
});

it('the mini-cart links the same way', () => {
  addToCart(black);
  addToCart(plain);
  render(
    <MemoryRouter initialEntries={['/en']}>
      <MiniCart basePath="/en" />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId('cart-badge'));
  expect(screen.getAllByTestId('mini-cart-line-name').map((a) => a.getAttribute('href'))).toEqual(['/en/products/lg-ms2080-25-l?variant=44', '/en/products/kettle']);
});
