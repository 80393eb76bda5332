// The packing slip names itself in the browser tab (in the staff member's language) and offers Print only
// for an order that is there; an address of no screen is titled "not found", not "Dashboard".
import { act, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { orderDetail } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => {
  resetApp();
  window.print = jest.fn();
});

const orders = { body: { data: [], meta: { latest_id: 0 } } };

test('the slip’s tab title names the slip in the staff member’s language', async () => {
  act(() => setLanguage('ru'));
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } }, 'GET /api/admin/orders': orders });
  renderAdmin('/orders/BZ-100042/slip', staffMember('manager'));
  expect(await screen.findByRole('button', { name: 'Печать' })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe('Упаковочный лист BZ-100042 — Bozor admin'));
});

test('a slip whose order is not found offers no Print button', async () => {
  fakeApi({ 'GET /api/admin/orders': orders });
  renderAdmin('/orders/BZ-1/slip', staffMember('manager'));
  expect(await screen.findByTestId('error')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  expect(window.print).not.toHaveBeenCalled();
});

test('an unknown address is titled “Page not found”, not “Dashboard”', async () => {
  fakeApi({ 'GET /api/admin/orders': orders, 'GET /api/admin/dashboard': { body: {} } });
  renderAdmin('/blog', staffMember('manager'));
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe('Page not found — Bozor admin'));
});
