// An empty orders list says why: a page past the last one (an old link, `?page=99`) offers the way back, dates
// the wrong way round are said at the date fields (in each language), and with no filter on it says there are
// no orders yet rather than that none match.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { currentLocation, emptyOrders, fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderRow, ordersPage } from './fixtures';

beforeEach(resetApp);

const stores = { body: { data: [{ id: 2, name: 'Bozor Chilanzar' }] } };

test('page 99 of 1: says the list ends at page 1 and links back to it; the focus goes to the heading', async () => {
  const api = fakeApi({
    'GET /api/admin/orders': ({ query }) =>
      query.get('page') === '99' ? { body: ordersPage([], { page: 99, last_page: 1, total: 15 }) } : { body: ordersPage([orderRow(1)], { total: 15 }) },
    'GET /api/store/stores': stores,
  });
  renderAdmin('/orders?page=99', staffMember('manager'));
  const empty = await screen.findByTestId('empty');
  expect(empty.textContent).toBe('There is no page 99: the list ends at page 1. Go to page 1');
  const back = screen.getByRole('link', { name: 'Go to page 1' });
  expect(back.getAttribute('href')).toBe('/orders');
  fireEvent.click(back);
  await waitFor(() => expect(currentLocation()).toBe('/orders'));
  await screen.findByTestId('orders-table');
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Orders' }));
  expect(api.to('GET /api/admin/orders').some((c) => c.query.get('page') === '1')).toBe(true);
});

test('past the end of several pages: both page 1 and the last page, other filters kept', async () => {
  fakeApi({ 'GET /api/admin/orders': { body: ordersPage([], { page: 9, last_page: 3, total: 45 }) }, 'GET /api/store/stores': stores });
  renderAdmin('/orders?status=new&page=9', staffMember('manager'));
  await screen.findByTestId('orders-past-end');
  expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/orders?status=new');
  expect(screen.getByRole('link', { name: 'Go to the last page (3)' }).getAttribute('href')).toBe('/orders?status=new&page=3');
});

test.each([
  ['en', 'The dates are the wrong way round: “From” is after “To”.'],
  ['ru', 'Даты перепутаны: «С» позже, чем «По».'],
  ['uz', 'Sanalar teskari: «Dan» sanasi «Gacha» sanasidan keyin.'],
] as const)('from after to (%s): said at the date fields and in the list', async (lang, words) => {
  act(() => setLanguage(lang));
  fakeApi({ 'GET /api/admin/orders': { body: emptyOrders }, 'GET /api/store/stores': stores });
  renderAdmin('/orders?from=2026-11-27&to=2026-11-20', staffMember('manager'));
  expect((await screen.findByTestId('empty')).textContent).toBe(words);
  const from = screen.getByTestId('filter-from');
  expect(from.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(from.getAttribute('aria-describedby') ?? '')?.textContent).toBe(words);
  expect(screen.getByTestId('filter-to').getAttribute('aria-invalid')).toBe('true');
});

test('dates the right way round are no error', async () => {
  fakeApi({ 'GET /api/admin/orders': { body: emptyOrders }, 'GET /api/store/stores': stores });
  renderAdmin('/orders?from=2026-11-20&to=2026-11-27', staffMember('manager'));
  expect((await screen.findByTestId('empty')).textContent).toBe('No orders match these filters');
  expect(screen.getByTestId('filter-from').getAttribute('aria-invalid')).toBeNull();
});

test('no filter on and no orders: "No orders yet", not "no orders match"', async () => {
  fakeApi({ 'GET /api/admin/orders': { body: emptyOrders }, 'GET /api/store/stores': stores });
  renderAdmin('/orders', staffMember('manager'));
  expect((await screen.findByTestId('empty')).textContent).toBe('No orders yet');
});
