/** @jest-environment node */
import { $auth, ApiError, completeSignIn, getApi, logout, onAuthEvent, setApi, createApiClient, type AuthEvent } from '../src';

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

  describe('a session that ends while the shopper is signed in', () => {
    const signedIn = async (routes: Record<string, [number, unknown]>) => {
      const f = useFetch({ 'GET /api/auth/user': [200, { id: 1, phone: '998901234567', user_type: 'individual' }], ...routes });
      await completeSignIn('tok');
      return f;
    };
    const unauthenticated: [number, unknown] = [401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } }];

    it('a 401 on any call made with the token signs the shopper out, before the caller hears of it', async () => {
      await signedIn({ 'PUT /api/profile': unauthenticated });
      const events: AuthEvent[] = [];
      const off = onAuthEvent((e) => events.push(e));
      let seenByCaller: boolean | undefined;
      await getApi()
        .put('/api/profile', { body: { name: 'Aziz' } })
        .catch((err: unknown) => {
          expect(err).toBeInstanceOf(ApiError);
          expect((err as ApiError).status).toBe(401);
          seenByCaller = $auth.get().isAuthenticated;
        });
      off();
      expect(seenByCaller).toBe(false);
      expect($auth.get()).toEqual({ isAuthenticated: false, token: '', user: null, userType: 'null' });
      expect(events).toEqual(['logged-out']);
    });

    it('leaves the session alone for other refusals: a wrong sign-in code, a 403, the catalogue key', async () => {
      await signedIn({
        'POST /api/auth/verify-otp': [422, { error: { code: 'OTP_INVALID', message: 'Wrong code.' } }],
        'GET /api/orders/BZ-1': [403, { error: { code: 'FORBIDDEN', message: 'no' } }],
        'GET /backend/api/ext/v1/resources/home': [401, { error: { code: 'INVALID_API_KEY', message: 'key' } }],
      });
      await expect(getApi().verifyOtp('+998901234567', '00000')).rejects.toMatchObject({ status: 422 });
      await expect(getApi().get('/api/orders/{tid}', { path: { tid: 'BZ-1' } })).rejects.toMatchObject({ status: 403 });
      await expect(getApi().getHome()).rejects.toMatchObject({ status: 401 });
      expect($auth.get()).toMatchObject({ isAuthenticated: true, token: 'tok' });
    });

    it('a late 401 to a request sent with an older token does not end a newer session', async () => {
      let answer: (r: Response) => void = () => undefined;
      const fetch = ((url: string) =>
        url === '/api/orders'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(new Response(JSON.stringify({ id: 2, phone: '998901234568', user_type: 'individual' }), { status: 200 }))) as unknown as typeof globalThis.fetch;
      setApi(createApiClient({ getLang: () => 'ru', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch }));
      await completeSignIn('old');
      const late = getApi().get('/api/orders');
      await completeSignIn('new');
      answer(new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } }), { status: 401 }));
      await expect(late).rejects.toMatchObject({ status: 401 });
      expect($auth.get()).toMatchObject({ isAuthenticated: true, token: 'new' });
    });

    it('a guest’s 401 (no token sent) changes nothing and emits nothing', async () => {
      useFetch({ 'GET /api/orders': unauthenticated });
      $auth.set({ isAuthenticated: false, token: '', user: null, userType: 'null' });
      const events: AuthEvent[] = [];
      const off = onAuthEvent((e) => events.push(e));
      await expect(getApi().get('/api/orders')).rejects.toMatchObject({ status: 401 });
      off();
      expect(events).toEqual([]);
    });
  });
});
