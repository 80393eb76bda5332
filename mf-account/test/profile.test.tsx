// My profile against a fake API: the server's per-field messages of a 422 appear next to their inputs.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { $auth, createApiClient, setApi, setLanguage } from '@bozor/shared';
import AccountRoutes from '../src/routes';

const reply = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 300, status, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(body)) } as unknown as Response);

beforeEach(() => {
  setLanguage('en');
  $auth.set({ isAuthenticated: true, token: 't', user: { id: 1, phone: '998901234567', user_type: 'individual' }, userType: 'individual' });
  const fetch = (url: string) =>
    url === '/api/profile'
      ? reply(422, { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { birth_date: 'The date cannot be in the future.' } } })
      : reply(404, {});
  setApi(createApiClient({ getLang: () => 'en', getToken: () => 't', getAccountType: () => 'individual', fetch: fetch as unknown as typeof globalThis.fetch }));
});

it('shows a 422 field error next to its input, not as a form error', async () => {
  render(
    <MemoryRouter initialEntries={['/account']}>
      <AccountRoutes basePath="/en" />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByTestId('profile-birth-date'), { target: { value: '2099-01-01' } });
  fireEvent.click(screen.getByTestId('profile-save'));
  await waitFor(() => expect(screen.getByTestId('profile-birth-date').getAttribute('aria-invalid')).toBe('true'));
  const describedBy = screen.getByTestId('profile-birth-date').getAttribute('aria-describedby');
  expect(document.getElementById(describedBy ?? '')?.textContent).toBe('The date cannot be in the future.');
  expect(screen.queryByText('Please check the data you entered.')).toBeNull();
});
