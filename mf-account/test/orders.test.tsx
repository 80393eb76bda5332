// My orders: the list (number, date, status, total), the empty state, one order with its history.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $auth, createApiClient, setApi, setLanguage } from '@bozor/shared';
import type { OrderDeliveryType, PaymentMethod } from '@bozor/shared/api/orders';
import { i18n } from '../src/i18n';
import { renderAccount } from './renderAccount';

const order = {
  id: 42, number: 'BZ-100042', status: 'shipping', status_label: 'On the way', payment_status: 'paid', payment_method: 'card',
  delivery: { type: 'courier', fee: 25000, address: { region: 'samarkand', city: 'urgut', address: 'Mustaqillik 5' }, store: null },
  receiver: { name: 'Dilnoza', surname: 'Karimova', phone: '+998901234567' },
  items: [{ product_id: 12, name: 'Kettle', price: 459000, quantity: 2, total: 918000 }],
  items_total: 918000, delivery_fee: 25000, total: 943000, created_at: '2026-11-22T09:00:00.000Z',
  statuses: [{ status: 'new', label: 'Received', at: '2026-11-22T09:00:00.000Z' }, { status: 'shipping', label: 'On the way', at: '2026-11-22T12:00:00.000Z' }],
};
let list: unknown[] = [];
const reply = (body: unknown, status = 200) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) } as unknown as Response);

beforeEach(() => {
  setLanguage('en');
  $auth.set({ isAuthenticated: true, token: 't', user: { phone: '+998901234567' }, userType: 'individual' });
  const fetch = (url: string) => {
    if (url.startsWith('/api/orders?')) return reply({ data: list, meta: { total: list.length, page: 1, per_page: 10, last_page: 1 } });
    const listed = (list as (typeof order)[]).find((o) => url === `/api/orders/${o.number}`);
    if (listed) return reply({ order: listed });
    if (url === `/api/orders/${order.number}`) return reply({ order });
    return reply({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
  };
  setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
});

const app = renderAccount;

it('says so when there are no orders', async () => {
  list = [];
  app('/en/account/orders');
  expect((await screen.findByTestId('orders-empty')).textContent).toBe('You have no orders yet');
});

it('lists orders and opens one with its status history', async () => {
  list = [order];
  app('/en/account/orders');
  const link = await screen.findByRole('link', { name: 'Order BZ-100042' });
  expect(screen.getByTestId('order-row').textContent).toContain('On the way');
  expect(screen.getByTestId('order-row').textContent).toContain('943,000');
  fireEvent.click(link);
  expect((await screen.findByTestId('order-number')).textContent).toBe('Order BZ-100042');
  expect(screen.getByTestId('order-delivery').textContent).toContain('Courier delivery');
  expect(screen.getByTestId('order-payment').textContent).toBe('Card — paid');
  expect(screen.getByTestId('order-history').querySelectorAll('li')).toHaveLength(2);
  expect(screen.getByTestId('order-delivery-fee').textContent).toMatch(/^25,000/);
});

it("an express order's delivery is priced in the courier app, not free", async () => {
  const express = { ...order, delivery: { ...order.delivery, type: 'express', fee: 0 }, delivery_fee: 0, total: 918000 };
  const fetchExpress = (url: string) => (url === `/api/orders/${order.number}` ? reply({ order: express }) : reply({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404));
  setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: fetchExpress as unknown as typeof globalThis.fetch }));
  app('/en/account/orders?order=BZ-100042');
  expect((await screen.findByTestId('order-delivery-fee')).textContent).toBe('Priced in the courier app');
});

it('says clearly that an unknown or foreign order number is not found', async () => {
  app('/en/account/orders?order=BZ-999999');
  expect((await screen.findByTestId('order-not-found')).textContent).toBe('Order BZ-999999 was not found among your orders.');
  expect(screen.getByRole('link', { name: 'Back to my orders' }).getAttribute('href')).toBe('/en/account/orders');
});

it('an order waiting for its Payme payment says so in the list and on its page, with the way to pay', async () => {
  const payUrl = '/api/sandbox/payme?order=BZ-100042';
  const unpaid = { ...order, status: 'new', status_label: 'Received', payment_method: 'payme', payment_status: 'pending', pay_url: payUrl };
  list = [unpaid, { ...unpaid, id: 43, number: 'BZ-100043', status: 'cancelled', status_label: 'Cancelled' }];
  app('/en/account/orders');
  const [waiting, cancelled] = await screen.findAllByTestId('order-row');
  expect(waiting!.querySelector('[data-testid="order-unpaid"]')?.textContent).toBe('Not paid yetPay now');
  expect(waiting!.querySelector('a.bz-btn')?.getAttribute('href')).toBe(payUrl);
  // a cancelled order is not asked to be paid
  expect(cancelled!.querySelector('[data-testid="order-unpaid"]')).toBeNull();
  fireEvent.click(screen.getByRole('link', { name: 'Order BZ-100042' }));
  expect((await screen.findByTestId('order-payment')).textContent).toBe('Payme — awaiting paymentNot paid yetPay now');
  expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(payUrl);
});

it('names every payment method and delivery type an order can have, in every language', async () => {
  const methods: PaymentMethod[] = ['cash', 'card', 'payme', 'click'];
  const deliveries: OrderDeliveryType[] = ['courier', 'express', 'pickup', 'phone'];
  for (const lang of ['uz', 'ru', 'en'] as const) {
    const t = i18n.getFixedT(lang);
    for (const m of methods) expect(`${lang} ${t(`orders.paymentMethods.${m}`)}`).not.toMatch(/orders\./);
    for (const d of deliveries) expect(`${lang} ${t(`orders.deliveryTypes.${d}`)}`).not.toMatch(/orders\./);
  }
});

it('opening an order from the list puts the focus on its heading (ru)', async () => {
  setLanguage('ru');
  list = [order];
  app('/en/account/orders');
  const link = await screen.findByRole('link', { name: 'Заказ BZ-100042' });
  link.focus();
  fireEvent.click(link);
  const heading = await screen.findByTestId('order-number');
  await waitFor(() => expect(document.activeElement).toBe(heading));
  expect(heading.getAttribute('tabindex')).toBe('-1');
});

it('an order opened from the list that cannot be found: its message takes the focus', async () => {
  list = [{ ...order, number: 'BZ-100044' }];
  setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: ((url: string) => (url.startsWith('/api/orders?') ? reply({ data: list, meta: { total: 1, page: 1, per_page: 10, last_page: 1 } }) : reply({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404))) as unknown as typeof globalThis.fetch }));
  app('/en/account/orders');
  fireEvent.click(await screen.findByRole('link', { name: 'Order BZ-100044' }));
  const message = await screen.findByTestId('order-not-found');
  await waitFor(() => expect(document.activeElement).toBe(message));
});

it('an order opened directly (a link from elsewhere, a reload) leaves the focus where the browser puts it', async () => {
  app('/en/account/orders?order=BZ-100042');
  await screen.findByTestId('order-number');
  expect(document.activeElement).toBe(document.body);
});

it('a pickup order names its store, then the store’s address in brackets (ru)', async () => {
  setLanguage('ru');
  const store = { id: 3, name: 'Bozor Чиланзар', address: 'Ташкент, Чиланзарский район, ул. Бунёдкор, 42' };
  const pickup = { ...order, delivery: { type: 'pickup', fee: 0, address: null, store }, delivery_fee: 0 };
  list = [pickup];
  app('/en/account/orders?order=BZ-100042');
  expect((await screen.findByTestId('order-delivery')).textContent).toBe(
    'Самовывоз из магазина, Bozor Чиланзар (Ташкент, Чиланзарский район, ул. Бунёдкор, 42)',
  );
});

it('a cash order cancelled before it was paid reads "not paid", not "awaiting payment" (ru)', async () => {
  setLanguage('ru');
  list = [{ ...order, status: 'cancelled', status_label: 'Отменён', payment_status: 'pending', payment_method: 'cash' }];
  app('/en/account/orders?order=BZ-100042');
  expect((await screen.findByTestId('order-payment')).textContent).toMatch(/— не оплачен$/);
});

it('keeps the receiver’s phone number on one line (no break inside it at 360 px)', async () => {
  app('/en/account/orders?order=BZ-100042');
  expect((await screen.findByTestId('order-receiver')).textContent).toBe('Dilnoza Karimova, +998 90 123 45 67');
  // the number alone is kept whole, as amounts are; the name may still wrap before it
  const phone = screen.getByText('+998 90 123 45 67');
  expect(getComputedStyle(phone).whiteSpace).toBe('nowrap');
  expect(getComputedStyle(screen.getByTestId('order-receiver')).whiteSpace).not.toBe('nowrap');
});

it('an empty order list offers the way to the catalogue (en, uz)', async () => {
  list = [];
  const { unmount } = app('/en/account/orders');
  await screen.findByTestId('orders-empty');
  expect(screen.getByRole('link', { name: 'Go to the catalogue' }).getAttribute('href')).toBe('/en/catalog');
  unmount();
  setLanguage('uz');
  app('/en/account/orders');
  await screen.findByTestId('orders-empty');
  expect(screen.getByRole('link', { name: 'Katalogga oʻtish' }).getAttribute('href')).toBe('/en/catalog');
});

it('a list that failed to load: "Try again" loads it, and the focus goes to the list’s heading, or to the problem again', async () => {
  list = [order];
  let failures = 2;
  const fetch = (url: string) => {
    if (url.startsWith('/api/orders?') && failures-- > 0) return reply({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Try later.' } }, 503);
    if (url.startsWith('/api/orders?')) return reply({ data: list, meta: { total: 1, page: 1, per_page: 10, last_page: 1 } });
    return reply({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
  };
  setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
  app('/en/account/orders');
  const retry = await screen.findByRole('button', { name: 'Try again' });
  retry.focus();
  fireEvent.click(retry);
  // failed again: the problem itself, not the page's body
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByTestId('orders-list');
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My orders' })));
});

it('an order cancelled because its card payment failed says so in the list, not only "Cancelled" (ru)', async () => {
  setLanguage('ru');
  const failed = { ...order, status: 'cancelled', status_label: 'Отменён', payment_status: 'failed', payment_status_label: 'Оплата не прошла' };
  list = [failed, { ...failed, id: 43, number: 'BZ-100043', payment_method: 'cash', payment_status: 'pending', payment_status_label: 'Не оплачен' }];
  app('/en/account/orders');
  await screen.findByTestId('orders-list');
  const [refused, cash] = screen.getAllByTestId('order-row');
  expect(refused!.textContent).toContain('Статус: Отменён — Оплата не прошла');
  expect(cash!.textContent).toContain('Статус: Отменён');
  expect(cash!.textContent).not.toContain('Не оплачен');
});

describe('a list of two pages', () => {
  const first = { ...order, id: 1, number: 'BZ-100001' };
  const second = { ...order, id: 2, number: 'BZ-100002' };
  const requested: string[] = [];
  beforeEach(() => {
    requested.length = 0;
    const fetch = (url: string) => {
      requested.push(url);
      const page = /^\/api\/orders\?page=(\d+)/.exec(url)?.[1];
      if (page) return reply({ data: page === '2' ? [second] : [first], meta: { total: 2, page: Number(page), per_page: 1, last_page: 2 } });
      const found = [first, second].find((o) => url === `/api/orders/${o.number}`);
      return found ? reply({ order: found }) : reply({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
    };
    setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
  });

  it('"Back to my orders" returns to the page the order was opened from (ru)', async () => {
    setLanguage('ru');
    app('/en/account/orders?page=2');
    fireEvent.click(await screen.findByRole('link', { name: 'Заказ BZ-100002' }));
    await screen.findByTestId('order-number');
    const back = screen.getByRole('link', { name: 'Назад к заказам' });
    expect(back.getAttribute('href')).toBe('/en/account/orders?page=2');
    fireEvent.click(back);
    expect(await screen.findByRole('link', { name: 'Заказ BZ-100002' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Заказ BZ-100001' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Предыдущая страница' })).toBeTruthy();
    expect(requested.filter((u) => u.startsWith('/api/orders?'))).toEqual(['/api/orders?page=2&per_page=10', '/api/orders?page=2&per_page=10']);
  });

  it('"Back to my orders" gives the focus to the row of the order the shopper came from', async () => {
    app('/en/account/orders?page=2');
    const link = await screen.findByRole('link', { name: 'Order BZ-100002' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('order-number')));
    fireEvent.click(screen.getByRole('link', { name: 'Back to my orders' }));
    const row = await screen.findByRole('link', { name: 'Order BZ-100002' });
    await waitFor(() => expect(document.activeElement).toBe(row));
  });

  it('"Next page" and "Previous page" give the focus to the list’s heading once the new page is shown (uz)', async () => {
    setLanguage('uz');
    app('/en/account/orders');
    const next = await screen.findByRole('link', { name: 'Keyingi sahifa' });
    next.focus();
    fireEvent.click(next);
    await screen.findByRole('link', { name: 'BZ-100002-buyurtma' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Mening buyurtmalarim' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const prev = screen.getByRole('link', { name: 'Oldingi sahifa' });
    prev.focus();
    fireEvent.click(prev);
    await screen.findByRole('link', { name: 'BZ-100001-buyurtma' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
