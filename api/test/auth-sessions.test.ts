/**
 * Signing in with a code and the session it opens: the code used once, stored hashed, killed by wrong
 * guesses or time; the customer made once; the token and cookie (CSRF refused), logout and expiry; and a
 * code that could not be sent.
 */
import { otpCodes, sessions } from '../src/db/schema/index.js';
import { OTP_LIMITS } from '../src/modules/auth/auth.service.js';
import { DB_KINDS, type TestApp, bearer, signIn } from './helpers.js';
import { PHONE, openSignIn, otpCalls } from './support/sign-in.js';

describe.each(DB_KINDS)('phone sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openSignIn(kind);
  }, 120_000);
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  const { sendOtp, verifyOtp } = otpCalls(() => t);

  test('the right code signs in once: token, user, httpOnly cookie; the code cannot be used again', async () => {
    await sendOtp({ phone: PHONE });
    const code = t.sms.lastCode(PHONE);
    const res = await verifyOtp({ phone: '90 123 45 67', otp: code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 30 * 24 * 3600, user: { phone: PHONE, user_type: 'individual', name: null } });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/bozor_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await verifyOtp({ phone: PHONE, otp: code })).json().error.code).toBe('OTP_EXPIRED');
  });

  test('the code is stored hashed, never in clear', async () => {
    await sendOtp({ phone: PHONE });
    const rows = await t.database.db.select().from(otpCodes);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(t.sms.lastCode(PHONE));
  });

  test('five wrong codes kill the code: even the right one is then refused', async () => {
    await sendOtp({ phone: PHONE });
    const code = t.sms.lastCode(PHONE);
    const wrong = code === '00000' ? '11111' : '00000';
    for (let i = 1; i < OTP_LIMITS.maxAttempts; i++) {
      const res = await verifyOtp({ phone: PHONE, otp: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('OTP_INVALID');
    }
    expect((await verifyOtp({ phone: PHONE, otp: wrong })).json().error.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    expect((await verifyOtp({ phone: PHONE, otp: code })).json().error.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  test('the code expires after OTP_TTL_S', async () => {
    await sendOtp({ phone: PHONE });
    t.clock.advance(181);
    const res = await verifyOtp({ phone: PHONE, otp: t.sms.lastCode(PHONE) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('OTP_EXPIRED');
  });

  test('verify-otp validates its input', async () => {
    for (const otp of ['1234', '123456', 'abcde', 12345]) {
      const res = await verifyOtp({ phone: PHONE, otp });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields.otp).toBe('Kod 5 ta raqamdan iborat.');
    }
    expect((await verifyOtp({ phone: 'x', otp: '12345' })).json().error.fields.phone).toBeDefined();
  });

  test('known and unknown numbers get the same answer', async () => {
    await signIn(t, PHONE);
    t.clock.advance(61);
    // (from a client that has not asked for this phone before: a client's own wait grows with its codes)
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: PHONE }, remoteAddress: '10.1.1.1' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: '+998911112233' }, remoteAddress: '10.1.1.1' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
  });

  test('the first sign-in creates the customer; the next one finds the same customer', async () => {
    const token1 = await signIn(t, PHONE);
    const user1 = (await t.app.inject({ url: '/api/auth/user', headers: bearer(token1) })).json().user;
    t.clock.advance(61);
    const token2 = await signIn(t, PHONE);
    const user2 = (await t.app.inject({ url: '/api/auth/user', headers: bearer(token2) })).json().user;
    expect(user2.id).toBe(user1.id);
    expect(token2).not.toBe(token1);
  });

  test('GET /api/auth/user needs a valid token', async () => {
    expect((await t.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer('x'.repeat(43)) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    const token = await signIn(t);
    const res = await t.app.inject({ url: '/api/auth/user', headers: { ...bearer(token), 'x-lang': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phone).toBe(PHONE);
  });

  test('logout revokes the token on the server: the same token then gets 401', async () => {
    const token = await signIn(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/bozor_session=;/);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  test('sessions expire', async () => {
    const token = await signIn(t);
    t.clock.advance(30 * 24 * 3600 + 1);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  test('only the token hash is stored', async () => {
    const token = await signIn(t);
    const rows = await t.database.db.select().from(sessions);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('the session cookie authenticates reads; a cookie-authenticated write from another site is refused (CSRF)', async () => {
    const token = await signIn(t);
    const cookie = `bozor_session=${token}`;
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CSRF_REJECTED');
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(noOrigin.statusCode).toBe(403);
    const same = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(same.statusCode).toBe(200);
  });

  test('when the SMS cannot be sent: 503 SMS_UNAVAILABLE, no code kept, no cooldown started', async () => {
    t.sms.failing = true;
    const res = await sendOtp({ phone: PHONE }, { 'x-lang': 'en' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'SMS_UNAVAILABLE', message: 'We could not send the SMS. Please try again shortly.' });
    expect(await t.database.db.select().from(otpCodes)).toHaveLength(0);
    t.sms.failing = false;
    expect((await sendOtp({ phone: PHONE })).statusCode).toBe(200);
  });
});
