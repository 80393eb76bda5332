// Keyboard focus across the checkout's steps: "Continue to payment" and "Place the order" take the
// shopper to a page whose h1 has the focus (the pressed button is gone), while a page opened directly
// leaves the focus where the browser puts it; pickup without a store says "Choose a store" at the store
// list (an invalid radio group linked to the message) and focuses its first store.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $auth, GUEST_AUTH, closeSignIn, completeSignIn, setLanguage, updateCheckoutForm } from '@bozor/shared';
import { fakeResponse as json, renderCheckout, renderPayment, signedInAtPayment, TASHKENT_ONLY as SETTINGS } from './paymentFixture';

const STORES = [1, 2].map((id) => ({ id, name: `Store ${id}`, address: `Street ${id}`, hours: '9–21' }));
const ORDER = { number: 'BZ-100003', status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: { type: 'pickup', fee: 0 }, receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' }, total: 100 };

beforeEach(() => {
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} }, 'cash', (url) => {
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: STORES });
    if (url === '/api/cart/availability') return json(503, {});
    if (url === '/api/payments/cards') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    if (url === '/api/orders/') return json(201, { order: ORDER });
    if (url === '/api/auth/user') return json(200, { user: { id: 7, phone: '+998901234567', name: 'Aziz', user_type: 'individual' } });
    if (url.startsWith('/api/orders?')) return json(200, { data: [], meta: { total: 0, page: 1, per_page: 1, last_page: 1 } });
    return json(404, {});
  });
});

const renderDelivery = () => renderCheckout();
const focused = () => document.activeElement;

it('the payment step’s heading, then the confirmation’s, takes the focus after each step change', async () => {
  renderDelivery();
  const next = await screen.findByTestId('to-payment');
  next.focus();
  fireEvent.click(next);
  const payment = await screen.findByRole('heading', { level: 1, name: 'Payment' });
  await waitFor(() => expect(focused()).toBe(payment));
  expect(payment.getAttribute('tabindex')).toBe('-1');

  const place = screen.getByTestId('place-order');
  place.focus();
  fireEvent.click(place);
  const confirmed = await screen.findByRole('heading', { level: 1, name: 'Order confirmed!' });
  await waitFor(() => expect(focused()).toBe(confirmed));
  expect(confirmed.getAttribute('tabindex')).toBe('-1');
});

it('a step opened directly (a reload, a link) does not move the focus', async () => {
  renderPayment();
  await screen.findByTestId('place-order');
  expect(focused()).toBe(document.body);
  expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
});

it('a guest who signs in from the step’s card has the focus on the step’s heading (the card’s button is gone)', async () => {
  $auth.set(GUEST_AUTH);
  renderDelivery();
  const button = screen.getByTestId('checkout-sign-in-button');
  button.focus();
  // the shell's sign-in dialog: the code is verified, the account loaded, the dialog closed
  await act(async () => {
    await completeSignIn('token-0123456789abcdef0123');
    closeSignIn();
  });
  const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await screen.findByTestId('to-payment');
  await waitFor(() => expect(focused()).toBe(heading));
});

it('a session restored from storage or another tab does not move the focus', async () => {
  $auth.set(GUEST_AUTH);
  renderDelivery();
  act(() => $auth.set({ isAuthenticated: true, token: 't', user: { phone: '+998901234567' }, userType: 'individual' }));
  await screen.findByTestId('to-payment');
  expect(focused()).toBe(document.body);
});

it('"Back to delivery" puts the focus on the delivery step’s heading', async () => {
  renderPayment();
  fireEvent.click(await screen.findByRole('button', { name: 'Back to delivery' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await waitFor(() => expect(focused()).toBe(heading));
});

it.each([
  ['en', 'Choose a store'],
  ['ru', 'Выберите магазин'],
  ['uz', 'Doʻkonni tanlang'],
] as const)('pickup without a store (%s): "%s" at the store list, and its first store focused', async (lang, message) => {
  setLanguage(lang);
  updateCheckoutForm({ currentStore: null });
  renderDelivery();
  await waitFor(() => expect(screen.getAllByTestId('store-option')).toHaveLength(2));
  fireEvent.click(screen.getByTestId('to-payment'));
  const error = await screen.findByTestId('store-error');
  expect(error.textContent).toBe(message);
  const group = screen.getByTestId('store-group');
  expect(group.getAttribute('role')).toBe('radiogroup');
  expect(group.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')).toBe(error);
  await waitFor(() => expect(focused()).toBe(within(screen.getAllByTestId('store-option')[0]!).getByRole('radio')));
  expect(screen.queryByText('Invalid input')).toBeNull();
  expect(screen.queryByTestId('checkout-payment')).toBeNull();
});
