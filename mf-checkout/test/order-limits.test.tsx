// The shop's order limits as the shopper meets them at checkout: too many unpaid orders (409) and too many
// of one item (422) are said in the API's own words, in the language the page asked for (X-LANG), and the
// next attempt uses a new Idempotency-Key; the cart is kept.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $cart, setLanguage } from '@bozor/shared';
import { fakeResponse as json, renderPayment as app, signedInAtPayment } from './paymentFixture';

type Call = { url: string; init: RequestInit };
const calls: Call[] = [];
let orderReply: (lang: string) => Promise<Response>;

beforeEach(() => {
  calls.length = 0;
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 2, price: 100, slug: 'kettle', attributes: { variant_id: 31 } }, 'cash', (url, init) => {
    calls.push({ url, init });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 200, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 200 } });
    if (url === '/api/orders/') return orderReply((init.headers as Record<string, string>)['X-LANG'] ?? '');
    return json(404, {});
  });
});

const orderCalls = () => calls.filter((c) => c.url === '/api/orders/');
const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

const TOO_MANY: Record<string, string> = {
  en: 'You have reached the limit of 5 unpaid orders. You can place a new one once one of them is paid, delivered or cancelled.',
  ru: 'Достигнут предел неоплаченных заказов: 5. Новый заказ можно оформить, когда один из них будет оплачен, доставлен или отменён.',
};

it('too many unpaid orders: the API’s message in the shopper’s language; the cart stays; a new key next time', async () => {
  setLanguage('ru');
  orderReply = (lang) => json(409, { error: { code: 'TOO_MANY_OPEN_ORDERS', message: TOO_MANY[lang] ?? '?', max: 5 } });
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  await waitFor(() => expect(screen.getByTestId('order-error').textContent).toBe(TOO_MANY.ru));
  expect(header(orderCalls()[0]!, 'X-LANG')).toBe('ru');
  expect($cart.get()).toHaveLength(1);
  fireEvent.click(screen.getByTestId('place-order'));
  await waitFor(() => expect(orderCalls()).toHaveLength(2));
  expect(header(orderCalls()[1]!, 'Idempotency-Key')).not.toBe(header(orderCalls()[0]!, 'Idempotency-Key'));
});

it('too many of one item: the message names the limit and the item', async () => {
  orderReply = () =>
    json(422, { error: { code: 'QUANTITY_LIMIT', message: 'At most 50 of one item per order: Kettle.', fields: { 'items.0.quantity': 'More than one order may hold.' }, max: 50 } });
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  await waitFor(() => expect(screen.getByTestId('order-error').textContent).toBe('At most 50 of one item per order: Kettle.'));
  expect($cart.get()).toHaveLength(1);
});
