// The orders list reads its filters, sort and page from the address and writes every change back.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentLocation, fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderRow, ordersPage } from './fixtures';
import { $seenOrderId } from '../src/hooks/newOrders';

beforeEach(resetApp);

const stores = { body: { data: [{ id: 2, name: 'Bozor Chilanzar' }, { id: 3, name: 'Bozor Yunusobod' }] } };

it('asks the API for exactly what the address says', async () => {
  const api = fakeApi({ 'GET /api/admin/orders': { body: ordersPage([orderRow(1)], { page: 2, last_page: 3, total: 45 }) }, 'GET /api/store/stores': stores });
  renderAdmin('/orders?status=new&payment_method=cash&store_id=2&from=2026-11-01&to=2026-11-23&q=Aziz&sort=total&dir=asc&page=2', staffMember('manager'));
  await screen.findByTestId('orders-table');
  const q = api.to('GET /api/admin/orders').find((c) => c.query.get('page') === '2')?.query;
  expect(Object.fromEntries(q ?? [])).toEqual({
    status: 'new',
    payment_method: 'cash',
    store_id: '2',
    from: '2026-11-01',
    to: '2026-11-23',
    q: 'Aziz',
    sort: 'total',
    dir: 'asc',
    page: '2',
    per_page: '20',
  });
  // the controls show the same filters
  expect((screen.getByTestId('filter-status') as HTMLSelectElement).value).toBe('new');
  expect((screen.getByTestId('filter-payment-method') as HTMLSelectElement).value).toBe('cash');
  expect((screen.getByTestId('orders-search') as HTMLInputElement).value).toBe('Aziz');
  expect(screen.getByTestId('tab-new').getAttribute('aria-current')).toBe('page');
  expect(screen.getByRole('columnheader', { name: /Total/ }).getAttribute('aria-sort')).toBe('ascending');
  expect(screen.getByTestId('pager-info').textContent).toBe('Page 2 of 3 · 45 in all');
});

it('writes filter, search, sort, tab and page changes into the address (page back to 1 on a filter change)', async () => {
  const api = fakeApi({ 'GET /api/admin/orders': { body: ordersPage([orderRow(1)], { last_page: 3, total: 45 }) }, 'GET /api/store/stores': stores });
  renderAdmin('/orders?page=3', staffMember('operator'));
  await screen.findByTestId('orders-table');

  fireEvent.change(screen.getByTestId('filter-payment-method'), { target: { value: 'payme' } });
  expect(currentLocation()).toBe('/orders?payment_method=payme');

  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'BZ-100001' } });
  fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));
  expect(currentLocation()).toBe('/orders?payment_method=payme&q=BZ-100001');

  fireEvent.click(screen.getByRole('button', { name: 'Sort by Total, descending' }));
  expect(currentLocation()).toBe('/orders?payment_method=payme&q=BZ-100001&sort=total&dir=desc');

  fireEvent.click(screen.getByTestId('tab-ready_for_pickup'));
  expect(currentLocation()).toBe('/orders?payment_method=payme&q=BZ-100001&sort=total&dir=desc&status=ready_for_pickup');

  fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
  expect(currentLocation()).toContain('page=2');
  await screen.findByTestId('orders-table');
  const last = api.to('GET /api/admin/orders').at(-1)?.query;
  expect(last?.get('status')).toBe('ready_for_pickup');
  expect(last?.get('page')).toBe('2');
  expect(last?.get('payment_method')).toBe('payme');
});

it('shows counts on the status tabs, an empty state, and opens an order from its row', async () => {
  let rows = [orderRow(1)];
  fakeApi({ 'GET /api/admin/orders': () => ({ body: ordersPage(rows) }), 'GET /api/store/stores': stores, 'GET /api/admin/orders/BZ-100001': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such order' } } } });
  const view = renderAdmin('/orders', staffMember('operator'));
  expect((await screen.findByTestId('tab-new')).textContent).toBe('New5');
  expect(screen.getByTestId('tab-all').textContent).toBe('All22');
  expect(screen.queryByRole('cell', { name: /1\u00a0662\u00a0000\u00a0soʻm|1,662,000\u00a0UZS/ })).not.toBeNull();
  fireEvent.click(screen.getByText('Aziz Rahimov'));
  await waitFor(() => expect(currentLocation()).toBe('/orders/BZ-100001'));
  expect(await screen.findByText('No such order')).toBeTruthy();
  view.unmount();
  rows = [];
  renderAdmin('/orders?status=cancelled', staffMember('operator'));
  expect((await screen.findByTestId('empty')).textContent).toBe('No orders match these filters');
});

it('shows new orders without a reload: the list refreshes every 10 s and says "N new"', async () => {
  jest.useFakeTimers();
  try {
    let rows = [orderRow(10), orderRow(9)];
    fakeApi({ 'GET /api/admin/orders': () => ({ body: ordersPage(rows) }), 'GET /api/store/stores': stores });
    renderAdmin('/orders', staffMember('operator'));
    await act(async () => void (await jest.advanceTimersByTimeAsync(50)));
    expect(screen.getAllByTestId('order-link').map((a) => a.textContent)).toEqual(['BZ-100010', 'BZ-100009']);
    rows = [orderRow(12), orderRow(11), orderRow(10), orderRow(9)];
    await act(async () => void (await jest.advanceTimersByTimeAsync(10_000)));
    expect(screen.getAllByTestId('order-link').map((a) => a.textContent)).toEqual(['BZ-100012', 'BZ-100011', 'BZ-100010', 'BZ-100009']);
    expect(screen.getByTestId('nav-new-orders').textContent).toBe('2 new');
    fireEvent.click(screen.getByTestId('orders-new'));
    await act(async () => void (await jest.advanceTimersByTimeAsync(50)));
    expect(screen.queryByTestId('nav-new-orders')).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

it('a filter the API refuses leaves the address with a notice, and the list loads without it', async () => {
  const api = fakeApi({
    'GET /api/admin/orders': (call) =>
      call.query.get('status') === 'bogus'
        ? { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { status: 'Invalid value.' } } } }
        : { body: ordersPage([orderRow(1)]) },
    'GET /api/store/stores': stores,
  });
  renderAdmin('/orders?status=bogus&q=Aziz', staffMember('manager'));
  await screen.findByTestId('orders-table');
  expect(currentLocation()).toBe('/orders?q=Aziz');
  expect(screen.queryByText('A filter in the address was not valid and has been removed.')).not.toBeNull();
  expect(api.to('GET /api/admin/orders').at(-1)?.query.get('q')).toBe('Aziz');
});

it('marks as new only the unseen orders still in status new, not completed or cancelled ones', async () => {
  const rows = [
    orderRow(14, { status: 'completed', status_label: 'Completed' }),
    orderRow(13, { status: 'cancelled', status_label: 'Cancelled' }),
    orderRow(12),
    orderRow(9),
  ];
  fakeApi({ 'GET /api/admin/orders': { body: ordersPage(rows) }, 'GET /api/store/stores': stores });
  act(() => $seenOrderId.set(10));
  renderAdmin('/orders', staffMember('operator'));
  await screen.findByTestId('orders-table');
  const marked = screen
    .getAllByTestId('order-link')
    .filter((a) => within(a.closest('tr')!).queryByText('new') !== null)
    .map((a) => a.textContent);
  expect(marked).toEqual(['BZ-100012']);
  expect(screen.getAllByTestId('order-link').map((a) => a.closest('tr')!.classList.contains('adm-new'))).toEqual([false, false, true, false]);
});
