// The shop's order limits as the shopper meets them at checkout: too many of one item (422) is said in the
// API's own words, in the language the page asked for (X-LANG); too many unpaid orders (409) in the
// checkout's, which say what the shopper can do (pay one in My orders, linked, or wait for the shop to
// cancel it) instead of the API's "once one is cancelled" — shoppers cannot cancel orders. The next attempt
// uses a new Idempotency-Key; the cart is kept.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** What the checkout says instead, and its link to My orders. */
const TOO_MANY_SAID: Record<string, [text: string, link: string]> = {
  en: [
    'You have reached the limit of unpaid orders, so a new one cannot be placed yet. Pay for an online order in My orders (“Pay now”), or wait: the shop cancels a Payme or Click order left unpaid after 1 hour, and a pay-on-receipt order it has not confirmed after 48 hours. A pay-on-receipt order stops counting once you receive it.',
    'Go to My orders',
  ],
  ru: [
    'Достигнут предел неоплаченных заказов, поэтому новый заказ пока оформить нельзя. Оплатите онлайн-заказ в разделе «Мои заказы» (кнопка «Оплатить сейчас») или подождите: магазин отменяет заказ через Payme или Click, не оплаченный за 1 час, а неподтверждённый заказ с оплатой при получении — через 48 часов. Заказ с оплатой при получении перестаёт учитываться, когда вы его получите.',
    'Перейти в «Мои заказы»',
  ],
  uz: [
    'Toʻlanmagan buyurtmalar chegarasiga yetdingiz, shuning uchun hozircha yangi buyurtma berib boʻlmaydi. Onlayn buyurtmani «Mening buyurtmalarim» boʻlimida («Hozir toʻlash» tugmasi) toʻlang yoki kuting: doʻkon 1 soat ichida toʻlanmagan Payme yoki Click buyurtmasini, tasdiqlanmagan qabul qilishda toʻlanadigan buyurtmani esa 48 soatdan keyin bekor qiladi. Qabul qilishda toʻlanadigan buyurtma uni olganingizdan keyin hisobga olinmaydi.',
    '«Mening buyurtmalarim»ga oʻtish',
  ],
};

it.each(['en', 'ru', 'uz'] as const)('too many unpaid orders (%s): what the shopper can do, with a link to My orders, never "cancel"', async (lang) => {
  setLanguage(lang);
  orderReply = () => json(409, { error: { code: 'TOO_MANY_OPEN_ORDERS', message: 'You can place a new one once one of them is paid, delivered or cancelled.', max: 5 } });
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  const error = await screen.findByTestId('order-error');
  const [text, linkText] = TOO_MANY_SAID[lang]!;
  expect(error.textContent).toBe(`${text} ${linkText}`);
  expect(error.textContent).not.toMatch(/once one of them is paid, delivered or cancelled|bekor qilingach|будет оплачен, доставлен или отменён/);
  const link = within(error).getByRole('link', { name: linkText });
  expect(link.getAttribute('href')).toBe('/en/account/orders');
  // the focus goes to the message, and the next Tab reaches its link
  await waitFor(() => expect(document.activeElement).toBe(error));
});

it('too many unpaid orders: the cart stays; a new key next time', async () => {
  setLanguage('ru');
  orderReply = (lang) => json(409, { error: { code: 'TOO_MANY_OPEN_ORDERS', message: TOO_MANY[lang] ?? '?', max: 5 } });
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  await waitFor(() => expect(screen.getByTestId('order-error').textContent).toBe(`${TOO_MANY_SAID.ru![0]} ${TOO_MANY_SAID.ru![1]}`));
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
