// Staff sign-in with the keyboard: after "Get the code" the focus is in the SMS code field (the pressed button
// is gone), "Change the number" puts it back in the phone field, and after signing in it is on the page's
// heading (Orders, or the dashboard) — never on the page's body.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { emptyOrders, fakeApi, likeABrowserEvent, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

const dashboard = { today: { orders: 3, revenue: 1662000 }, week: { orders: 12, revenue: 9850000 }, waiting: { new: 2, confirmed: 1, assembling: 0, shipping: 5, ready_for_pickup: 4 }, low_stock: 7 };

function routes(role: 'operator' | 'owner') {
  return fakeApi({
    'POST /api/admin/auth/send-otp': { body: { sent: true, retry_after: 60, expires_in: 180 } },
    'POST /api/admin/auth/verify-otp': { body: { token: 'tok-42', staff: staffMember(role) } },
    'GET /api/admin/orders': { body: emptyOrders },
    'GET /api/admin/dashboard': { body: dashboard },
    'GET /api/store/stores': { body: { data: [] } },
  });
}

async function getCode() {
  const phone = await screen.findByLabelText('Phone number');
  phone.focus();
  fireEvent.input(phone, { target: { value: '+998 90 123 45 67' } });
  fireEvent.submit(phone.closest('form') as HTMLFormElement);
  const code = await screen.findByLabelText('Code from the SMS');
  return code;
}

async function signIn(code: HTMLElement) {
  fireEvent.input(code, { target: { value: '12345' } });
  fireEvent.submit(code.closest('form') as HTMLFormElement);
}

it('the code field takes the focus once the code is sent; after signing in, the Orders heading', async () => {
  routes('operator');
  renderAdmin('/sign-in?next=%2Forders');
  const code = await getCode();
  await waitFor(() => expect(document.activeElement).toBe(code));
  await signIn(code);
  const heading = await screen.findByRole('heading', { level: 1, name: 'Orders' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
});

it('the same when the browser renders each step at once (Chromium): the owner lands on the dashboard’s heading', async () => {
  routes('owner');
  renderAdmin('/sign-in');
  const code = await getCode();
  await waitFor(() => expect(document.activeElement).toBe(code));
  const done = likeABrowserEvent('submit');
  try {
    await signIn(code);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  } finally {
    done();
  }
});

it('“Change the number” puts the focus back in the phone field', async () => {
  routes('operator');
  renderAdmin('/sign-in');
  await getCode();
  fireEvent.click(screen.getByRole('button', { name: 'Change the number' }));
  const phone = await screen.findByLabelText('Phone number');
  await waitFor(() => expect(document.activeElement).toBe(phone));
});

it('a session found on arrival does not move the focus (only signing in here does)', async () => {
  routes('operator');
  renderAdmin('/orders', staffMember('operator'));
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  await screen.findByTestId('empty');
  expect(document.activeElement).toBe(document.body);
});
