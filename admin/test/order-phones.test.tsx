// A phone number on the order screens stays on one line ("+998 93 555 02" / "11" is hard to read when calling
// back): in the orders table and in the receiver's and customer's rows of an order. jsdom lays nothing out:
// this checks that each number sits in the box that styles.ts keeps on one line. And a store account, which
// the API sends no customer (`customer: null`), sees no "Customer" row — nor does anyone an empty link.
import { screen, within } from '@testing-library/react';
import { adminCss } from '../src/styles';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail, orderRow, ordersPage } from './fixtures';

beforeEach(resetApp);

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const stores = { body: { data: [{ id: 2, name: 'Bozor Chilanzar' }] } };
const oneLine = (el: Element) => expect(el.classList.contains('adm-nowrap')).toBe(true);

test('the rule behind it: .adm-nowrap keeps its text on one line', () => {
  expect(adminCss).toMatch(/\.adm-nowrap\{white-space:nowrap\}/);
});

test('the orders table keeps each receiver’s phone on one line, a 1-click number too', async () => {
  fakeApi({
    'GET /api/admin/orders': { body: ordersPage([orderRow(1, { receiver_phone: '+998935550211' }), orderRow(2, { one_click: true, delivery_type: 'phone', receiver_phone: '+998935550212' })]) },
    'GET /api/store/stores': stores,
  });
  renderAdmin('/orders', staffMember('operator'));
  const table = await screen.findByTestId('orders-table');
  oneLine(within(table).getByText('+998 93 555 02 11'));
  oneLine(within(table).getByTestId('order-call'));
});

test('the order page keeps the receiver’s and the customer’s phone on one line', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ customer: { id: 1, name: null, phone: '+998935550211' }, receiver: { name: 'Aziza Qodirova', phone: '+998935550211' } }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('owner'));
  const receiver = await screen.findByTestId('order-receiver-phone');
  expect(receiver.textContent).toBe('+998 93 555 02 11');
  oneLine(receiver);
  const customer = screen.getByTestId('order-customer');
  expect(customer.textContent).toBe('+998 93 555 02 11');
  expect(customer.getAttribute('href')).toBe('/customers/1');
  oneLine(customer);
});

test('a customer account with neither name nor phone is named in words, not an empty link', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ customer: { id: 9, name: null, phone: null } }) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('manager'));
  expect((await screen.findByTestId('order-customer')).textContent).toBe('(no name)');
});

test('a store account (customer: null): no Customer row or link on the order, and the list still names the receiver', async () => {
  const pickup = { delivery_type: 'pickup', store_id: 2, store_name: 'Bozor Chilanzar', customer: null } as const;
  fakeApi({
    'GET /api/admin/orders': { body: ordersPage([orderRow(2, { ...pickup, receiver_phone: '+998935550211' })]) },
    'GET /api/admin/orders/BZ-100002': {
      body: { order: orderDetail({ number: 'BZ-100002', delivery_type: 'pickup', address: null, store: { id: 2, name: 'Bozor Chilanzar', address: 'Bunyodkor 1' }, customer: null }) },
    },
  });
  const view = renderAdmin('/orders', staffMember('store'));
  const table = await screen.findByTestId('orders-table');
  const row = within(table).getAllByRole('row')[1]!;
  expect(row.textContent).toContain('Aziz Rahimov');
  expect(row.textContent).toContain('+998 93 555 02 11');
  view.unmount();

  renderAdmin('/orders/BZ-100002', staffMember('store'));
  const receiver = (await screen.findByRole('heading', { name: 'Receiver' })).closest('section') as HTMLElement;
  expect([...receiver.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Name', 'Phone']);
  expect(screen.queryByTestId('order-customer')).toBeNull();
  expect(document.querySelector('a[href^="/customers"]')).toBeNull();
});
