// My orders: the list (number, date, status, total), the empty state, one order with its history.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { $auth, createApiClient, setApi, setLanguage } from '@bozor/shared';
import type { OrderDeliveryType, PaymentMethod } from '@bozor/shared/api/orders';
import { i18n } from '../src/i18n';
import AccountRoutes from '../src/routes';

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

const app = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/en/*" element={<AccountRoutes basePath="/en" />} />
      </Routes>
    </MemoryRouter>,
  );

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
