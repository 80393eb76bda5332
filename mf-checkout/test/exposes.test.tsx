// Contract tests: each exposed module renders with nothing but the shared contract around it.
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { $auth, addToCart, clearCart, setLanguage, CONTRACT_VERSION, GUEST_AUTH } from '@bozor/shared';
import CheckoutRoutes, { contractVersion } from '../src/routes';

const app = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/en/*" element={<CheckoutRoutes basePath="/en" />} />
        <Route path="/en/cart" element={<p>cart page</p>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  clearCart();
  $auth.set(GUEST_AUTH);
  setLanguage('en');
});

describe('checkout/Routes', () => {
  it('declares its contract', () => expect(contractVersion).toBe(CONTRACT_VERSION));

  it('sends a guest with an empty cart to the cart (spec §5)', () => {
    app('/en/checkout');
    expect(screen.getByText('cart page')).toBeTruthy();
  });

  it('asks a guest with a cart to sign in, and opens checkout once signed in', () => {
    addToCart({ product_id: 1, name: 'A', img_url: null, quantity: 1, price: 1, slug: 'a' });
    app('/en/checkout');
    expect(screen.getByRole('heading', { name: 'Sign in to check out' })).toBeTruthy();
    act(() => $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' }));
    expect(screen.getByTestId('checkout-delivery')).toBeTruthy();
  });

  it('sends a signed-in user with an empty cart to the cart', () => {
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    app('/en/checkout');
    expect(screen.getByText('cart page')).toBeTruthy();
  });

  it('opens checkout for a signed-in user with a cart', () => {
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    addToCart({ product_id: 1, name: 'A', img_url: null, quantity: 1, price: 1, slug: 'a' });
    app('/en/checkout');
    expect(screen.getByTestId('checkout-delivery')).toBeTruthy();
  });

  it('shows the confirmation texts', () => {
    app('/en/checkout/confirmed');
    expect(screen.getByText('Order confirmed!')).toBeTruthy();
    expect(screen.getByText('Thank you for your order!')).toBeTruthy();
  });
});
