// "Buy in 1 click": the Confirm step takes an optional note of what was agreed by phone (address or store,
// time), and the packing slip prints it where the address would be — the courier's paper never reads "—"
// when something was agreed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OrderDetail } from '../src/api/types';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(() => {
  resetApp();
  window.print = jest.fn();
});

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const oneClick = (patch: Partial<OrderDetail> = {}) =>
  orderDetail({ number: 'BZ-100006', one_click: true, delivery_type: 'phone', address: null, store: null, receiver: { name: 'Dilnoza', phone: '+998935550212' }, ...patch });
const agreed = 'Courier: Chilonzor 9, kv. 12; tomorrow 10–12';
const confirmedTimeline: OrderDetail['timeline'] = [
  { status: 'new', status_label: 'Received', payment_status: 'pending', payment_status_label: 'Not paid', at: '2026-11-26T10:00:00Z', staff: null, note: null },
  { status: 'confirmed', status_label: 'Confirmed', payment_status: 'pending', payment_status_label: 'Not paid', at: '2026-11-26T10:05:00Z', staff: { id: 7, name: 'Dilnoza Karimova' }, note: agreed },
  { status: 'assembling', status_label: 'Assembling', payment_status: 'pending', payment_status_label: 'Not paid', at: '2026-11-26T10:30:00Z', staff: { id: 7, name: 'Dilnoza Karimova' }, note: null },
];

it('Confirm sends what was agreed as the step’s note; the order then shows it', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100006': { body: { order: oneClick() } },
    'POST /api/admin/orders/BZ-100006/status': { body: { order: oneClick({ status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'], timeline: confirmedTimeline.slice(0, 2) }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100006', staffMember('operator'));
  const field = await screen.findByLabelText('What was agreed: address or store, time');
  expect(field.getAttribute('aria-describedby')).toBe('order-agreed-hint');
  fireEvent.change(field, { target: { value: `  ${agreed}  ` } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByRole('button', { name: 'Start assembling' });
  expect(api.to('POST /api/admin/orders/BZ-100006/status')[0]?.body).toEqual({ status: 'confirmed', note: agreed });
  // the field belongs to Confirm: gone with it
  expect(screen.queryByLabelText('What was agreed: address or store, time')).toBeNull();
  expect(screen.getByTestId('order-agreed').textContent).toBe(agreed);
});

it('the note is optional: Confirm without it sends the step alone', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100006': { body: { order: oneClick() } },
    'POST /api/admin/orders/BZ-100006/status': { body: { order: oneClick({ status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100006', staffMember('operator'));
  await screen.findByLabelText('What was agreed: address or store, time');
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByRole('button', { name: 'Start assembling' });
  expect(api.to('POST /api/admin/orders/BZ-100006/status')[0]?.body).toEqual({ status: 'confirmed' });
});

it('an order with an address has no such field', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByRole('button', { name: 'Confirm' });
  expect(screen.queryByLabelText('What was agreed: address or store, time')).toBeNull();
});

it('the packing slip prints what was agreed where the address would be', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100006': { body: { order: oneClick({ status: 'assembling', status_label: 'Assembling', allowed_next: ['shipping', 'ready_for_pickup', 'cancelled'], timeline: confirmedTimeline }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100006/slip', staffMember('operator'));
  const delivery = await screen.findByTestId('slip-delivery');
  expect(delivery.previousElementSibling?.textContent).toBe('Agreed by phone');
  expect(delivery.textContent).toBe(agreed);
  await waitFor(() => expect(window.print).toHaveBeenCalled());
});

it('a 1-click slip with nothing agreed still reads "—"', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100006': { body: { order: oneClick({ status: 'confirmed', status_label: 'Confirmed' }) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100006/slip', staffMember('operator'));
  expect((await screen.findByTestId('slip-delivery')).textContent).toBe('—');
});
