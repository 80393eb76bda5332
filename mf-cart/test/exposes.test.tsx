// Contract tests: each exposed module renders with nothing but the shared contract around it.
import { render, screen, fireEvent } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { addToCart, clearCart, setLanguage, $cart, CONTRACT_VERSION } from '@bozor/shared';
import CartRoutes, { contractVersion } from '../src/routes';
import CartBadge from '../src/components/CartBadge';

const at = (path: string, ui: React.ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
const kettle = { product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100000, slug: 'kettle' };

beforeEach(() => clearCart());

describe('cart/Routes', () => {
  it('declares its contract', () => expect(contractVersion).toBe(CONTRACT_VERSION));

  it('shows the empty state', () => {
    setLanguage('en');
    at('/cart', <CartRoutes basePath="/en" />);
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
  });

  it('lists the shared cart and changes quantities through the store', () => {
    setLanguage('en');
    addToCart(kettle);
    at('/cart', <CartRoutes basePath="/en" />);
    expect(screen.getByTestId('cart-line-quantity').textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Fewer' }));
    expect($cart.get()[0]!.quantity).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Fewer' }));
    expect($cart.get()).toEqual([]);
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
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
  });
});
