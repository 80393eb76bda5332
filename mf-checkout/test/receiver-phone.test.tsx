// The receiver phone starts as the account's own on every checkout: after an order (whose receiver was
// another number) the kept form holds the account's phone again, and a kept phone with no number in it
// (a cleared field: only the mask's "+998 ") gives way to the account's own.
import { fireEvent, screen } from '@testing-library/react';
import { $checkoutForm, addToCart, updateCheckoutForm } from '@bozor/shared';
import { fakeResponse as json, renderCheckout, renderPayment, signedInAtPayment } from './paymentFixture';

const SETTINGS = { delivery_sum: 25000, free_delivery_threshold: 1000000, default_region: 'tashkent', regions: [], express: { regions: [], note: '' }, pickup: { fee: 0, note: '' }, payment_methods: ['cash'] };
const ORDER = { number: 'BZ-100005', status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: { type: 'pickup', fee: 0 }, receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998931112233' }, total: 100 };
const KETTLE = { product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: {} };
/** The account's phone (the fixture signs in +998901234567), as the form shows it. */
const OWN = '+998 90 123 45 67';

beforeEach(() => {
  signedInAtPayment(KETTLE, 'cash', (url) => {
    if (url === '/api/settings/delivery') return json(200, { data: SETTINGS });
    if (url === '/api/store/stores') return json(200, { data: [{ id: 1, name: 'Store 1', address: 'Street 1' }] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    if (url === '/api/orders/') return json(201, { order: ORDER });
    if (url.startsWith('/api/orders?')) return json(200, { data: [ORDER], meta: { total: 1, page: 1, per_page: 1, last_page: 1 } });
    return json(404, {});
  });
});

const openDelivery = () => renderCheckout();
const phoneField = () => screen.findByTestId<HTMLInputElement>('field-phone');

it('after an order to another number, the kept form and the next checkout start with the account’s phone', async () => {
  updateCheckoutForm({ phone: '+998 93 111 22 33' });
  const payment = renderPayment();
  fireEvent.click(await screen.findByTestId('place-order'));
  await screen.findByText('Order confirmed!');
  expect($checkoutForm.get().phone).toBe(OWN);
  expect($checkoutForm.get().name).toBe('');
  expect(JSON.parse(localStorage.getItem('checkoutForm') ?? '{}')).toMatchObject({ form: { phone: OWN, name: '' } });
  payment.unmount();

  addToCart(KETTLE);
  openDelivery();
  expect((await phoneField()).value).toBe(OWN);
});

it('a kept phone with no number in it (a cleared field) starts as the account’s own', async () => {
  updateCheckoutForm({ phone: '+998 ' });
  openDelivery();
  expect((await phoneField()).value).toBe(OWN);
});
