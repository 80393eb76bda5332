// A card payment refused when the order is placed leaves that order cancelled in My orders. The API names it
// (`order_number` beside the refusal's code and message), and the payment step says so under the refusal:
// which order was cancelled, that nothing was charged (or, when the payment was only not confirmed, that any
// money taken comes back), with a link to it in My orders. The shopper can then pay again, on a new attempt.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { fakeResponse as json, renderPayment, signedInAtPayment } from './paymentFixture';

const CARD = { id: 5, number: '860000******0007', expire: '03/99', type: 'Uzcard', verified: true };
const FUNDS = { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on the card. The card was not charged.', order_number: 'BZ-100012' };

type Call = { url: string; init: RequestInit };
const calls: Call[] = [];
let orderReplies: (() => Promise<Response>)[] = [];

/** An order refusal as the API sends it (the client hands `order_number` on as the error's `orderNumber`). */
const refusal = (status: number, error: Record<string, string>) => () => json(status, { error });

beforeEach(() => {
  calls.length = 0;
  signedInAtPayment({ product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100, slug: 'kettle', attributes: { variant_id: 31 } }, 'card', (url, init) => {
    calls.push({ url, init });
    if (url === '/api/payments/cards') return json(200, { data: [CARD] });
    if (url === '/api/delivery/quote') return json(200, { data: { items: [], items_total: 100, delivery_fee: 0, fargoDeliveryPrice: 0, free_delivery_threshold: 1000000, total: 100 } });
    if (url === '/api/orders/') return orderReplies.shift()!();
    return json(404, {});
  });
});

const orderCalls = () => calls.filter((c) => c.url === '/api/orders/');
const keyOf = (c: Call) => (c.init.headers as Record<string, string>)['Idempotency-Key'];

async function placeWithTheCard() {
  renderPayment();
  fireEvent.click(await screen.findByTestId('card-0'));
  fireEvent.click(screen.getByTestId('place-order'));
  return screen.findByTestId('order-error');
}

it('a declined card: the refusal says which order it cancelled, that nothing was charged, and links to it; paying again is a new attempt', async () => {
  const placed = {
    number: 'BZ-100013', status: 'new', payment_status: 'paid', payment_method: 'card',
    delivery: { type: 'pickup', fee: 0, store: { name: 'Bozor Chilonzor' } }, receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' }, total: 100,
  };
  orderReplies = [refusal(402, FUNDS), () => json(201, { order: placed })];
  const error = await placeWithTheCard();
  await waitFor(() =>
    expect(error.textContent).toBe(
      'Insufficient funds on the card. The card was not charged. Order BZ-100012 was cancelled, and nothing was charged to the card. You can pay again, with this card or another one. Open order BZ-100012 in My orders',
    ),
  );
  expect(within(error).getByRole('link', { name: 'Open order BZ-100012 in My orders' }).getAttribute('href')).toBe('/en/account/orders?order=BZ-100012');
  // read out and focused as one message
  expect(error.getAttribute('role')).toBe('alert');
  await waitFor(() => expect(document.activeElement).toBe(error));

  fireEvent.click(screen.getByTestId('place-order'));
  await screen.findByText('Order confirmed!');
  expect(orderCalls()).toHaveLength(2);
  expect(keyOf(orderCalls()[0]!)).not.toBe(keyOf(orderCalls()[1]!));
});

it('says it in Russian', async () => {
  setLanguage('ru');
  orderReplies = [refusal(402, { ...FUNDS, message: 'На карте недостаточно средств. Деньги не списаны.' })];
  const ru = await placeWithTheCard();
  await waitFor(() => expect(within(ru).getByTestId('order-error-cancelled').textContent).toBe('Заказ BZ-100012 отменён, деньги с карты не списаны. Оплатить можно снова — этой или другой картой. Открыть заказ BZ-100012 в «Моих заказах»'));
  expect(within(ru).getByRole('link').getAttribute('href')).toBe('/en/account/orders?order=BZ-100012');
});

it('says it in Uzbek', async () => {
  setLanguage('uz');
  orderReplies = [refusal(402, { ...FUNDS, message: 'Kartada mablagʻ yetarli emas. Kartadan pul yechilmadi.' })];
  const uz = await placeWithTheCard();
  await waitFor(() =>
    expect(within(uz).getByTestId('order-error-cancelled').textContent).toBe(
      'BZ-100012 buyurtmasi bekor qilindi, kartadan pul yechilmadi. Shu yoki boshqa karta bilan qayta toʻlashingiz mumkin. BZ-100012 buyurtmasini «Mening buyurtmalarim»da ochish',
    ),
  );
});

it('a payment that was not confirmed: the order was cancelled and any money taken comes back, never “nothing was charged”', async () => {
  orderReplies = [
    refusal(402, { code: 'PAYMENT_NOT_CONFIRMED', message: 'The payment was not confirmed, so the order was cancelled. If the card was charged, the money will be returned.', order_number: 'BZ-100017' }),
  ];
  const error = await placeWithTheCard();
  const note = await within(error).findByTestId('order-error-cancelled');
  expect(note.textContent).toBe('Order BZ-100017 was cancelled. If money was taken from the card, it will be returned. Open order BZ-100017 in My orders');
  expect(error.textContent).not.toMatch(/nothing was charged/);
});

it('a receipt the bank could not even take (503 PAYMENT_UNAVAILABLE): the order is named, and paying again with the same card is a new attempt', async () => {
  orderReplies = [
    refusal(503, { code: 'PAYMENT_UNAVAILABLE', message: 'The payment service is not answering. The card was not charged.', order_number: 'BZ-100014' }),
    refusal(402, FUNDS),
  ];
  const error = await placeWithTheCard();
  await waitFor(() => expect(within(error).getByTestId('order-error-cancelled').textContent).toMatch(/^Order BZ-100014 was cancelled, and nothing was charged/));
  fireEvent.click(screen.getByTestId('place-order'));
  await waitFor(() => expect(orderCalls()).toHaveLength(2));
  // the same key would only answer the same refusal again
  expect(keyOf(orderCalls()[0]!)).not.toBe(keyOf(orderCalls()[1]!));
  await waitFor(() => expect(within(screen.getByTestId('order-error')).getByTestId('order-error-cancelled').textContent).toMatch(/^Order BZ-100012 /));
});

it('a refusal that names no order (an older API) reads as before', async () => {
  orderReplies = [refusal(402, { code: 'INSUFFICIENT_FUNDS', message: FUNDS.message })];
  const error = await placeWithTheCard();
  await waitFor(() => expect(error.textContent).toBe(FUNDS.message));
  expect(within(error).queryByRole('link')).toBeNull();
});
