/** @jest-environment jsdom */
// Signing out on a page that is not the checkout (the account, the home page) empties what the checkout
// kept of the shopper: the form with the receiver's name, phone and home address, the attempt's key and
// this tab's copy of the last order. The checkout's own clearing runs only once one of its pages has been
// loaded, so the shell, which runs on every page, must do it (docs/product.md "Stores").
import { $auth, GUEST_AUTH, clearCart, createApiClient, logout, setApi } from '@bozor/shared';
import { initPersistence } from '../src/stores/persistence';

/** What the checkout's delivery step left behind (mf-checkout src/state/persist.ts writes these keys). */
const FORM = { owner: 'id:3', form: { deliveryType: 'courier', address: 'Secret street 7', name: 'Dilnoza', surname: 'Karimova', phone: '+998 93 555 71 01' } };

let stop: () => void = () => undefined;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  $auth.set(GUEST_AUTH);
  clearCart();
  const fetchFn = (async () => ({ ok: true, status: 200, statusText: '', text: async () => '{}' }) as Response) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch: fetchFn }));
});
afterEach(() => stop());

it('Logout on the account page leaves no receiver, phone or address of the checkout in the browser', async () => {
  localStorage.setItem('checkoutForm', JSON.stringify(FORM));
  localStorage.setItem('checkoutAttempt', JSON.stringify({ key: 'co-1', body: '{"receiver":{"name":"Dilnoza"}}' }));
  sessionStorage.setItem('lastOrder', JSON.stringify({ number: 'BZ-100008', receiver: { name: 'Dilnoza', phone: '+998935557101' } }));
  stop = initPersistence({ pushDelayMs: 0 }).stop;
  $auth.set({ isAuthenticated: true, token: 't', user: { id: 3, phone: '+998935557101' }, userType: 'individual' });

  await logout();

  expect(localStorage.getItem('checkoutForm')).toBeNull();
  expect(localStorage.getItem('checkoutAttempt')).toBeNull();
  expect(sessionStorage.getItem('lastOrder')).toBeNull();
  expect(JSON.stringify({ ...localStorage })).not.toContain('Secret street 7');
});

it('keeps the form while the shopper stays signed in (the checkout restores it for them)', () => {
  localStorage.setItem('checkoutForm', JSON.stringify(FORM));
  stop = initPersistence({ pushDelayMs: 0 }).stop;
  $auth.set({ isAuthenticated: true, token: 't', user: { id: 3, phone: '+998935557101' }, userType: 'individual' });
  expect(JSON.parse(localStorage.getItem('checkoutForm') ?? 'null')).toEqual(FORM);
});
