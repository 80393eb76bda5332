// My profile with the keyboard: Save and Upload photo keep the focus on the pressed button while they
// work and after (aria-disabled, not disabled: a disabled button drops the focus to the page), a wrong
// email takes the focus on Save, and a refused photo gives it to the file input, linked to its message.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { $auth, $toasts, ToastViewport, createApiClient, setApi, setLanguage } from '@bozor/shared';
import AccountRoutes from '../src/routes';

const reply = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) } as unknown as Response);

const USER = { id: 1, phone: '998901234567', name: 'Dilnoza', user_type: 'individual' };
const calls: string[] = [];
/** Holds the answer of the save or the upload until the test has looked at the button meanwhile. */
let answer: () => void;
let answered: Promise<void>;
let uploadReply: () => Promise<Response>;

beforeEach(() => {
  calls.length = 0;
  $toasts.set([]);
  setLanguage('en');
  $auth.set({ isAuthenticated: true, token: 't', user: USER, userType: 'individual' });
  answered = new Promise((resolve) => (answer = resolve));
  uploadReply = () => reply(200, { user: { ...USER, photo_url: '/media/u1.webp' } });
  const fetch = (url: string) => {
    calls.push(url);
    if (url === '/api/profile') return answered.then(() => reply(200, { user: USER }));
    if (url === '/api/profile/upload-photo') return answered.then(uploadReply);
    if (url === '/api/auth/user') return reply(200, { user: USER });
    if (url === '/api/auth/logout') return reply(200, { logged_out: true });
    // the account page's other sections: no saved cards, no stock alerts
    if (url === '/api/payments/cards' || url === '/api/profile/stock-alerts') return reply(200, { data: [] });
    return reply(404, {});
  };
  setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
});

const renderAccount = () =>
  render(
    <MemoryRouter initialEntries={['/account']}>
      <AccountRoutes basePath="/en" />
      <ToastViewport closeLabel="Close" />
    </MemoryRouter>,
  );
const focused = () => document.activeElement;

it('Save keeps the focus on itself while saving (aria-disabled, not disabled) and after “Profile saved” (ru)', async () => {
  setLanguage('ru');
  renderAccount();
  const save = screen.getByTestId<HTMLButtonElement>('profile-save');
  save.focus();
  fireEvent.click(save);
  await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
  expect(save.disabled).toBe(false);
  expect(focused()).toBe(save);
  // a second press while saving sends nothing more
  fireEvent.click(save);
  answer();
  expect(await screen.findByText('Профиль сохранён')).toBeTruthy();
  expect(calls.filter((u) => u === '/api/profile')).toHaveLength(1);
  expect(save.isConnected).toBe(true);
  expect(save.disabled).toBe(false);
  expect(save.getAttribute('aria-disabled')).toBeNull();
  expect(focused()).toBe(save);
});

it('an invalid email takes the focus on Save, with its message linked (uz)', async () => {
  setLanguage('uz');
  renderAccount();
  const email = screen.getByTestId('profile-email');
  fireEvent.change(email, { target: { value: 'dilnoza@' } });
  const save = screen.getByTestId('profile-save');
  save.focus();
  fireEvent.click(save);
  await waitFor(() => expect(focused()).toBe(email));
  expect(email.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.getAttribute('role')).toBe('alert');
  expect(calls).not.toContain('/api/profile');
});

function choosePhoto() {
  const file = new File(['x'], 'me.png', { type: 'image/png' });
  fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file] } });
}

it('Upload photo keeps the focus on itself after the upload, when there is no file left to send', async () => {
  renderAccount();
  choosePhoto();
  const upload = screen.getByTestId<HTMLButtonElement>('photo-submit');
  upload.focus();
  fireEvent.click(upload);
  await waitFor(() => expect(upload.getAttribute('aria-disabled')).toBe('true'));
  expect(focused()).toBe(upload);
  answer();
  expect(await screen.findByText('Photo uploaded')).toBeTruthy();
  await waitFor(() => expect(calls).toContain('/api/auth/user'));
  expect(upload.disabled).toBe(false);
  expect(upload.getAttribute('aria-disabled')).toBe('true');
  expect(focused()).toBe(upload);
  // nothing to send: a press does nothing
  fireEvent.click(upload);
  expect(calls.filter((u) => u === '/api/profile/upload-photo')).toHaveLength(1);
});

it('a refused photo gives the focus to the file input, its message linked (ru)', async () => {
  setLanguage('ru');
  uploadReply = () => reply(422, { error: { code: 'VALIDATION_FAILED', message: 'Фото не подходит.', fields: { photo: 'Фото не подходит.' } } });
  renderAccount();
  choosePhoto();
  fireEvent.click(screen.getByTestId('photo-submit'));
  answer();
  const input = screen.getByTestId('photo-input');
  await waitFor(() => expect(focused()).toBe(input));
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Фото не подходит.');
});

it('Logout gives the focus to the page’s heading, above the sign-in prompt that replaces the profile (ru)', async () => {
  setLanguage('ru');
  renderAccount();
  const logout = screen.getByTestId('logout');
  logout.focus();
  fireEvent.click(logout);
  expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy();
  const heading = screen.getByRole('heading', { level: 1, name: 'Мой профиль' });
  await waitFor(() => expect(focused()).toBe(heading));
  expect(calls).toContain('/api/auth/logout');
  expect(screen.queryByTestId('profile-form')).toBeNull();
});
