// A session that ends while the shopper is signed in (signed out on another device, a revoked token, the 30-day
// expiry): the API answers 401 to the next account call. The pages then show their guest state, with the way to
// sign in, instead of a bare "Please sign in." or a "Try again" that can never work; what was typed in the
// profile and not saved is still there once the shopper has signed in again.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { $auth, GUEST_AUTH, createApiClient, setApi, setLanguage, type User } from '@bozor/shared';
import { renderAccount } from './renderAccount';

const reply = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) } as unknown as Response);
const ENDED = { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } };

const A2: User = { id: 5, phone: '998935557102', name: 'Aziza', surname: null, user_type: 'individual' };
const OTHER: User = { id: 9, phone: '998935557109', name: 'Bobur', surname: 'Aliyev', user_type: 'individual' };
/** The tokens the server still accepts. */
let live: Set<string>;
const calls: { method: string; url: string; auth: string | undefined }[] = [];

const order = {
  id: 9, number: 'BZ-100009', status: 'new', status_label: 'Received', payment_status: 'pending', payment_method: 'cash',
  delivery: { type: 'pickup', fee: 0, address: null, store: { name: 'Bozor Chilanzar', address: '42 Bunyodkor Avenue' } },
  receiver: { name: 'Aziza', surname: '', phone: '+998935557102' },
  items: [{ product_id: 12, name: 'Kettle', price: 459000, quantity: 1, total: 459000 }],
  items_total: 459000, delivery_fee: 0, total: 459000, created_at: '2026-11-26T06:09:35.000Z', statuses: [],
};

beforeEach(() => {
  calls.length = 0;
  live = new Set(['t-a2', 't-a2-again', 't-other']);
  setLanguage('en');
  $auth.set({ isAuthenticated: true, token: 't-a2', user: A2, userType: 'individual' });
  const fetch = (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).Authorization;
    calls.push({ method: init.method ?? 'GET', url, auth });
    if (!auth || !live.has(auth.replace('Bearer ', ''))) return reply(401, ENDED);
    if (url === '/api/payments/cards' || url === '/api/profile/stock-alerts') return reply(200, { data: [] });
    if (url === '/api/profile') return reply(200, { user: { ...A2, name: 'Aziz', surname: 'Rahimov' } });
    if (url.startsWith('/api/orders?')) return reply(200, { data: [order], meta: { total: 1, page: 1, per_page: 10, last_page: 1 } });
    if (url === `/api/orders/${order.number}`) return reply(200, { order });
    return reply(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  };
  setApi(createApiClient({ getLang: () => 'en', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
});

afterEach(() => $auth.set(GUEST_AUTH));

const app = renderAccount;
const signInAgain = (token: string, user: User) => act(() => $auth.set({ isAuthenticated: true, token, user, userType: 'individual' }));

it('Save after the session ended elsewhere: the sign-in prompt, not a bare "Please sign in."; the typed name comes back after signing in', async () => {
  app('/en/account');
  fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'Aziz' } });
  fireEvent.change(screen.getByTestId('profile-surname'), { target: { value: 'Rahimov' } });
  // signed out on another device: the server no longer knows the token
  live.delete('t-a2');
  const save = screen.getByTestId('profile-save');
  save.focus();
  fireEvent.click(save);

  expect(await screen.findByText('Sign in to see your account.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  expect(screen.queryByText('Please sign in.')).toBeNull();
  expect(screen.queryByTestId('profile-form')).toBeNull();
  expect($auth.get()).toEqual(GUEST_AUTH);
  // the pressed Save is gone with the form: the page's heading has the focus, not the page's body
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'My profile' })));

  signInAgain('t-a2-again', A2);
  expect(screen.getByTestId<HTMLInputElement>('profile-name').value).toBe('Aziz');
  expect(screen.getByTestId<HTMLInputElement>('profile-surname').value).toBe('Rahimov');
  fireEvent.click(screen.getByTestId('profile-save'));
  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.auth === 'Bearer t-a2-again')).toHaveLength(1));
});

it('what one account typed is not shown to another account signing in at this browser', async () => {
  app('/en/account');
  fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'Aziz' } });
  live.delete('t-a2');
  fireEvent.click(screen.getByTestId('profile-save'));
  await screen.findByText('Sign in to see your account.');
  signInAgain('t-other', OTHER);
  expect(screen.getByTestId<HTMLInputElement>('profile-name').value).toBe('Bobur');
  // nor to the first account afterwards
  act(() => $auth.set(GUEST_AUTH));
  signInAgain('t-a2-again', A2);
  expect(screen.getByTestId<HTMLInputElement>('profile-name').value).toBe('Aziza');
  await screen.findByTestId('cards-none');
});

it('My orders of an ended session: the sign-in prompt, not "Could not load the data. / Try again"', async () => {
  live.delete('t-a2');
  app('/en/account/orders');
  expect(await screen.findByText('Sign in to see your account.')).toBeTruthy();
  expect(screen.queryByText('Could not load the data.')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  // signing in again shows the list
  signInAgain('t-a2-again', A2);
  expect(await screen.findByRole('link', { name: 'Order BZ-100009' })).toBeTruthy();
});

it('"Try again" on an order whose session has ended meanwhile leads to the sign-in prompt', async () => {
  let down = true;
  const base = (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).Authorization;
    if (!auth || !live.has(auth.replace('Bearer ', ''))) return reply(401, ENDED);
    if (down) return Promise.reject(new TypeError('network'));
    return reply(200, { order });
  };
  setApi(createApiClient({ getLang: () => 'en', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch: base as unknown as typeof globalThis.fetch }));
  app('/en/account/orders?order=BZ-100009');
  const retry = await screen.findByRole('button', { name: 'Try again' });
  down = false;
  live.delete('t-a2');
  retry.focus();
  fireEvent.click(retry);
  expect(await screen.findByText('Sign in to see your account.')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'My orders' })));
});

it('edits left for another page while still signed in are not brought back: only a session’s end keeps them', async () => {
  const view = app('/en/account');
  fireEvent.change(screen.getByTestId('profile-name'), { target: { value: 'Aziz' } });
  view.unmount();
  app('/en/account');
  expect(screen.getByTestId<HTMLInputElement>('profile-name').value).toBe('Aziza');
  await screen.findByTestId('cards-none');
});
