// My profile against a fake API: the server's per-field messages of a 422 appear next to their inputs;
// another account type is refused where it is chosen, so Save never says "saved" over a type it did not change.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { $auth, $toasts, ToastViewport, createApiClient, setApi, setLanguage } from '@bozor/shared';
import AccountRoutes from '../src/routes';

const reply = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) } as unknown as Response);

const USER = { id: 1, phone: '998901234567', name: 'Dilnoza', user_type: 'individual' };
const calls: { url: string; init: RequestInit }[] = [];
let profileReply: () => Promise<Response>;

beforeEach(() => {
  calls.length = 0;
  $toasts.set([]);
  setLanguage('en');
  $auth.set({ isAuthenticated: true, token: 't', user: USER, userType: 'individual' });
  profileReply = () => reply(422, { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { birth_date: 'The date cannot be in the future.' } } });
  const fetch = (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url === '/api/profile') return profileReply();
    if (url === '/api/auth/user') return reply(200, { user: USER });
    if (url === '/api/profile/upload-photo') return reply(200, { user: { ...USER, photo_url: '/media/avatars/u1.webp' } });
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

it('shows a 422 field error next to its input, not as a form error', async () => {
  renderAccount();
  fireEvent.change(screen.getByTestId('profile-birth-date'), { target: { value: '2099-01-01' } });
  fireEvent.click(screen.getByTestId('profile-save'));
  await waitFor(() => expect(screen.getByTestId('profile-birth-date').getAttribute('aria-invalid')).toBe('true'));
  const describedBy = screen.getByTestId('profile-birth-date').getAttribute('aria-describedby');
  expect(document.getElementById(describedBy ?? '')?.textContent).toBe('The date cannot be in the future.');
  expect(screen.queryByText('Please check the data you entered.')).toBeNull();
});

it('refuses "Legal entity" where it is chosen (ru): the select stays on the saved type, and Save never reports it saved', async () => {
  setLanguage('ru');
  profileReply = () => reply(200, { user: USER });
  renderAccount();
  const select = screen.getByTestId<HTMLSelectElement>('profile-account-type');
  fireEvent.change(select, { target: { value: 'legal' } });
  // the refusal, next to the choice, and the choice back on what the account is
  expect(screen.getByRole('alert').textContent).toBe('Чтобы сменить тип аккаунта, обратитесь в службу поддержки.');
  expect(select.value).toBe('individual');
  expect(within(select).getByRole<HTMLOptionElement>('option', { selected: true }).textContent).toBe('Физическое лицо');

  // Save now saves what can be saved, and says only that
  fireEvent.click(screen.getByTestId('profile-save'));
  expect(await screen.findByText('Профиль сохранён')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(select.value).toBe('individual');
  const put = calls.find((c) => c.url === '/api/profile')!;
  expect(JSON.parse(String(put.init.body))).not.toHaveProperty('user_type');
});

it('a name of only spaces is refused as required, as an empty one, in every language — not "not valid"', async () => {
  const required = { en: 'This field is required.', ru: 'Обязательное поле.', uz: 'Toʻldirish shart.' } as const;
  for (const lang of ['en', 'ru', 'uz'] as const) {
    setLanguage(lang);
    // the API's own answer to a name of spaces sent as it is (the words the page should say too)
    profileReply = () => reply(422, { error: { code: 'VALIDATION_FAILED', message: '…', fields: { name: required[lang] } } });
    const { unmount } = renderAccount();
    for (const blank of ['   ', '']) {
      fireEvent.change(screen.getByTestId('profile-name'), { target: { value: blank } });
      fireEvent.click(screen.getByTestId('profile-save'));
      const name = screen.getByTestId('profile-name');
      await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(required[lang]);
    }
    // refused here: nothing the API would turn into "This value is not valid." is sent
    expect(calls.filter((c) => c.url === '/api/profile')).toHaveLength(0);
    unmount();
  }
});

it('counts a name’s length in characters as the API does: 31 emoji are 31 characters, not 62 (uz)', async () => {
  setLanguage('uz');
  profileReply = () => reply(200, { user: USER });
  renderAccount();
  const flowers = '🌸'.repeat(31);
  fireEvent.change(screen.getByTestId('profile-name'), { target: { value: flowers } });
  fireEvent.change(screen.getByTestId('profile-surname'), { target: { value: flowers } });
  fireEvent.click(screen.getByTestId('profile-save'));
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/profile')).toHaveLength(1));
  expect(screen.queryByText('Koʻpi bilan 60 ta belgi')).toBeNull();
  expect(JSON.parse(String(calls.find((c) => c.url === '/api/profile')!.init.body))).toMatchObject({ name: flowers, surname: flowers });
  // 61 characters are still too many
  fireEvent.change(screen.getByTestId('profile-name'), { target: { value: '🌸'.repeat(61) } });
  fireEvent.click(screen.getByTestId('profile-save'));
  await waitFor(() => expect(screen.getByTestId('profile-name').getAttribute('aria-invalid')).toBe('true'));
  expect(calls.filter((c) => c.url === '/api/profile')).toHaveLength(1);
});

it('empties the file field once the photo is uploaded: it no longer shows the sent file’s name', async () => {
  renderAccount();
  const input = screen.getByTestId<HTMLInputElement>('photo-input');
  // jsdom cannot put a file in a file input as a browser does; modelled here: the field shows the chosen
  // file's name until the page empties it
  let chosen: File[] = [new File(['x'], 'red.png', { type: 'image/png' })];
  Object.defineProperty(input, 'files', { configurable: true, get: () => chosen });
  Object.defineProperty(input, 'value', {
    configurable: true,
    get: () => (chosen[0] ? `C:\\fakepath\\${chosen[0].name}` : ''),
    set: (v: string) => {
      if (v === '') chosen = [];
    },
  });
  fireEvent.change(input);
  expect(input.value).toBe('C:\\fakepath\\red.png');
  fireEvent.click(screen.getByTestId('photo-submit'));
  expect(await screen.findByText('Photo uploaded')).toBeTruthy();
  expect(input.value).toBe('');
});
