/** @jest-environment node */
import { $auth, completeSignIn, logout, onAuthEvent, setApi, createApiClient, type AuthEvent } from '../src';

function fakeFetch(routes: Record<string, [number, unknown]>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const [status, body] = routes[`${init.method} ${url}`] ?? [404, { error: { code: 'NOT_FOUND', message: 'x' } }];
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

function useFetch(routes: Record<string, [number, unknown]>) {
  const f = fakeFetch(routes);
  setApi(createApiClient({ getLang: () => 'ru', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch: f.fn }));
  return f;
}

describe('auth store', () => {
  it('starts logged out with userType the text null', () => {
    expect($auth.get()).toEqual({ isAuthenticated: false, token: '', user: null, userType: 'null' });
  });

  it('signs in: token stored, user loaded, user type set, logged-in emitted; headers sent', async () => {
    const f = useFetch({ 'GET /api/auth/user': [200, { id: 1, phone: '998901234567', user_type: 'individual' }] });
    const events: AuthEvent[] = [];
    const off = onAuthEvent((e) => events.push(e));
    await completeSignIn('tok123');
    off();
    expect($auth.get()).toMatchObject({ isAuthenticated: true, token: 'tok123', userType: 'individual' });
    expect(events).toEqual(['logged-in']);
    const headers = f.calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(headers['X-LANG']).toBe('ru');
    expect(headers['X-ACCOUNT-TYPE']).toBe('individual');
  });

  it('a 401 while loading the user logs out', async () => {
    useFetch({ 'GET /api/auth/user': [401, { error: { code: 'UNAUTHORIZED', message: 'no' } }] });
    await completeSignIn('expired');
    expect($auth.get().isAuthenticated).toBe(false);
    expect($auth.get().token).toBe('');
  });

  it('logout only logs a failed server call and still clears the state', async () => {
    useFetch({ 'GET /api/auth/user': [200, { id: 1, user_type: 'individual' }], 'POST /api/auth/logout': [500, {}] });
    await completeSignIn('tok');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const events: AuthEvent[] = [];
    const off = onAuthEvent((e) => events.push(e));
    await logout();
    off();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect($auth.get()).toEqual({ isAuthenticated: false, token: '', user: null, userType: 'null' });
    expect(events).toEqual(['logged-out']);
  });
});
