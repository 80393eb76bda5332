// An order whose payment is open (the bank has not answered, or the payment is awaited) is asked for again
// every 10 s while its page is open, so the notice and the steps change by themselves once the payment is
// settled, and the change is announced politely. Not for an order whose money is known, not after it is
// settled or the page is left, and never under a staff member at work: a step on its way, the cancel dialog,
// or typing not saved yet (which stays, with the focus).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import type { OrderDetail } from '../src/api/types';
import { currentLocation, fakeApi, holdRequests, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(() => {
  resetApp();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const checking = { payment_method: 'card', payment_status: 'checking', payment_status_label: 'Being checked', receipt_id: 'rcpt-1' } as const;
const paid = { payment_status: 'paid', payment_status_label: 'Paid' } as const;
const ORDER = 'GET /api/admin/orders/BZ-100042';

/** Lets `ms` pass on the page's clock, the answers it asked for included. */
const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

const buttons = () =>
  within(screen.getByTestId('order-actions'))
    .getAllByRole('button')
    .map((b) => ({ name: b.textContent, disabled: (b as HTMLButtonElement).disabled }));

/** The order page of an order the API answers with `current()` at each ask (and `routes` for the rest). */
function orderPage(current: () => OrderDetail, role: 'operator' | 'manager' = 'operator', routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ [ORDER]: () => ({ body: { order: current() } }), 'GET /api/admin/orders': ordersList, ...routes });
  const view = renderAdmin('/orders/BZ-100042', staffMember(role));
  return { api, view };
}

it('a card payment being checked: once the bank answers, the notice goes and Cancel comes back by itself, and that is announced', async () => {
  act(() => setLanguage('ru'));
  let order = orderDetail({ ...checking, payment_status_label: 'Оплата проверяется', status_label: 'Новый' });
  const { api } = orderPage(() => order);
  await wait(50);
  expect(screen.getByTestId('order-payment-hold')).toBeTruthy();
  expect(buttons()).toEqual([
    { name: 'Подтвердить', disabled: false },
    { name: 'Отменить', disabled: true },
  ]);
  await wait(10_000);
  // still checking: nothing changed, nothing said
  expect(api.to(ORDER)).toHaveLength(2);
  expect(screen.getByTestId('order-updated').textContent).toBe('');
  order = { ...order, payment_status: 'paid', payment_status_label: 'Оплачен' };
  await wait(10_000);
  expect(screen.queryByTestId('order-payment-hold')).toBeNull();
  expect(buttons()).toEqual([
    { name: 'Подтвердить', disabled: false },
    { name: 'Отменить', disabled: false },
  ]);
  const said = screen.getByTestId('order-updated');
  expect(said.getAttribute('role')).toBe('status');
  expect(said.textContent).toBe('Заказ обновился: Новый, оплата: Оплачен.');
  // settled: the page stops asking
  await wait(60_000);
  expect(api.to(ORDER)).toHaveLength(3);
});

it('an unpaid Payme order: once the shopper has paid, Confirm is offered by itself', async () => {
  let order = orderDetail({ payment_method: 'payme', payment_status: 'pending', payment_status_label: 'Not paid' });
  orderPage(() => order, 'manager');
  await wait(50);
  expect(buttons().every((b) => b.disabled)).toBe(true);
  order = { ...order, ...paid };
  await wait(10_000);
  expect(screen.queryByTestId('order-payment-hold')).toBeNull();
  expect(buttons()).toEqual([
    { name: 'Confirm', disabled: false },
    { name: 'Cancel', disabled: false },
  ]);
  expect(screen.getByTestId('order-updated').textContent).toBe('The order was updated: New, payment: Paid.');
});

it('an order whose money is known (cash, paid) is not asked for again', async () => {
  const { api, view } = orderPage(() => orderDetail());
  await wait(50);
  await wait(60_000);
  expect(api.to(ORDER)).toHaveLength(1);
  view.unmount();
  const paidCard = orderPage(() => orderDetail({ payment_method: 'card', ...paid }));
  await wait(60_000);
  expect(paidCard.api.to(ORDER)).toHaveLength(1);
});

it('leaving the page stops the asking', async () => {
  const { api } = orderPage(() => orderDetail(checking));
  await wait(50);
  fireEvent.click(screen.getByRole('link', { name: '← All orders' }));
  await wait(100);
  expect(currentLocation()).toBe('/orders');
  expect(screen.queryByTestId('order-number')).toBeNull();
  await wait(60_000);
  expect(api.to(ORDER)).toHaveLength(1);
});

it('a note being typed holds the refresh: the text and the focus stay; once it is added the page asks again', async () => {
  let order = orderDetail(checking);
  const note = { id: 1, text: 'Courier asked to call first', staff: { id: 7, name: 'Dilnoza Karimova' }, at: '2026-11-26T11:07:00Z' };
  const { api } = orderPage(() => order, 'operator', { 'POST /api/admin/orders/BZ-100042/notes': { body: { note } } });
  await wait(50);
  const field = screen.getByRole('textbox', { name: 'New internal note' }) as HTMLTextAreaElement;
  field.focus();
  fireEvent.change(field, { target: { value: 'Courier asked to call first' } });
  order = { ...order, ...paid };
  await wait(30_000);
  expect(api.to(ORDER)).toHaveLength(1);
  expect(field.value).toBe('Courier asked to call first');
  expect(document.activeElement).toBe(field);
  expect(screen.getByTestId('order-payment-hold')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
  await wait(50);
  expect(field.value).toBe('');
  await wait(10_000);
  expect(api.to(ORDER)).toHaveLength(2);
  expect(screen.queryByTestId('order-payment-hold')).toBeNull();
});

it('marking codes scanned and not saved yet hold the refresh; they stay as typed', async () => {
  const kettle = { ...orderDetail().items[0]!, quantity: 2, total: 900000, marked: true, labels: [] };
  let order = orderDetail({ ...checking, status: 'assembling', status_label: 'Assembling', allowed_next: ['shipping', 'cancelled'], labels_missing: 2, items: [kettle] });
  const { api } = orderPage(() => order);
  await wait(50);
  const first = screen.getByRole('textbox', { name: 'Unit 1 of 2' }) as HTMLInputElement;
  fireEvent.change(first, { target: { value: '010460043993125621JgXJ5.T' } });
  order = { ...order, ...paid };
  await wait(30_000);
  expect(api.to(ORDER)).toHaveLength(1);
  expect(first.value).toBe('010460043993125621JgXJ5.T');
  // the scan undone: nothing typed is left, the page asks again
  fireEvent.change(first, { target: { value: '' } });
  await wait(10_000);
  expect(api.to(ORDER)).toHaveLength(2);
  expect(screen.queryByTestId('order-payment-hold')).toBeNull();
});

it('a step on its way holds the refresh, and a refresh asked before the step never undoes it', async () => {
  let order = orderDetail(checking);
  const { api } = orderPage(() => order, 'operator', {
    'POST /api/admin/orders/BZ-100042/status': () => {
      order = { ...order, status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] };
      return { body: { order } };
    },
  });
  await wait(50);
  // a refresh is on its way, its answer the order as it was (still new), when Confirm is pressed
  const stale = order;
  const releaseGets = holdRequests('GET');
  await wait(10_000);
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await wait(50);
  expect(screen.getByRole('button', { name: 'Start assembling' })).toBeTruthy();
  order = stale;
  act(() => releaseGets());
  await wait(50);
  expect(api.to(ORDER)).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'Start assembling' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
});

it('no refresh is asked while a step is on its way', async () => {
  const order = orderDetail(checking);
  const { api } = orderPage(() => order, 'operator', { 'POST /api/admin/orders/BZ-100042/status': { body: { order: { ...order, status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] } } } });
  await wait(50);
  const releasePosts = holdRequests('POST');
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await wait(30_000);
  expect(api.to(ORDER)).toHaveLength(1);
  act(() => releasePosts());
  await wait(50);
  expect(screen.getByRole('button', { name: 'Start assembling' })).toBeTruthy();
  await wait(10_000);
  expect(api.to(ORDER)).toHaveLength(2);
});

it('when the order changes under the focused step (the check failed, the order was cancelled), the focus goes to the section’s heading', async () => {
  let order = orderDetail(checking);
  orderPage(() => order);
  await wait(50);
  const confirm = screen.getByRole('button', { name: 'Confirm' });
  confirm.focus();
  order = { ...order, status: 'cancelled', status_label: 'Cancelled', payment_status: 'failed', payment_status_label: 'Payment failed', allowed_next: [] };
  await wait(10_000);
  expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Next step' }));
  expect(screen.getByTestId('order-updated').textContent).toBe('The order was updated: Cancelled, payment: Payment failed.');
});
