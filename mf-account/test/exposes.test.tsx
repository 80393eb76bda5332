// Contract tests: each exposed module renders with nothing but the shared contract around it.
import { render, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { $auth, GUEST_AUTH, closeSignIn, openSignIn, setLanguage, CONTRACT_VERSION } from '@bozor/shared';
import AccountRoutes, { contractVersion } from '../src/routes';
import SignInDialog from '../src/components/SignInDialog';

const at = (path: string, ui: React.ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

beforeEach(() => {
  $auth.set(GUEST_AUTH);
  closeSignIn();
});

describe('account/Routes', () => {
  it('declares its contract', () => expect(contractVersion).toBe(CONTRACT_VERSION));

  it('offers sign-in to a guest and logout to a signed-in user', async () => {
    setLanguage('en');
    const { unmount } = at('/account', <AccountRoutes basePath="/en" />);
    screen.getByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    unmount();
    $auth.set({ isAuthenticated: true, token: 't', user: { phone: '998901234567' }, userType: 'individual' });
    at('/account', <AccountRoutes basePath="/en" />);
    expect(screen.getByTestId('account-phone').textContent).toBe('+998 90 123 45 67');
    screen.getByRole('button', { name: 'Logout' });
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    // the cards and alerts sections have asked (no API here) and settled
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
  });
});

describe('account/SignInDialog', () => {
  it('opens through the shared atom, in the shell language', () => {
    setLanguage('ru');
    at('/', <SignInDialog basePath="/ru" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openSignIn());
    const phone = within(screen.getByRole('dialog', { name: 'Вход' })).getByLabelText('Номер телефона') as HTMLInputElement;
    expect(phone.value).toBe('');
    expect(phone.placeholder).toBe('+998 __ ___ __ __');
  });

  it('tells a signed-in user they are already logged in', () => {
    setLanguage('en');
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    at('/', <SignInDialog basePath="/en" />);
    act(() => openSignIn());
    expect(screen.getByTestId('signin-already').textContent).toBe('You Are Already Logged In');
    expect(screen.queryByLabelText('Phone number')).toBeNull();
  });
});
