// The sign-in dialog against a fake API: server messages shown, countdown, legal entities refused.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { $auth, GUEST_AUTH, clearAuth, closeSignIn, createApiClient, openSignIn, setApi, setLanguage } from '@bozor/shared';
import SignInDialog from '../src/components/SignInDialog';
import { AccountPage } from '../src/pages/AccountPage';
import { i18n } from '../src/i18n';

type Reply = { status: number; body: unknown; retryAfter?: string };
let replies: Record<string, Reply>;
const calls: { path: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  $auth.set(GUEST_AUTH);
  closeSignIn();
  setLanguage('en');
  replies = {
    '/api/auth/send-otp': { status: 200, body: { sent: true, retry_after: 60, expires_in: 180 } },
    '/api/auth/verify-otp': { status: 422, body: { error: { code: 'OTP_INVALID', message: 'The code is wrong', fields: { otp: 'Invalid value.' } } } },
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
        const headers = { get: (h: string) => (h.toLowerCase() === 'retry-after' ? (r.retryAfter ?? null) : null) };
        return Promise.resolve({ ok: r.status < 300, status: r.status, statusText: '', headers, text: () => Promise.resolve(JSON.stringify(r.body)) } as unknown as Response);
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

it('restarts the resend countdown from Retry-After when the server says it is too soon', async () => {
  jest.useFakeTimers();
  try {
    replies['/api/auth/send-otp'] = { status: 200, body: { sent: true, retry_after: 2, expires_in: 180 } };
    openDialog();
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 90 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
    expect((await screen.findByTestId('signin-countdown')).textContent).toBe('Resend code in 2 s');
    for (let i = 0; i < 2; i++) await act(async () => void jest.advanceTimersByTime(1000));
    replies['/api/auth/send-otp'] = { status: 429, body: { error: { code: 'OTP_RESEND_TOO_SOON', message: 'Wait a little' } }, retryAfter: '37' };
    fireEvent.click(await screen.findByTestId('signin-resend'));
    expect((await screen.findByTestId('signin-countdown')).textContent).toBe('Resend code in 37 s');
    expect(screen.getByRole('alert').textContent).toBe('Wait a little');
  } finally {
    jest.useRealTimers();
  }
});

it('after a 429 for a number asked for a moment ago, shows the code input with the countdown', async () => {
  replies['/api/auth/send-otp'] = { status: 429, body: { error: { code: 'OTP_RESEND_TOO_SOON', message: 'Wait a little' } }, retryAfter: '50' };
  openDialog();
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  expect((await screen.findByTestId('signin-countdown')).textContent).toBe('Resend code in 50 s');
  // a fresh, empty code input (not the phone's digits), with the server's message under it
  expect((screen.getByLabelText('Code from the SMS') as HTMLInputElement).value).toBe('');
  expect(screen.getByRole('alert').textContent).toBe('Wait a little');
});

it('shows a 422 field error under the phone input', async () => {
  replies['/api/auth/send-otp'] = {
    status: 422,
    body: { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { phone: 'Enter an Uzbek mobile number: +998 XX XXX XX XX.' } } },
  };
  openDialog();
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter an Uzbek mobile number: +998 XX XXX XX XX.'));
  expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
});

/** My profile with its sign-in prompt, and the sign-in dialog, over an API that lets Aziza in with any code. */
function accountPageSigningIn() {
  replies['/api/auth/verify-otp'] = { status: 200, body: { access_token: 'token-0123456789abcdef0123', token_type: 'Bearer' } };
  replies['/api/auth/user'] = { status: 200, body: { user: { id: 7, phone: '+998901234567', name: 'Aziza', user_type: 'individual' } } };
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <AccountPage basePath="/en" />
      </I18nextProvider>
      <SignInDialog basePath="/en" />
    </MemoryRouter>,
  );
}

/** Signs in from the page's "Sign in" prompt, with its button focused as a keyboard user's would be; resolves when the dialog has closed. */
async function signInFromPrompt() {
  const prompt = screen.getByRole('button', { name: 'Sign in' });
  prompt.focus();
  fireEvent.click(prompt);
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  fireEvent.input(await screen.findByLabelText('Code from the SMS'), { target: { value: '12345' } });
  fireEvent.click(screen.getByTestId('signin-verify'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

it('signing in from a page’s prompt puts the focus on the page’s heading, not on the page’s body', async () => {
  accountPageSigningIn();
  await signInFromPrompt();
  // the prompt's button, where the dialog would return the focus, made way for the profile
  expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'My profile' }));
  act(() => $auth.set(GUEST_AUTH));
});

it('signing in again on the same page, after the session ended there, puts the focus on the heading again', async () => {
  accountPageSigningIn();
  const heading = () => screen.getByRole('heading', { level: 1, name: 'My profile' });
  await signInFromPrompt();
  expect(document.activeElement).toBe(heading());
  screen.getByTestId('profile-name').focus();
  // the session ends on the server: the next call's 401 signs the shopper out here, and the prompt is back
  act(() => clearAuth());
  await signInFromPrompt();
  expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  expect(document.activeElement).toBe(heading());
  act(() => $auth.set(GUEST_AUTH));
});

it('by keyboard: the code field takes the focus when the code is sent and again after a resend; "Change the number" gives it to the phone', async () => {
  jest.useFakeTimers();
  try {
    replies['/api/auth/send-otp'] = { status: 200, body: { sent: true, retry_after: 1, expires_in: 180 } };
    openDialog();
    const phone = screen.getByLabelText('Phone number');
    phone.focus();
    fireEvent.input(phone, { target: { value: '+998 90 123 45 67' } });
    fireEvent.submit(phone.closest('form')!);
    // the phone's form (and the focus in it) is gone; the code's field has the focus
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code from the SMS')));
    await act(async () => void jest.advanceTimersByTime(1000));
    const resend = screen.getByTestId('signin-resend');
    resend.focus();
    fireEvent.click(resend);
    await waitFor(() => expect(screen.queryByTestId('signin-resend')).toBeNull());
    expect(document.activeElement).toBe(screen.getByLabelText('Code from the SMS'));
    fireEvent.click(screen.getByRole('button', { name: 'Change the number' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone number'));
  } finally {
    jest.useRealTimers();
  }
});

it('opens with the focus in the phone field, ready to type', async () => {
  openDialog();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone number')));
});
