// The payment step offers only the methods the API takes now (GET /api/settings/delivery `payment_methods`):
// Payme and Click are hidden when the settings leave them out and shown when present; without the list (an
// older API, or the settings cannot be loaded) every method is offered as before; a remembered choice the
// shop no longer takes falls back to cash.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $checkoutForm, setLanguage, updateCheckoutForm } from '@bozor/shared';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import { forgetPaymentMethods, rememberPaymentMethods } from '../src/hooks/usePaymentMethods';
import { fakeResponse as json, renderPayment as app, signedInAtPayment } from './paymentFixture';

type Call = { url: string; init: RequestInit };
const calls: Call[] = [];
/** The answer of GET /api/settings/delivery; `undefined`: the route fails (404). */
let settings: Record<string, unknown> | undefined;
/** Holds the settings' answer until the test has seen the list loading. */
let settingsSent: Promise<void>;
let sendSettings: () => void;

const SETTINGS: DeliverySettingsData = {
  delivery_sum: 25000,
  free_delivery_threshold: 1000000,
  default_region: 'tashkent',
  regions: [],
  express: { regions: ['tashkent'], note: '' },
  pickup: { fee: 0, note: '' },
};

beforeEach(() => {
  calls.length = 0;
  settings = undefined;
  settingsSent = new Promise((resolve) => (sendSettings = resolve));
  forgetPaymentMethods();
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: { variant_id: 31 } }, 'cash', (url, init) => {
    calls.push({ url, init });
    if (url === '/api/settings/delivery') return settingsSent.then(() => (settings ? json(200, { data: settings }) : json(404, {})));
    if (url === '/api/payments/cards') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    if (url === '/api/orders/') {
      const order = { number: 'BZ-100002', status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: { type: 'pickup', fee: 0 }, receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' }, total: 100 };
      return json(201, { order });
    }
    return json(404, {});
  });
});

/** Renders the payment step (no list remembered from a delivery step) and waits until the settings' answer or failure is in. */
async function paymentStep() {
  app();
  expect((await screen.findByTestId('payment-methods')).getAttribute('aria-busy')).toBe('true');
  sendSettings();
  await waitFor(() => expect(screen.getByTestId('payment-methods').getAttribute('aria-busy')).toBe('false'));
  expect(calls.filter((c) => c.url === '/api/settings/delivery')).toHaveLength(1);
}
const shown = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[name="paymentType"]')).map((i) => i.dataset.testid);
const methodsText = () => screen.getByTestId('payment-methods').textContent ?? '';

it('hides Payme and Click when the settings leave them out', async () => {
  settings = { ...SETTINGS, payment_methods: ['cash', 'card'] };
  await paymentStep();
  expect(shown()).toEqual(['pay-cash', 'pay-card']);
  expect(screen.queryByTestId('pay-payme')).toBeNull();
  expect(screen.queryByTestId('pay-click')).toBeNull();
  expect(methodsText()).not.toContain('Pay with Payme');
  expect(methodsText()).not.toContain('Pay with Click');
});

it('shows Payme and Click when the settings list them, in the page language (ru)', async () => {
  setLanguage('ru');
  settings = { ...SETTINGS, payment_methods: ['cash', 'card', 'payme', 'click'] };
  await paymentStep();
  expect(await screen.findByTestId('pay-payme')).toBeTruthy();
  expect(shown()).toEqual(['pay-cash', 'pay-card', 'pay-payme', 'pay-click']);
  expect(methodsText()).toContain('Через Payme');
  expect(methodsText()).toContain('Через Click');
  expect(methodsText()).toContain('Оплата при получении');
});

it('offers only what is listed, in the checkout order, and always cash', async () => {
  settings = { ...SETTINGS, payment_methods: ['click', 'uzum'] };
  await paymentStep();
  expect(shown()).toEqual(['pay-cash', 'pay-click']);
  expect(methodsText()).toContain('Pay with Click');
});

it('offers every method when the settings carry no list (an older API)', async () => {
  settings = { ...SETTINGS };
  await paymentStep();
  expect(shown()).toEqual(['pay-cash', 'pay-card', 'pay-payme', 'pay-click']);
});

it('offers every method when the settings cannot be loaded', async () => {
  await paymentStep();
  expect(shown()).toEqual(['pay-cash', 'pay-card', 'pay-payme', 'pay-click']);
});

it('a remembered Payme choice the shop no longer takes falls back to cash, and the order is placed with cash', async () => {
  updateCheckoutForm({ paymentType: 'payme' });
  settings = { ...SETTINGS, payment_methods: ['cash', 'card'] };
  await paymentStep();
  await waitFor(() => expect($checkoutForm.get().paymentType).toBe('cash'));
  expect((screen.getByTestId('pay-cash') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByTestId('place-order'));
  await screen.findByText('Order confirmed!');
  const order = calls.find((c) => c.url === '/api/orders/')!;
  expect(JSON.parse(String(order.init.body))).toMatchObject({ payment: { method: 'cash' } });
});

it('a remembered Click choice stays when Click is offered', async () => {
  updateCheckoutForm({ paymentType: 'click' });
  settings = { ...SETTINGS, payment_methods: ['cash', 'card', 'click'] };
  await paymentStep();
  expect((await screen.findByTestId<HTMLInputElement>('pay-click')).checked).toBe(true);
  expect($checkoutForm.get().paymentType).toBe('click');
});

it('knows the list at once when the delivery step has loaded the settings, and still asks again', async () => {
  rememberPaymentMethods({ ...SETTINGS, payment_methods: ['cash', 'click'] });
  settings = { ...SETTINGS, payment_methods: ['cash', 'card', 'click'] };
  app();
  expect((await screen.findByTestId('payment-methods')).getAttribute('aria-busy')).toBe('false');
  expect(shown()).toEqual(['pay-cash', 'pay-click']);
  sendSettings();
  await waitFor(() => expect(shown()).toEqual(['pay-cash', 'pay-card', 'pay-click']));
});
