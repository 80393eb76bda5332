/** @jest-environment jsdom */
// The shell's persistence (stores/persistence.ts): the session and the cart kept in localStorage and
// followed across tabs, the guest cart merged at sign-in, what logout forgets, and the two cookies the
// server renders from (bz_cart, bz_in). Reading the cart from the server is persistence-pull's.
import { $auth, $cart, GUEST_AUTH, RECENTLY_VIEWED_KEY, addToCart, clearCart, completeSignIn, logout, type CartItem } from '@bozor/shared';
import { decodeCartCookie } from '@bozor/shared/cart-cookie';
import { CART_SYNC_ERROR, initPersistence } from '../src/stores/persistence';
import { api, item } from './support/stand-in-api';

let stop: () => void = () => undefined;
beforeEach(() => {
  stop();
  localStorage.clear();
  $auth.set(GUEST_AUTH);
  clearCart();
});
afterEach(() => stop());

describe('persistence', () => {
  it("restores 'auth' and 'cart' from localStorage and writes changes back", () => {
    localStorage.setItem('cart', JSON.stringify([item(1, 2)]));
    localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: 'tok', user: null, userType: 'individual' }));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect($cart.get()).toEqual([item(1, 2)]);
    expect($auth.get().token).toBe('tok');
    $auth.set(GUEST_AUTH);
    addToCart(item(2, 1));
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('auth')!).userType).toBe('null');
  });

  it('ignores corrupt storage', () => {
    localStorage.setItem('cart', '{nope');
    localStorage.setItem('auth', JSON.stringify({ hello: 1 }));
    stop = initPersistence().stop;
    expect($cart.get()).toEqual([]);
    expect($auth.get()).toEqual(GUEST_AUTH);
  });

  it('merges the guest cart into the backend cart on sign-in and pushes the result', async () => {
    const pushed: unknown[] = [];
    api({
      'GET /api/auth/user': () => [200, { user: { id: 1, user_type: 'individual' } }],
      'GET /api/profile/cart': () => [200, [item(1, 2), item(3, 1)]],
      'POST /api/profile/cart': (body) => {
        pushed.push(body);
        return [200, {}];
      },
    });
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    addToCart(item(1, 1));
    addToCart(item(2, 1));
    await completeSignIn('tok');
    await new Promise((r) => setTimeout(r, 10));
    expect($cart.get().map((i) => [i.product_id, i.quantity])).toEqual([
      [1, 3],
      [3, 1],
      [2, 1],
    ]);
    expect((pushed[0] as { cart_data: CartItem[] }).cart_data).toHaveLength(3);
  });

  it('logs a failed sync with the Russian message', async () => {
    api({
      'GET /api/auth/user': () => [200, { user: { id: 1 } }],
      'GET /api/profile/cart': () => [500, {}],
    });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    await completeSignIn('tok');
    await new Promise((r) => setTimeout(r, 10));
    expect(spy.mock.calls.some((c) => c[0] === CART_SYNC_ERROR)).toBe(true);
    spy.mockRestore();
  });

  it('empties the cart at logout', async () => {
    api({ 'POST /api/auth/logout': () => [200, {}] });
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    addToCart(item(1, 1));
    await logout();
    expect($cart.get()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('auth')!)).toEqual(GUEST_AUTH);
  });

  it('forgets the recently viewed products at logout (a shared computer)', async () => {
    api({ 'POST /api/auth/logout': () => [200, {}] });
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([12, 7]));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    await logout();
    expect(localStorage.getItem(RECENTLY_VIEWED_KEY)).toBeNull();
  });

  it('follows sign-in, logout and cart changes made in another tab', () => {
    stop = initPersistence().stop;
    const otherTab = (key: string, value: unknown) => {
      localStorage.setItem(key, JSON.stringify(value));
      window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
    };
    otherTab('auth', { isAuthenticated: true, token: 'x', user: null, userType: 'individual' });
    expect($auth.get().isAuthenticated).toBe(true);
    otherTab('cart', [item(5, 4)]);
    expect($cart.get()).toEqual([item(5, 4)]);
    otherTab('auth', GUEST_AUTH);
    expect($auth.get()).toEqual(GUEST_AUTH);
  });
});

describe('the cart mirrored into the bz_cart cookie (what the server renders the cart page from)', () => {
  const cookie = () => /(?:^|;\s*)bz_cart=([^;]*)/.exec(document.cookie)?.[1];

  it('is written at start-up and on every change, and decodes back to the cart', () => {
    localStorage.setItem('cart', JSON.stringify([item(1, 2)]));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect(cookie()).toBe('1..2.1000');
    addToCart({ ...item(7, 1), attributes: { variant_id: 70 } });
    expect(cookie()).toBe('1..2.1000_7.70.1.1000');
    expect(decodeCartCookie(cookie() ?? 'x')).toEqual([
      { product_id: 1, quantity: 2, price: 1000 },
      { product_id: 7, variant_id: 70, quantity: 1, price: 1000 },
    ]);
    clearCart();
    expect(cookie()).toBe('');
  });

  it("is removed for a legal entity's cart (the server renders individual prices) and for a line named by options", () => {
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    addToCart(item(1, 1));
    expect(cookie()).toBe('1..1.1000');
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'legal' });
    expect(cookie()).toBeUndefined();
    $auth.set(GUEST_AUTH);
    expect(cookie()).toBe('1..1.1000');
    addToCart({ ...item(2, 1), attributes: { color: 'white' } });
    expect(cookie()).toBeUndefined();
  });
});

describe('the bz_in cookie (the server draws the header of a signed-in browser with "My account")', () => {
  const cookie = () => /(?:^|;\s*)bz_in=([^;]*)/.exec(document.cookie)?.[1];

  it('is there while a session is stored, from start-up on, and goes at sign-out; it carries nothing of the session', () => {
    localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: 'secret-token', user: null, userType: 'individual' }));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect(cookie()).toBe('1');
    expect(document.cookie).not.toContain('secret-token');
    $auth.set(GUEST_AUTH);
    expect(cookie()).toBeUndefined();
    $auth.set({ isAuthenticated: true, token: 't2', user: null, userType: 'legal' });
    expect(cookie()).toBe('1');
    $auth.set(GUEST_AUTH);
  });

  it('is not written for a guest', () => {
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect(cookie()).toBeUndefined();
  });
});
