// cart/MiniCart: the header button opens a small cart panel with the lines, the total and the ways on.
import { render, screen, fireEvent, within } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { addToCart, clearCart, setLanguage, $cart, CONTRACT_VERSION, type CartItem } from '@bozor/shared';
import MiniCart, { contractVersion } from '../src/components/MiniCart';

const kettle: CartItem = { product_id: 7, name: 'Kettle', img_url: '/media/kettle.webp', quantity: 2, price: 100000, slug: 'kettle' };
const pan = (variant: number, size: string): CartItem => ({
  product_id: 8,
  name: 'Pan',
  img_url: null,
  quantity: 1,
  price: 50000,
  slug: 'pan',
  attributes: { variant_id: variant, options: [{ code: 'size', value: size, label: `${size} cm` }] },
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const mount = (lang: 'en' | 'ru' | 'uz' = 'en') => {
  setLanguage(lang);
  return render(
    <MemoryRouter initialEntries={[`/${lang}`]}>
      <p>
        <button type="button">elsewhere</button>
      </p>
      <MiniCart basePath={`/${lang}`} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
};
const toggle = () => screen.getByTestId('cart-badge');

beforeEach(() => clearCart());

it('declares its contract', () => expect(contractVersion).toBe(CONTRACT_VERSION));

it('opens from the badge with the lines, options, price × quantity and the total', () => {
  addToCart(kettle);
  addToCart(pan(1, '24'));
  addToCart(pan(2, '28'));
  mount();
  expect(toggle().getAttribute('aria-expanded')).toBe('false');
  expect(screen.getByTestId('cart-count').textContent).toBe('4');
  expect(screen.queryByTestId('mini-cart')).toBeNull();
  fireEvent.click(toggle());
  expect(toggle().getAttribute('aria-expanded')).toBe('true');
  const panel = screen.getByRole('dialog', { name: /Cart/ });
  expect(toggle().getAttribute('aria-controls')).toBe(panel.id);
  expect(document.activeElement).toBe(panel);
  const lines = within(panel).getAllByTestId('mini-cart-line');
  expect(lines).toHaveLength(3);
  expect(within(lines[0]!).getByTestId('mini-cart-line-price').textContent).toBe('100,000\u00a0UZS × 2');
  expect(within(lines[1]!).getByTestId('mini-cart-line-options').textContent).toBe('24 cm');
  expect(within(lines[2]!).getByTestId('mini-cart-line-options').textContent).toBe('28 cm');
  expect(lines[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/kettle.webp');
  expect(screen.getByTestId('mini-cart-total').textContent).toBe('300,000\u00a0UZS');
  expect(screen.getByTestId('mini-cart-to-cart').getAttribute('href')).toBe('/en/cart');
  expect(screen.getByTestId('mini-cart-checkout').getAttribute('href')).toBe('/en/checkout');
});

it('removes one variant only, keeps focus in the panel, and shows the empty state at the end', () => {
  addToCart(pan(1, '24'));
  addToCart(pan(2, '28'));
  mount();
  fireEvent.click(toggle());
  fireEvent.click(screen.getByRole('button', { name: 'Remove “Pan, 24 cm”' }));
  expect($cart.get().map((i) => (i.attributes as { variant_id: number }).variant_id)).toEqual([2]);
  expect(document.activeElement).toBe(screen.getByTestId('mini-cart'));
  fireEvent.click(screen.getByRole('button', { name: 'Remove “Pan, 28 cm”' }));
  expect(screen.getByTestId('mini-cart-empty').textContent).toBe('Your cart is empty');
  expect(screen.getByTestId('cart-count').textContent).toBe('0');
  expect(screen.queryByTestId('mini-cart-checkout')).toBeNull();
});

it('Escape and the close button shut it and give focus back to the button', () => {
  mount();
  fireEvent.click(toggle());
  fireEvent.keyDown(screen.getByTestId('mini-cart'), { key: 'Escape' });
  expect(screen.queryByTestId('mini-cart')).toBeNull();
  expect(toggle().getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle());
  fireEvent.click(toggle());
  fireEvent.click(screen.getByRole('button', { name: 'Close the cart' }));
  expect(screen.queryByTestId('mini-cart')).toBeNull();
  expect(document.activeElement).toBe(toggle());
});

it('a click outside, or focus leaving it, shuts it', () => {
  mount();
  fireEvent.click(toggle());
  fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
  expect(screen.queryByTestId('mini-cart')).toBeNull();
  fireEvent.click(toggle());
  fireEvent.blur(screen.getByTestId('mini-cart'), { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
  expect(screen.queryByTestId('mini-cart')).toBeNull();
});

it('following "Go to cart" navigates and shuts the panel', () => {
  addToCart(kettle);
  mount();
  fireEvent.click(toggle());
  fireEvent.click(screen.getByTestId('mini-cart-to-cart'));
  expect(screen.getByTestId('where').textContent).toBe('/en/cart');
  expect(screen.queryByTestId('mini-cart')).toBeNull();
});

it('speaks Russian and Uzbek', () => {
  addToCart(kettle);
  const { unmount } = mount('ru');
  fireEvent.click(toggle());
  expect(toggle().getAttribute('aria-label')).toBe('Корзина, товаров: 2');
  expect(screen.getByTestId('mini-cart-to-cart').textContent).toBe('Перейти в корзину');
  expect(screen.getByTestId('mini-cart-checkout').textContent).toBe('Оформить заказ');
  expect(screen.getByTestId('mini-cart-total').textContent).toBe('200\u00a0000\u00a0сум');
  unmount();
  act(() => clearCart());
  mount('uz');
  fireEvent.click(toggle());
  expect(screen.getByTestId('mini-cart-empty').textContent).toBe('Savatingiz boʻsh');
  expect(screen.getByTestId('mini-cart-close').getAttribute('aria-label')).toBe('Savatni yopish');
});
