// The first screen, in the staff member's language: sums in so'm with thousands spaces, and what waits
// per status as links to the filtered list. The language is chosen in the navigation and remembered.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LANG_KEY } from '../src/i18n';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

const dashboard = { today: { orders: 3, revenue: 1662000 }, week: { orders: 1204, revenue: 98500000 }, waiting: { new: 2, confirmed: 1, assembling: 0, shipping: 5, ready_for_pickup: 4 }, low_stock: 7 };

it('shows revenue as so\u02bbm with thousands spaces and links each waiting status to its orders', async () => {
  const api = fakeApi({ 'GET /api/admin/dashboard': { body: dashboard }, 'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } } });
  renderAdmin('/', staffMember('manager'));
  // Uzbek until chosen otherwise
  fireEvent.click(await screen.findByRole('button', { name: 'UZ' }));
  expect((await screen.findByTestId('revenue-today')).textContent).toBe('1\u00a0662\u00a0000\u00a0soʻm');
  expect(screen.getByTestId('revenue-week').textContent).toBe('98\u00a0500\u00a0000\u00a0soʻm');
  const newOrders = screen.getByTestId('waiting-new');
  expect(newOrders.getAttribute('href')).toBe('/orders?status=new');
  expect(newOrders.textContent).toBe('Yangi2');
  // the variants running low, a link to their list
  expect(screen.getByTestId('dashboard-low-stock').getAttribute('href')).toBe('/stock/low');
  expect(screen.getByTestId('dashboard-low-stock').textContent).toContain('Kam qolgan');
  expect(screen.getByTestId('dashboard-low-stock').textContent).toMatch(/7$/);

  fireEvent.click(screen.getByRole('button', { name: 'RU' }));
  await waitFor(() => expect(screen.getByTestId('revenue-today').textContent).toBe('1\u00a0662\u00a0000\u00a0сум'));
  expect(within(screen.getByTestId('dashboard-today')).getByRole('heading').textContent).toBe('Сегодня');
  expect(localStorage.getItem(LANG_KEY)).toBe('ru');
  // labels from the API follow the language: asked again with X-LANG ru
  await waitFor(() => expect(api.to('GET /api/admin/dashboard').at(-1)?.headers['X-LANG']).toBe('ru'));
});

it('says when the dashboard cannot load, with a retry', async () => {
  let fail = true;
  fakeApi({
    'GET /api/admin/dashboard': () => (fail ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The database is not reachable' } } } : { body: dashboard }),
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
  });
  renderAdmin('/', staffMember('owner'));
  expect((await screen.findByTestId('error')).textContent).toContain('The database is not reachable');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect((await screen.findByTestId('revenue-today')).textContent).toBe('1,662,000\u00a0UZS');
});
