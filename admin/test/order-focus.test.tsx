// On an order's page the keyboard focus stays where staff work: "Extend" hands it to the new "held until"
// line, adding a note keeps it on "Add note" (aria-disabled while sending) and says the note is added, and
// a refused step puts it on the reason — never on the page's top.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, holdRequests, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(resetApp);

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const toasts = () => screen.queryAllByTestId('toast').map((t) => (t.textContent ?? '').replace(/\s*×$/, ''));

it('“Extend” (which goes once pressed) hands the focus to the new “held until” line', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ stock_held_until: '2026-11-25T08:30:00Z' }) } },
    'POST /api/admin/orders/BZ-100042/extend-hold': { body: { order: orderDetail({ stock_held_until: '2026-11-27T08:30:00Z', hold_extended: true }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  const extend = await screen.findByRole('button', { name: 'Extend' });
  extend.focus();
  fireEvent.click(extend);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Extend' })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('stock-hold-until')));
  expect(document.activeElement?.textContent).toBe('Stock held until 27/11/2026, 13:30 (extended once)');
});

it('“Extend” refused (409): the focus goes to the reason', async () => {
  let current = orderDetail({ stock_held_until: '2026-11-25T08:30:00Z' });
  fakeApi({
    'GET /api/admin/orders/BZ-100042': () => ({ body: { order: current } }),
    'POST /api/admin/orders/BZ-100042/extend-hold': () => {
      current = orderDetail({ stock_held_until: '2026-11-27T08:30:00Z', hold_extended: true });
      return { status: 409, body: { error: { code: 'HOLD_ALREADY_EXTENDED', message: 'The hold of this order was already extended.' } } };
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  const extend = await screen.findByRole('button', { name: 'Extend' });
  extend.focus();
  fireEvent.click(extend);
  const message = await screen.findByTestId('stock-hold-error');
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Extend' })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(message));
});

it('adding a note keeps the focus on “Add note” while sending and after, and says the note is added', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } },
    'POST /api/admin/orders/BZ-100042/notes': { status: 201, body: { note: { id: 1, text: 'Call after 18:00', staff: { id: 7, name: 'Dilnoza Karimova' }, at: '2026-11-23T09:00:00Z' } } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  fireEvent.change(await screen.findByLabelText('New internal note'), { target: { value: 'Call after 18:00' } });
  const release = holdRequests('POST');
  const add = screen.getByRole('button', { name: 'Add note' });
  add.focus();
  fireEvent.click(add);
  await waitFor(() => expect(add.getAttribute('aria-disabled')).toBe('true'));
  expect(add).toHaveProperty('disabled', false);
  expect(document.activeElement).toBe(add);
  // a second press while sending sends nothing more
  fireEvent.click(add);
  release();
  expect(await screen.findByText('Call after 18:00')).toBeTruthy();
  await waitFor(() => expect(toasts()).toContain('Note added'));
  expect(document.activeElement).toBe(add);
  expect(add.getAttribute('aria-disabled')).toBeNull();
  expect(api.to('POST /api/admin/orders/BZ-100042/notes')).toHaveLength(1);
});

it('a refused status change (409): the buttons stay focusable while sending, and the reason takes the focus', async () => {
  let current = orderDetail();
  fakeApi({
    'GET /api/admin/orders/BZ-100042': () => ({ body: { order: current } }),
    'POST /api/admin/orders/BZ-100042/status': () => {
      current = orderDetail({ status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] });
      return { status: 409, body: { error: { code: 'INVALID_TRANSITION', message: 'The order is already confirmed' } } };
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  const confirm = await screen.findByRole('button', { name: 'Confirm' });
  const release = holdRequests('POST');
  confirm.focus();
  fireEvent.click(confirm);
  await waitFor(() => expect(confirm.getAttribute('aria-disabled')).toBe('true'));
  expect(confirm).toHaveProperty('disabled', false);
  expect(document.activeElement).toBe(confirm);
  release();
  const message = await screen.findByTestId('order-action-error');
  expect(message.textContent).toBe('The order is already confirmed');
  await screen.findByRole('button', { name: 'Start assembling' });
  await waitFor(() => expect(document.activeElement).toBe(message));
});
