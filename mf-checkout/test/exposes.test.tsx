// Contract tests: each exposed module renders with nothing but the shared contract around it.
import { render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { $auth, $cartSyncing, addToCart, clearCart, setLanguage, CONTRACT_VERSION, GUEST_AUTH } from '@bozor/shared';
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

  it('sends a guest with an empty cart to the cart (docs/product.md "Form masks and page guards")', () => {
    const { container } = app('/en/checkout');
    expect(container.textContent).toBe('cart page');
  });

  it('asks a guest with a cart to sign in, and opens checkout once signed in', async () => {
    addToCart({ product_id: 1, name: 'A', img_url: null, quantity: 1, price: 1, slug: 'a' });
    app('/en/checkout');
    // the step keeps its title; the card asks to sign in
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Sign in to check out');
    expect(screen.getByTestId('checkout-sign-in-button').textContent).toBe('Sign in');
    act(() => $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' }));
    // the step loads on its own (a guest never downloads it): its frame keeps the title meanwhile
    expect(screen.getByTestId('checkout-frame').textContent).toContain('Checkout');
    expect(within(await screen.findByTestId('checkout-delivery')).getByRole('heading', { level: 1 }).textContent).toBe('Checkout');
    expect(screen.queryByTestId('checkout-sign-in')).toBeNull();
  });

  it('sends a signed-in user with an empty cart to the cart', () => {
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    const { container } = app('/en/checkout');
    expect(container.textContent).toBe('cart page');
  });

  it('a signed-in shopper whose cart is still coming from the server waits for it, then checks out (not sent to the cart)', async () => {
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    $cartSyncing.set(true);
    const { container } = app('/en/checkout');
    expect(container.textContent).not.toBe('cart page');
    expect(screen.getByTestId('checkout-frame').textContent).toContain('Checkout');
    // the account's cart (filled on another device) arrives, then the pull ends
    act(() => {
      addToCart({ product_id: 1, name: 'A', img_url: null, quantity: 1, price: 1, slug: 'a' });
      $cartSyncing.set(false);
    });
    expect(within(await screen.findByTestId('checkout-delivery')).getByRole('heading', { level: 1 }).textContent).toBe('Checkout');
  });

  it('the pull ended with an empty cart: then to the cart', () => {
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    $cartSyncing.set(true);
    const { container } = app('/en/checkout');
    act(() => $cartSyncing.set(false));
    expect(container.textContent).toBe('cart page');
  });

  it('opens checkout for a signed-in user with a cart', () => {
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    addToCart({ product_id: 1, name: 'A', img_url: null, quantity: 1, price: 1, slug: 'a' });
    app('/en/checkout');
    expect(within(screen.getByTestId('checkout-delivery')).getByRole('heading', { level: 1 }).textContent).toBe('Checkout');
  });

  it('shows the confirmation texts (an address without ?order= names no order to confirm)', () => {
    app('/en/checkout/confirmed');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No order named here');
    expect(screen.getByTestId('checkout-confirmed').textContent).toContain('No order named hereThis link does not say which order to show.');
  });
});
