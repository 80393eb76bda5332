// Placing the order: the same Idempotency-Key across a retry after a network error, a refused card
// explained, and the confirmation reached with the cart emptied.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $cart } from '@bozor/shared';
import { fakeResponse as json, renderPayment as app, signedInAtPayment } from './paymentFixture';

type Call = { url: string; init: RequestInit };
const calls: Call[] = [];
let orderReplies: (() => Promise<unknown>)[] = [];

beforeEach(() => {
  calls.length = 0;
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100, slug: 'kettle', attributes: { variant_id: 31 } }, 'cash', (url, init) => {
    calls.push({ url, init });
    if (url === '/api/payments/cards') return json(200, { data: [] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 200, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 200 } });
    if (url === '/api/orders/') return orderReplies.shift()!() as Promise<Response>;
    return json(404, {});
  });
});

const orderCalls = () => calls.filter((c) => c.url === '/api/orders/');
const keyOf = (c: Call) => (c.init.headers as Record<string, string>)['Idempotency-Key'];

it('retries with the same Idempotency-Key after a network error and confirms', async () => {
  const order = { number: 'BZ-100001', status: 'new', payment_status: 'pending', payment_method: 'cash', delivery: { type: 'pickup', fee: 0, store: { name: 'Bozor Chilonzor' } }, receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' }, total: 200 };
  orderReplies = [() => Promise.reject(new TypeError('offline')), () => json(201, { order })];
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  await screen.findByTestId('order-error');
  fireEvent.click(screen.getByTestId('place-order'));
  await screen.findByText('Order confirmed!');
  expect(screen.getByTestId('confirmed-number').textContent).toBe('BZ-100001');
  expect(screen.getByTestId('confirmed-receiver').textContent).toContain('Aziz Rahimov');
  const [first, second] = orderCalls();
  expect(keyOf(first!)).toBe(keyOf(second!));
  expect(JSON.parse(String(second!.init.body))).toMatchObject({ items: [{ product_id: 7, variant_id: 31, quantity: 2 }], one_click: false, delivery: { type: 'pickup', store_id: 1 }, payment: { method: 'cash' } });
  expect($cart.get()).toEqual([]);
});

it('shows why a card was refused and starts a new attempt next time', async () => {
  orderReplies = [
    () => json(402, { error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on the card. The card was not charged.' } }),
    () => json(402, { error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on the card. The card was not charged.' } }),
  ];
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  await waitFor(() => expect(screen.getByTestId('order-error').textContent).toBe('Insufficient funds on the card. The card was not charged.'));
  fireEvent.click(screen.getByTestId('place-order'));
  await waitFor(() => expect(orderCalls()).toHaveLength(2));
  expect(keyOf(orderCalls()[0]!)).not.toBe(keyOf(orderCalls()[1]!));
  expect($cart.get()).toHaveLength(1);
});
