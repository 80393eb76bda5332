// The sign-in dialog against a fake API: server messages shown, countdown, legal entities refused.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { $auth, GUEST_AUTH, closeSignIn, createApiClient, openSignIn, setApi, setLanguage } from '@bozor/shared';
import SignInDialog from '../src/components/SignInDialog';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
const calls: { path: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  $auth.set(GUEST_AUTH);
  closeSignIn();
  setLanguage('en');
  replies = {
    '/api/auth/send-otp': { status: 200, body: { sent: true, retry_after: 60, expires_in: 180 } },
    '/api/auth/verify-otp': { status: 422, body: { error: { code: 'OTP_INVALID', message: 'The code is wrong' } } },
  };
  setApi(
    createApiClient({
      getLang: () => 'en',
      getToken: () => '',
      getAccountType: () => 'individual',
      fetch: (input, init) => {
        const path = String(input);
        calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const r = replies[path] ?? { status: 404, body: {} };
        return Promise.resolve({ ok: r.status < 300, status: r.status, statusText: '', text: () => Promise.resolve(JSON.stringify(r.body)) } as Response);
      },
    }),
  );
});

function openDialog() {
  render(<MemoryRouter><SignInDialog basePath="/en" /></MemoryRouter>);
  act(() => openSignIn());
}

it('asks for the code, counts down the resend and shows the server error', async () => {
  openDialog();
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  await screen.findByLabelText('Code from the SMS');
  expect(calls[0]?.body).toEqual({ phone: '+998901234567', user_type: 'individual' });
  expect(screen.getByTestId('signin-countdown').textContent).toBe('Resend code in 60 s');
  fireEvent.input(screen.getByLabelText('Code from the SMS'), { target: { value: '12345' } });
  fireEvent.click(screen.getByTestId('signin-verify'));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The code is wrong'));
});

it('tells a legal entity to contact support', async () => {
  replies['/api/auth/send-otp'] = { status: 403, body: { error: { code: 'LEGAL_ENTITY_CONTACT_SUPPORT', message: 'Legal entities: please contact customer support' } } };
  openDialog();
  fireEvent.click(screen.getByLabelText('Legal entity'));
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Legal entities: please contact customer support'));
  expect(calls[0]?.body).toEqual({ phone: '+998901234567', user_type: 'legal' });
});

it('refuses a number that is not an Uzbek mobile', () => {
  openDialog();
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  expect(screen.getByRole('alert').textContent).toBe('Enter an Uzbek mobile number');
  expect(calls).toHaveLength(0);
});
