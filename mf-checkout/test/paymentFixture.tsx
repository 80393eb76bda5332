// What the payment-step tests share: a signed-in shopper with one cart line and a pickup form filled
// in, the shop's API client over a test `fetch`, a fake answer, and the payment page rendered.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  $accountType,
  $auth,
  $language,
  addToCart,
  clearCart,
  createApiClient,
  resetCheckoutForm,
  setApi,
  setLanguage,
  updateCheckoutForm,
  type CartItem,
} from '@bozor/shared';
import CheckoutRoutes from '../src/routes';

/** A `fetch` answer with this status and JSON body (and a Retry-After header when given). */
export const fakeResponse = (status: number, body: unknown, retryAfter?: string) =>
  Promise.resolve({
    ok: status < 300,
    status,
    headers: { get: (h: string) => (h.toLowerCase() === 'retry-after' ? (retryAfter ?? null) : null) },
    text: () => Promise.resolve(JSON.stringify(body)),
  } as unknown as Response);

/** Signed in, `line` in the cart, store pickup filled in and `paymentType` chosen; API calls go to `fetch`. */
export function signedInAtPayment(line: CartItem, paymentType: 'card' | 'cash', fetch: (url: string, init: RequestInit) => Promise<Response>) {
  localStorage.clear();
  sessionStorage.clear();
  setLanguage('en');
  setApi(createApiClient({ getLang: () => $language.get(), getToken: () => $auth.get().token, getAccountType: () => $accountType.get() }));
  clearCart();
  resetCheckoutForm();
  $auth.set({ isAuthenticated: true, token: 't', user: { phone: '+998901234567' }, userType: 'individual' });
  addToCart(line);
  updateCheckoutForm({ deliveryType: 'pickup', currentStore: 1, name: 'Aziz', surname: 'Rahimov', phone: '+998 90 123 45 67', paymentType });
  global.fetch = jest.fn(fetch) as unknown as typeof globalThis.fetch;
}

/** The checkout's routes at `path` (under /en). */
export const renderCheckout = (path = '/en/checkout') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/en/*" element={<CheckoutRoutes basePath="/en" />} />
      </Routes>
    </MemoryRouter>,
  );

/** The checkout's payment page at /en/checkout/payment. */
export const renderPayment = () => renderCheckout('/en/checkout/payment');

/** The delivery settings of a shop that delivers in Tashkent only (express there too), cash only. */
export const TASHKENT_ONLY = {
  delivery_sum: 25000,
  free_delivery_threshold: 1000000,
  default_region: 'tashkent',
  regions: [{ slug: 'tashkent', name: 'Tashkent', cities: [], days: '1–2', express_available: true }],
  express: { regions: ['tashkent'], note: '' },
  pickup: { fee: 0, note: '' },
  payment_methods: ['cash'],
};
