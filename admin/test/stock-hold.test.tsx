// An unconfirmed cash order says until when it holds its stock and offers "Extend" once; a refusal is said
// in the API's words and the order is loaded again.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(resetApp);

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };

it('shows until when the stock is held and extends it once', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ stock_held_until: '2026-11-25T08:30:00Z' }) } },
    'POST /api/admin/orders/BZ-100042/extend-hold': { body: { order: orderDetail({ stock_held_until: '2026-11-27T08:30:00Z', hold_extended: true }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  // Tashkent time (UTC+5)
  expect((await screen.findByTestId('stock-hold-until')).textContent).toBe('Stock held until 25/11/2026, 13:30');
  fireEvent.click(screen.getByRole('button', { name: 'Extend' }));
  await waitFor(() => expect(screen.getByTestId('stock-hold-until').textContent).toBe('Stock held until 27/11/2026, 13:30 (extended once)'));
  expect(screen.queryByRole('button', { name: 'Extend' })).toBeNull();
  expect(api.to('POST /api/admin/orders/BZ-100042/extend-hold')).toHaveLength(1);
});

it('says nothing of a hold when the order holds none', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  expect(await screen.findByRole('button', { name: 'Start assembling' })).toBeTruthy();
  expect(screen.queryByTestId('stock-hold')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Extend' })).toBeNull();
});

it('a 409 is shown in the API words and the order loaded again', async () => {
  let current = orderDetail({ stock_held_until: '2026-11-25T08:30:00Z' });
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': () => ({ body: { order: current } }),
    'POST /api/admin/orders/BZ-100042/extend-hold': () => {
      // a colleague extended it a moment ago
      current = orderDetail({ stock_held_until: '2026-11-27T08:30:00Z', hold_extended: true });
      return { status: 409, body: { error: { code: 'HOLD_ALREADY_EXTENDED', message: 'The hold of this order was already extended; it can be extended only once.' } } };
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  fireEvent.click(await screen.findByRole('button', { name: 'Extend' }));
  expect((await screen.findByTestId('stock-hold-error')).textContent).toBe('The hold of this order was already extended; it can be extended only once.');
  await waitFor(() => expect(screen.getByTestId('stock-hold-until').textContent).toContain('(extended once)'));
  expect(api.to('GET /api/admin/orders/BZ-100042')).toHaveLength(2);
});
