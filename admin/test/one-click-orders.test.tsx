// "Buy in 1 click" orders (issue 12): marked in the list with the number to call, and on their page a
// "Call the customer" block; the delivery reads "Agreed by phone" and the filter offers it.
import { screen, within } from '@testing-library/react';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail, orderRow, ordersPage } from './fixtures';

beforeEach(resetApp);

const stores = { body: { data: [{ id: 2, name: 'Bozor Chilanzar' }] } };

it('the list marks one-click orders "1 click" with a tel: link; other orders keep the plain number', async () => {
  fakeApi({
    'GET /api/admin/orders': {
      body: ordersPage([orderRow(1, { one_click: true, delivery_type: 'phone', store_id: null, store_name: null, receiver_phone: '+998935557788' }), orderRow(2)]),
    },
    'GET /api/store/stores': stores,
  });
  renderAdmin('/orders', staffMember('operator'));
  const table = await screen.findByTestId('orders-table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0]!).getByTestId('order-one-click').textContent).toBe('1 click');
  expect(within(rows[0]!).getByTestId('order-call').getAttribute('href')).toBe('tel:+998935557788');
  expect(rows[0]!.textContent).toContain('Agreed by phone');
  expect(within(rows[1]!).queryByTestId('order-one-click')).toBeNull();
  expect(within(rows[1]!).queryByTestId('order-call')).toBeNull();
  expect(within(screen.getByTestId('filter-delivery-type')).queryByRole('option', { name: 'Agreed by phone' })).not.toBeNull();
});

it('a one-click order’s page says to call the customer, with the number to tap', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': {
      body: { order: orderDetail({ one_click: true, delivery_type: 'phone', address: null, store: null, receiver: { name: 'Dilnoza', phone: '+998935557788' } }) },
    },
    'GET /api/admin/orders': { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } },
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  const call = await screen.findByTestId('order-one-click-call');
  expect(within(call).getByRole('heading').textContent).toBe('1 click Call the customer');
  expect(within(call).getByTestId('order-call').getAttribute('href')).toBe('tel:+998935557788');
  expect(screen.queryByRole('heading', { name: 'Agreed by phone' })).not.toBeNull();
});
