// Sign-in: phone → SMS code → token kept → back to the page asked for; refusals in the API's words.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $token, TOKEN_KEY } from '../src/auth/session';
import { currentLocation, emptyOrders, fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

function typePhone() {
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
}

it('sends the code, verifies it, keeps the token and opens the page that was asked for', async () => {
  const api = fakeApi({
    'POST /api/admin/auth/send-otp': { body: { sent: true, retry_after: 60, expires_in: 180 } },
    'POST /api/admin/auth/verify-otp': { body: { token: 'tok-42', staff: staffMember('operator') } },
    'GET /api/admin/orders': { body: emptyOrders },
    'GET /api/store/stores': { body: { data: [] } },
  });
  renderAdmin('/orders?status=new');
  // signed out: sent to sign-in, keeping the page to come back to
  await screen.findByRole('heading', { name: 'Staff sign-in' });
  expect(currentLocation()).toBe(`/sign-in?next=${encodeURIComponent('/orders?status=new')}`);

  typePhone();
  expect(await screen.findByText('We sent a code to +998 90 123 45 67')).toBeTruthy();
  expect(api.to('POST /api/admin/auth/send-otp')[0]?.body).toEqual({ phone: '+998901234567' });
  expect(screen.getByTestId('signin-countdown').textContent).toBe('Resend code in 60 s');

  fireEvent.input(screen.getByLabelText('Code from the SMS'), { target: { value: '12345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Orders' });
  expect(api.to('POST /api/admin/auth/verify-otp')[0]?.body).toEqual({ phone: '+998901234567', otp: '12345' });
  expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-42');
  expect(currentLocation()).toBe('/orders?status=new');
  // every later call carries the token and the staff member's language
  const list = api.to('GET /api/admin/orders')[0];
  expect(list?.headers.Authorization).toBe('Bearer tok-42');
  expect(list?.headers['X-LANG']).toBe('en');
});

it("shows the API's message for a wrong code and for a disabled account", async () => {
  let verify: { status: number; body: unknown } = { status: 422, body: { error: { code: 'OTP_INVALID', message: 'The code is wrong', fields: { otp: 'Invalid value.' } } } };
  fakeApi({
    'POST /api/admin/auth/send-otp': { body: { sent: true, retry_after: 60, expires_in: 180 } },
    'POST /api/admin/auth/verify-otp': () => verify,
  });
  renderAdmin('/sign-in');
  typePhone();
  fireEvent.input(await screen.findByLabelText('Code from the SMS'), { target: { value: '11111' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The code is wrong'));

  verify = { status: 403, body: { error: { code: 'STAFF_DISABLED', message: 'Your account is disabled. Ask the owner.' } } };
  fireEvent.input(screen.getByLabelText('Code from the SMS'), { target: { value: '22222' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your account is disabled. Ask the owner.'));
  expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
});

it('refuses a number that is not an Uzbek mobile without asking the API', async () => {
  const api = fakeApi({});
  renderAdmin('/sign-in');
  fireEvent.input(await screen.findByLabelText('Phone number'), { target: { value: '+998 12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Enter an Uzbek mobile number');
  expect(api.calls).toHaveLength(0);
});

it('a 401 anywhere ends the session and returns to sign-in, keeping the page', async () => {
  fakeApi({
    'GET /api/admin/me': { body: { staff: staffMember('owner') } },
    'GET /api/admin/customers': { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Sign in again' } } },
  });
  localStorage.setItem(TOKEN_KEY, 'old-token');
  $token.set('old-token');
  renderAdmin('/customers?q=ali');
  await screen.findByRole('heading', { name: 'Staff sign-in' });
  expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  expect(currentLocation()).toBe(`/sign-in?next=${encodeURIComponent('/customers?q=ali')}`);
});
