// A saved checkout form belongs to the account that filled it: after B signs out, C (or a guest) on the
// same device never sees B's receiver or address — neither restored from localStorage 'checkoutForm' on
// a later page load, nor left in the open checkout when B signs out. The receiver phone starts as the
// signed-in account's own.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  $accountType,
  $auth,
  $language,
  GUEST_AUTH,
  addToCart,
  clearAuth,
  clearCart,
  createApiClient,
  resetCheckoutForm,
  setApi,
  setLanguage,
  updateCheckoutForm,
  type AuthState,
} from '@bozor/shared';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import CheckoutRoutes from '../src/routes';
import { stopPersistingCheckoutForm } from '../src/state/persist';
import { fakeResponse as json } from './paymentFixture';

const B: AuthState = { isAuthenticated: true, token: 'tb', user: { id: 21, phone: '998935234567', name: 'Test', surname: 'Race', user_type: 'individual' }, userType: 'individual' };
const C: AuthState = { isAuthenticated: true, token: 'tc', user: { id: 22, phone: '998901112233', name: null, surname: null, user_type: 'individual' }, userType: 'individual' };
/** What B typed at checkout. */
const B_FORM = { deliveryType: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Chilonzor 9', name: 'Test', surname: 'Race', phone: '+998 93 523 45 67' };

const SETTINGS: DeliverySettingsData = {
  delivery_sum: 25000,
  free_delivery_threshold: 1000000,
  default_region: 'tashkent',
  regions: [{ slug: 'tashkent', name: 'Ташкент', cities: [{ slug: 'chilanzar', name: 'Чиланзар' }], days: '1–2', express_available: true }],
  express: { regions: ['tashkent'], note: '' },
  pickup: { fee: 0, note: '' },
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setLanguage('ru');
  setApi(createApiClient({ getLang: () => $language.get(), getToken: () => $auth.get().token, getAccountType: () => $accountType.get() }));
  global.fetch = jest.fn((url: string) => {
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    // no earlier order to take the receiver from
    if (url.startsWith('/api/orders?')) return json(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
    return json(404, {});
  }) as unknown as typeof globalThis.fetch;
});

/**
 * A new page load of /ru/checkout: nothing in memory, the shell's stores restored, the checkout remote
 * loaded afresh (with `saved` in localStorage 'checkoutForm' when given).
 */
async function openCheckout(auth: AuthState, saved?: unknown) {
  stopPersistingCheckoutForm();
  resetCheckoutForm();
  clearCart();
  if (saved) localStorage.setItem('checkoutForm', JSON.stringify(saved));
  $auth.set(auth);
  addToCart({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} });
  const view = render(
    <MemoryRouter initialEntries={['/ru/checkout']}>
      <Routes>
        <Route path="/ru/*" element={<CheckoutRoutes basePath="/ru" />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('delivery-form');
  return view;
}

const value = (field: string) => screen.getByTestId<HTMLInputElement>(`field-${field}`).value;
const receiver = () => ({ name: value('name'), surname: value('surname'), phone: value('phone') });

/** B fills the checkout in (and it is kept for B, across a reload), then leaves without ordering. */
async function bFillsTheCheckout() {
  const first = await openCheckout(B);
  act(() => updateCheckoutForm(B_FORM));
  first.unmount();
  const again = await openCheckout(B);
  expect(receiver()).toEqual({ name: 'Test', surname: 'Race', phone: '+998 93 523 45 67' });
  expect(value('address')).toBe('Chilonzor 9');
  return again;
}

it('B signs out where the checkout is not loaded, C signs in: C’s checkout holds none of B’s data', async () => {
  (await bFillsTheCheckout()).unmount();
  // B signs out on /ru/account and C signs in: the checkout remote is not there to see it
  $auth.set(GUEST_AUTH);
  await openCheckout(C);
  // C's own phone, no name (C's profile has none), and not B's address
  expect(receiver()).toEqual({ name: '', surname: '', phone: '+998 90 111 22 33' });
  expect(screen.queryByDisplayValue('Chilonzor 9')).toBeNull();
  expect(screen.queryByDisplayValue('Race')).toBeNull();
  expect(localStorage.getItem('checkoutForm') ?? '').not.toContain('Chilonzor');
});

it('a form kept by an older build (no owner) is nobody’s: not shown to the signed-in shopper', async () => {
  await openCheckout(C, { ...B_FORM, currentStore: null, location: null });
  expect(receiver()).toEqual({ name: '', surname: '', phone: '+998 90 111 22 33' });
  expect(screen.queryByDisplayValue('Test')).toBeNull();
  expect(localStorage.getItem('checkoutForm') ?? '').not.toContain('Race');
});

it('B signs out with the checkout open: it is emptied, and C signing in there gets their own receiver', async () => {
  await bFillsTheCheckout();
  act(() => clearAuth());
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Войдите, чтобы оформить заказ');
  expect(localStorage.getItem('checkoutForm') ?? '').not.toContain('Race');

  act(() => $auth.set(C));
  await screen.findByTestId('delivery-form');
  expect(receiver()).toEqual({ name: '', surname: '', phone: '+998 90 111 22 33' });
  expect(screen.queryByDisplayValue('Chilonzor 9')).toBeNull();
});
