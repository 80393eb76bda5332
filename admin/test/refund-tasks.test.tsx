// A refund staff must make by hand (a cancelled paid Payme-checkout order, a Click payment Click would not
// reverse) is a task on the order's page — what to refund, how much, where, by when — not "nothing more to
// do"; the dashboard lists the open ones, the overdue ones marked, each a link to its order.
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(resetApp);

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const task = {
  provider: 'payme' as const,
  transaction_id: '5e730e8e0b852a417aa49ceb',
  amount: 1662000,
  cabinet_url: 'https://merchant.paycom.uz',
  owed_since: '2026-11-23T09:00:00Z',
  overdue_at: '2026-11-24T09:00:00Z',
  overdue: false,
};
const cancelledPaid = (patch: Partial<ReturnType<typeof orderDetail>> = {}) =>
  orderDetail({
    status: 'cancelled',
    status_label: 'Cancelled',
    payment_method: 'payme',
    payment_status: 'refund_pending',
    payment_status_label: 'Refund in progress',
    allowed_next: [],
    refund_task: task,
    ...patch,
  });

it('a cancelled paid Payme order says the refund is owed in Payme’s cabinet, with the transaction, amount and link, not "nothing more to do"', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: cancelledPaid() } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('manager'));
  const box = await screen.findByTestId('refund-task');
  expect(within(box).getByText('Refund owed: make it in Payme’s merchant cabinet')).toBeTruthy();
  expect(screen.getByTestId('refund-task-transaction').textContent).toBe('5e730e8e0b852a417aa49ceb');
  expect(screen.getByTestId('refund-task-amount').textContent).toBe('1,662,000\u00a0UZS');
  const link = screen.getByTestId('refund-task-cabinet');
  expect([link.getAttribute('href'), link.getAttribute('target'), link.textContent]).toEqual(['https://merchant.paycom.uz', '_blank', 'Open Payme’s merchant cabinet']);
  expect(screen.queryByTestId('refund-task-overdue')).toBeNull();
  expect(screen.queryByText('The order is closed: nothing more to do.')).toBeNull();
});

it('an overdue refund is marked so, in the staff member’s language', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: cancelledPaid({ refund_task: { ...task, provider: 'click', transaction_id: '5000123', cabinet_url: 'https://merchant.click.uz', overdue: true } }) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('manager'));
  expect((await screen.findByTestId('refund-task-overdue')).textContent).toBe('Overdue');
  expect(screen.getByTestId('refund-task').textContent).toContain('Click payment');
  fireEvent.click(screen.getByRole('button', { name: 'RU' }));
  expect((await screen.findByText('Нужен возврат: оформите его в кабинете Click')).closest('[data-testid="refund-task"]')).toBeTruthy();
  expect(screen.getByTestId('refund-task-overdue').textContent).toBe('Просрочен');
});

it('a closed order with nothing owed still says there is nothing more to do', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: cancelledPaid({ payment_status: 'refunded', payment_status_label: 'Refunded', refund_task: null }) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('manager'));
  expect(await screen.findByText('The order is closed: nothing more to do.')).toBeTruthy();
  expect(screen.queryByTestId('refund-task')).toBeNull();
});

it('the dashboard lists the refunds owed, the overdue ones marked, each a link to its order', async () => {
  const dashboard = {
    today: { orders: 3, revenue: 1662000 },
    week: { orders: 12, revenue: 9850000 },
    waiting: { new: 2, confirmed: 1, assembling: 0, shipping: 5, ready_for_pickup: 4 },
    low_stock: 0,
    refunds_owed: {
      total: 21,
      overdue: 1,
      tasks: [
        { number: 'BZ-100040', ...task, overdue: true },
        { number: 'BZ-100042', ...task, provider: 'click', overdue: false },
      ],
    },
  };
  fakeApi({ 'GET /api/admin/dashboard': { body: dashboard }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/', staffMember('manager'));
  const box = await screen.findByTestId('dashboard-refunds');
  expect(within(box).getByRole('heading').textContent).toBe('Refunds owed (21)');
  expect(box.textContent).toContain('1 overdue.');
  const rows = within(box).getAllByTestId('dashboard-refund');
  expect(rows.map((r) => within(r).getByRole('link').getAttribute('href'))).toEqual(['/orders/BZ-100040', '/orders/BZ-100042']);
  expect(rows[0]!.textContent).toContain('Payme');
  expect(within(rows[0]!).queryByText('Overdue')).not.toBeNull();
  expect(within(rows[1]!).queryByText('Overdue')).toBeNull();
  // more than the dashboard lists: a way to all of them
  expect(within(box).getByRole('link', { name: 'All pending refunds' }).getAttribute('href')).toBe('/orders?payment_status=refund_pending');
});

it('the dashboard says nothing of refunds when none is owed', async () => {
  const dashboard = { today: { orders: 0, revenue: 0 }, week: { orders: 0, revenue: 0 }, waiting: { new: 0, confirmed: 0, assembling: 0, shipping: 0, ready_for_pickup: 0 }, low_stock: 0, refunds_owed: { total: 0, overdue: 0, tasks: [] } };
  fakeApi({ 'GET /api/admin/dashboard': { body: dashboard }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/', staffMember('manager'));
  await screen.findByTestId('revenue-today');
  expect(screen.queryByTestId('dashboard-refunds')).toBeNull();
});
