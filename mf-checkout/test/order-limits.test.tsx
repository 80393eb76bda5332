// The shop's order limits as the shopper meets them at checkout: too many of one item (422) and too many unpaid
// orders (409) are said in the API's own words, in the language the page asked for (X-LANG) — the unpaid limit's
// words name the shop's own hold times — and the unpaid limit links to My orders, where one can be paid. The
// next attempt uses a new Idempotency-Key; the cart is kept.
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

/** The API's words (api/src/i18n/messages.ts), with a shop's hold times, and the checkout's link to My orders. */
const TOO_MANY: Record<string, [text: string, link: string]> = {
  en: [
    'You have reached the limit of 5 unpaid orders. Pay one of them in My orders (“Pay now”), or wait: the shop cancels an unpaid order when its hold runs out (Payme and Click: 90 minutes; pay on receipt, not yet confirmed: 48 hours). An order paid on receipt stops counting once you receive it.',
    'Go to My orders',
  ],
  ru: [
    'Достигнут предел неоплаченных заказов: 5. Оплатите один из них в разделе «Мои заказы» (кнопка «Оплатить сейчас») или подождите: магазин отменяет неоплаченный заказ, когда истекает срок резерва (Payme и Click — 90 минут, неподтверждённая оплата при получении — 48 часов). Заказ с оплатой при получении перестаёт учитываться, когда вы его получите.',
    'Перейти в «Мои заказы»',
  ],
  uz: [
    'Toʻlanmagan buyurtmalar chegarasiga yetdingiz: 5 ta. Ulardan birini «Mening buyurtmalarim» boʻlimida («Hozir toʻlash» tugmasi) toʻlang yoki kuting: doʻkon toʻlanmagan buyurtmani zaxira muddati tugagach bekor qiladi (Payme va Click — 90 daqiqa, tasdiqlanmagan qabul qilishda toʻlash — 48 soat). Qabul qilishda toʻlanadigan buyurtma uni olganingizdan keyin hisobga olinmaydi.',
    '«Mening buyurtmalarim»ga oʻtish',
  ],
};
const tooMany = (lang: string) =>
  json(409, { error: { code: 'TOO_MANY_OPEN_ORDERS', message: TOO_MANY[lang]?.[0] ?? '?', max: 5, payment_hold_minutes: 90, cash_hold_hours: 48 } });

it.each(['en', 'ru', 'uz'] as const)('too many unpaid orders (%s): the API’s words with the shop’s hold times, and a link to My orders', async (lang) => {
  setLanguage(lang);
  orderReply = tooMany;
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  const error = await screen.findByTestId('order-error');
  const [text, linkText] = TOO_MANY[lang]!;
  expect(error.textContent).toBe(`${text} ${linkText}`);
  const link = within(error).getByRole('link', { name: linkText });
  expect(link.getAttribute('href')).toBe('/en/account/orders');
  // the focus goes to the message, and the next Tab reaches its link
  await waitFor(() => expect(document.activeElement).toBe(error));
});

it('too many unpaid orders without the API’s words: the checkout’s own, which name no hold time, and the link', async () => {
  setLanguage('ru');
  orderReply = () => json(409, { error: { code: 'TOO_MANY_OPEN_ORDERS', message: '', max: 5 } });
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  const error = await screen.findByTestId('order-error');
  expect(error.textContent).toBe(
    'Достигнут предел неоплаченных заказов, поэтому новый заказ пока оформить нельзя. Оплатите онлайн-заказ в разделе «Мои заказы» (кнопка «Оплатить сейчас») или подождите: магазин отменяет неоплаченный заказ, когда истекает срок резерва. Заказ с оплатой при получении перестаёт учитываться, когда вы его получите. Перейти в «Мои заказы»',
  );
});

it('too many unpaid orders: the cart stays; a new key next time', async () => {
  setLanguage('ru');
  orderReply = tooMany;
  app();
  fireEvent.click(await screen.findByTestId('place-order'));
  await waitFor(() => expect(screen.getByTestId('order-error').textContent).toBe(`${TOO_MANY.ru![0]} ${TOO_MANY.ru![1]}`));
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
