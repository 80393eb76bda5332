// An order's page offers exactly the steps the API allows; a refused step (409) is said and the order
// reloaded; cancelling asks for a reason.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(resetApp);

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };

it('shows items with MXIK codes, the receiver, the map pin and only the allowed actions', async () => {
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  expect((await screen.findByTestId('order-number')).textContent).toBe('Order BZ-100042');
  const items = screen.getByTestId('order-items');
  expect(within(items).queryByText('SKU: TF-KO-1 · MXIK: 08516001001000000')).not.toBeNull();
  expect(within(items).queryByText('Colour: White')).not.toBeNull();
  expect(screen.getByTestId('order-address').textContent).toBe('Tashkent city, Chilanzar, Bunyodkor 42, flat 15');
  const map = screen.getByTestId('order-map-link');
  expect(map.getAttribute('href')).toBe('https://yandex.uz/maps/?pt=69.2226,41.2926&z=17&l=map');
  expect(map.textContent).toContain('41.292600, 69.222600');

  const actions = within(screen.getByTestId('order-actions'))
    .getAllByRole('button')
    .map((b) => b.textContent);
  expect(actions).toEqual(['Confirm', 'Cancel']);
  expect(screen.queryByRole('button', { name: 'Start assembling' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Packing slip' }).getAttribute('href')).toBe('/orders/BZ-100042/slip');
});

it('moves the order on and shows the next steps the API returns', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } },
    'POST /api/admin/orders/BZ-100042/status': { body: { order: orderDetail({ status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('button', { name: 'Start assembling' })).toBeTruthy();
  expect(api.to('POST /api/admin/orders/BZ-100042/status')[0]?.body).toEqual({ status: 'confirmed' });
  expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  // the keyboard goes on from the next step, not from the top of the page
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start assembling' })));
});

it('a 409 is shown in the API words and the order is loaded again', async () => {
  let current = orderDetail();
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': () => ({ body: { order: current } }),
    'POST /api/admin/orders/BZ-100042/status': () => {
      // someone else confirmed it a moment ago
      current = orderDetail({ status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] });
      return { status: 409, body: { error: { code: 'INVALID_TRANSITION', message: 'The order is already confirmed', allowed: ['assembling', 'cancelled'] } } };
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  expect((await screen.findByTestId('order-action-error')).textContent).toBe('The order is already confirmed');
  expect(await screen.findByRole('button', { name: 'Start assembling' })).toBeTruthy();
  expect(api.to('GET /api/admin/orders/BZ-100042')).toHaveLength(2);
});

it('cancelling asks for confirmation and a reason, then sends it', async () => {
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } },
    'POST /api/admin/orders/BZ-100042/status': { body: { order: orderDetail({ status: 'cancelled', status_label: 'Cancelled', allowed_next: [] }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel order BZ-100042?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Fill this in');
  expect(api.to('POST /api/admin/orders/BZ-100042/status')).toHaveLength(0);
  // a reason longer than the API takes (500) is refused here, not by a 422 after sending
  fireEvent.change(within(dialog).getByLabelText('Reason (the customer may be told)'), { target: { value: 'x'.repeat(501) } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
  await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Too long'));
  expect(api.to('POST /api/admin/orders/BZ-100042/status')).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText('Reason (the customer may be told)'), { target: { value: 'Customer asked by phone' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.to('POST /api/admin/orders/BZ-100042/status')[0]?.body).toEqual({ status: 'cancelled', note: 'Customer asked by phone' });
  expect(await screen.findByText('The order is closed: nothing more to do.')).toBeTruthy();
  // no step left: the focus is on the section's heading
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Next step' })));
});

it('Escape closes the cancel dialog without cancelling', async () => {
  const api = fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  await screen.findByRole('dialog');
  fireEvent.keyDown(window, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.to('POST /api/admin/orders/BZ-100042/status')).toHaveLength(0);
});

describe('the history', () => {
  const entry = (status: 'new' | 'confirmed' | 'cancelled', payment: 'pending' | 'paid' | 'refund_pending' | 'refunded', at: string, staff: { id: number; name: string } | null = null, note: string | null = null) => ({
    status,
    status_label: { new: 'Received', confirmed: 'Confirmed', cancelled: 'Cancelled' }[status],
    payment_status: payment,
    payment_status_label: { pending: 'Not paid', paid: 'Paid', refund_pending: 'Refund under way', refunded: 'Refunded' }[payment],
    at,
    staff,
    note,
  });
  const timeline = [
    entry('new', 'pending', '2026-11-23T08:30:00Z'),
    entry('new', 'paid', '2026-11-23T08:31:00Z'),
    entry('cancelled', 'paid', '2026-11-23T09:00:00Z', { id: 7, name: 'Dilnoza Karimova' }, 'Customer asked by phone'),
    entry('cancelled', 'refund_pending', '2026-11-23T09:00:01Z'),
    entry('cancelled', 'refunded', '2026-11-24T10:00:00Z'),
  ];
  const lines = () => screen.getAllByTestId('order-history-entry').map((li) => li.querySelector('strong')?.textContent);

  it('says each payment change in words and never repeats a status as if it changed', async () => {
    fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ status: 'cancelled', status_label: 'Cancelled', allowed_next: [], timeline }) } }, 'GET /api/admin/orders': ordersList });
    renderAdmin('/orders/BZ-100042', staffMember('operator'));
    await screen.findByTestId('order-timeline');
    expect(lines()).toEqual(['Received', 'Payment: Paid', 'Cancelled', 'Payment: Refund under way', 'Payment: Refunded']);
    expect(screen.getAllByTestId('order-history-entry')[2]!.textContent).toContain('Cancelled — Customer asked by phone');
    expect(screen.getAllByTestId('order-history-entry')[2]!.textContent).toContain('Dilnoza Karimova');
  });

  it('in the staff member’s language; a status and a payment changed at once are both said', async () => {
    act(() => setLanguage('ru'));
    const both = [entry('new', 'pending', '2026-11-23T08:30:00Z'), { ...entry('confirmed', 'paid', '2026-11-23T08:40:00Z'), status_label: 'Подтверждён' }];
    fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ timeline: both }) } }, 'GET /api/admin/orders': ordersList });
    renderAdmin('/orders/BZ-100042', staffMember('operator'));
    await screen.findByTestId('order-timeline');
    expect(lines()).toEqual(['Received', 'Подтверждён · Оплата: Оплачен']);
  });
});
