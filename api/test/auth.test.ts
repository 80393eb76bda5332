import { otpCodes, sessions } from '../src/db/schema/index.js';
import { solves } from '../src/lib/proof-of-work.js';
import { OTP_LIMITS } from '../src/modules/auth/auth.service.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';

const PHONE = '+998901234567';
/** A staff member's phone (the back office's sign-in runs the same challenge, scoped apart). */
const STAFF_PHONE = '+998901110077';

describe.each(DB_KINDS)('phone sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.services.staff.add({ command: 'test' }, { phone: STAFF_PHONE, name: 'Staff Sardor', role: 'operator', storeId: null }, 'en');
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  const sendOtp = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: payload as object, headers });
  const verifyOtp = (payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: payload as object, headers });

  test('accepts a phone in any common form, normalises it and sends a 5-digit code in the request language', async () => {
    const res = await sendOtp({ phone: '+998 (90) 123-45-67', user_type: 'individual' }, { 'x-lang': 'ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, retry_after: 60, expires_in: 180 });
    expect(t.sms.sent).toHaveLength(1);
    expect(t.sms.sent[0]!.phone).toBe(PHONE);
    expect(t.sms.sent[0]!.text).toMatch(/^Bozor: код для входа \d{5}\./);
    expect(t.sms.lastCode(PHONE)).toMatch(/^\d{5}$/);
  });

  test.each(['90 123 45 67', '998901234567', '+998-90-123-45-67', ' +998 90 1234567 '])('normalises %p', async (phone) => {
    const res = await sendOtp({ phone, user_type: 'individual' });
    expect(res.statusCode).toBe(200);
    expect(t.sms.sent[0]!.phone).toBe(PHONE);
  });

  test.each([
    ['a Tashkent landline', '+998 71 123 45 67'],
    ['a Russian number', '+7 901 234 56 78'],
    ['too short', '+998 90 123 45'],
    ['letters', '+998 90 ABC 45 67'],
    ['not a string', 998901234567],
  ])('rejects %s with a field error', async (_what, phone) => {
    const res = await sendOtp({ phone, user_type: 'individual' }, { 'x-lang': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { phone: 'Enter an Uzbek mobile number: +998 XX XXX XX XX.' } },
    });
    expect(t.sms.sent).toHaveLength(0);
  });

  test('rejects a missing body, unknown fields and a bad user_type', async () => {
    expect((await sendOtp({})).json().error.fields).toEqual({ phone: 'Oʻzbekiston mobil raqamini kiriting: +998 XX XXX XX XX.' });
    expect((await sendOtp({ phone: PHONE, admin: true })).json().error.fields).toEqual({ admin: 'Nomaʼlum maydon.' });
    expect((await sendOtp({ phone: PHONE, user_type: 'vip' })).statusCode).toBe(422);
    const raw = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: '{"phone":', headers: { 'content-type': 'application/json' } });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.code).toBe('BAD_REQUEST');
  });

  test('without X-LANG the answer is in the first shop language of Accept-Language; X-LANG wins; neither is Uzbek', async () => {
    const fieldsFor = async (headers: Record<string, string>) => (await sendOtp({ phone: '+7 901', user_type: 'individual' }, headers)).json().error.fields.phone;
    expect(await fieldsFor({ 'accept-language': 'de-DE,ru;q=0.8,en;q=0.9' })).toBe('Enter an Uzbek mobile number: +998 XX XXX XX XX.');
    expect(await fieldsFor({ 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8' })).toBe('Введите мобильный номер Узбекистана: +998 XX XXX XX XX.');
    expect(await fieldsFor({ 'accept-language': 'en;q=0, fr' })).toBe('Oʻzbekiston mobil raqamini kiriting: +998 XX XXX XX XX.');
    expect(await fieldsFor({ 'accept-language': 'ru', 'x-lang': 'en' })).toBe('Enter an Uzbek mobile number: +998 XX XXX XX XX.');
    expect(await fieldsFor({})).toBe('Oʻzbekiston mobil raqamini kiriting: +998 XX XXX XX XX.');
  });

  test('a legal entity is told to contact customer support, in its language', async () => {
    const res = await sendOtp({ phone: PHONE, user_type: 'legal' }, { 'x-lang': 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'LEGAL_ENTITY_CONTACT_SUPPORT', message: 'Legal entities: please contact customer support to open an account.' });
    expect(t.sms.sent).toHaveLength(0);
  });

  test('a second request within the cooldown gets 429 with Retry-After; after it a new code replaces the old one', async () => {
    await sendOtp({ phone: PHONE });
    const first = t.sms.lastCode(PHONE);
    t.clock.advance(20);
    const early = await sendOtp({ phone: PHONE }, { 'x-lang': 'en' });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json().error).toEqual({ code: 'OTP_RESEND_TOO_SOON', message: 'You can request a new code in 40 s.' });
    t.clock.advance(41);
    expect((await sendOtp({ phone: PHONE })).statusCode).toBe(200);
    const second = t.sms.lastCode(PHONE);
    if (second !== first) {
      expect((await verifyOtp({ phone: PHONE, otp: first })).json().error.code).toBe('OTP_INVALID');
    }
    expect((await verifyOtp({ phone: PHONE, otp: second })).statusCode).toBe(200);
  });

  /** Finds the nonce a puzzle asks for, as the shop's pages do (by brute force). */
  const solve = (challenge: { token: string; bits: number }) => {
    for (let n = 0; ; n++) if (solves(challenge.token, String(n), challenge.bits)) return { token: challenge.token, nonce: String(n) };
  };
  /** A nonce that does not solve the puzzle (a fixed guess would solve 1 in 2^bits of them). */
  const unsolved = (challenge: { token: string; bits: number }) => {
    for (let n = 0; ; n++) if (!solves(challenge.token, `wrong-${n}`, challenge.bits)) return { token: challenge.token, nonce: `wrong-${n}` };
  };
  const device = (id: string) => ({ cookie: `bozor_device=${id.padEnd(22, 'x')}` });

  test("one client's wait doubles with each code, from the 4th code of the day it solves a puzzle, after 10 it is refused", async () => {
    const waits: number[] = [];
    let used: { token: string; nonce: string } | undefined;
    for (let i = 1; i <= OTP_LIMITS.perClientDay; i++) {
      let res = await sendOtp({ phone: PHONE });
      if (i >= OTP_LIMITS.puzzleFrom) {
        expect(res.statusCode).toBe(429);
        const { challenge } = res.json().error;
        expect(res.json().error.code).toBe('CHALLENGE_REQUIRED');
        expect(challenge).toEqual({ token: expect.stringMatching(/^[\w-]{22}\.8$/), bits: 8 });
        // a wrong nonce is refused with a fresh puzzle; the solved one sends the code
        const wrong = await sendOtp({ phone: PHONE, puzzle: unsolved(challenge) });
        expect(wrong.json().error.code).toBe('CHALLENGE_REQUIRED');
        used = solve(challenge)!;
        res = await sendOtp({ phone: PHONE, puzzle: used });
      }
      expect(res.statusCode).toBe(200);
      waits.push(res.json().retry_after);
      const early = await sendOtp({ phone: PHONE });
      expect(early.json().error.code).toBe(i < OTP_LIMITS.perClientDay ? 'OTP_RESEND_TOO_SOON' : 'RATE_LIMITED');
      t.clock.advance(res.json().retry_after + 1);
      // a solved puzzle is used once
      if (used && i < OTP_LIMITS.perClientDay) expect((await sendOtp({ phone: PHONE, puzzle: used })).json().error.code).toBe('CHALLENGE_REQUIRED');
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
    expect(t.sms.sent).toHaveLength(OTP_LIMITS.perClientDay);
    const capped = await sendOtp({ phone: PHONE });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error.code).toBe('RATE_LIMITED');
    // ...for that client only: the same phone from another network still gets a code
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: PHONE }, remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
    // a fresh cookie earns nothing: the address still counts
    expect((await sendOtp({ phone: PHONE }, device('brand-new-cookie'))).json().error.code).toBe('RATE_LIMITED');
  });

  test("strangers cannot lock a phone's owner out: the owner's device signs in while others spend the phone's limits", async () => {
    // the owner signed in on this device before
    const owner = device('owners-phone');
    expect((await sendOtp({ phone: PHONE }, owner)).statusCode).toBe(200);
    expect((await verifyOtp({ phone: PHONE, otp: t.sms.lastCode(PHONE) }, owner)).statusCode).toBe(200);
    t.clock.advance(3600);
    t.sms.sent.length = 0;

    // the owner asks for a code; then strangers from many addresses ask for the same phone
    expect((await sendOtp({ phone: PHONE }, owner)).statusCode).toBe(200);
    const ownersCode = t.sms.lastCode(PHONE);
    const strangers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: PHONE }, remoteAddress: `10.0.0.${i + 1}` })),
    );
    const codes = strangers.map((r) => r.statusCode);
    // the first few get codes; past the phone's hourly share each stranger must solve a puzzle first
    expect(codes.filter((c) => c === 200)).toHaveLength(OTP_LIMITS.strangersPerPhoneHour);
    expect(strangers.filter((r) => r.statusCode === 429).every((r) => r.json().error.code === 'CHALLENGE_REQUIRED')).toBe(true);
    // strangers guessing codes burn only their own codes' tries
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone: PHONE, otp: '00000' }, remoteAddress: `10.0.0.${(i % 5) + 1}` });
    }
    // the owner's code was neither replaced nor used up
    const signedIn = await verifyOtp({ phone: PHONE, otp: ownersCode }, owner);
    expect(signedIn.statusCode).toBe(200);
    // and the owner's device asks for codes without puzzles, whatever strangers did to the phone's counters
    t.clock.advance(121);
    expect((await sendOtp({ phone: PHONE }, owner)).statusCode).toBe(200);
  });

  describe.each([
    ['shop', '/api/auth/send-otp', '/api/auth/verify-otp', PHONE],
    ['staff', '/api/admin/auth/send-otp', '/api/admin/auth/verify-otp', STAFF_PHONE],
  ])("a phone strangers spend (%s sign-in)", (scope, sendUrl, verifyUrl, phone) => {
    /** One client asking for a code (an address of its own, maybe a device cookie), solving a puzzle when asked. */
    async function ask(address: string, headers: Record<string, string> = {}) {
      const send = (puzzle?: object) => t.app.inject({ method: 'POST', url: sendUrl, payload: { phone, ...(puzzle ? { puzzle } : {}) }, remoteAddress: address, headers });
      const first = await send();
      if (first.statusCode !== 429 || first.json().error.code !== 'CHALLENGE_REQUIRED') return { res: first, bits: 0 };
      const { challenge } = first.json().error;
      return { res: await send(solve(challenge)), bits: challenge.bits as number };
    }
    const lastCode = async () => {
      await t.app.services.staff.idle();
      return t.sms.lastCode(phone);
    };
    const stranger = (i: number) => `10.${scope === 'shop' ? 40 : 41}.${i >> 8}.${(i % 250) + 1}`;

    test("after 30 strangers (each from its own address, puzzles solved) the owner still gets a code on a new device; each puzzle costs more as the phone's day fills", async () => {
      const bits: number[] = [];
      for (let i = 0; i < 30; i++) {
        const { res, bits: asked } = await ask(stranger(i));
        expect([i, res.statusCode]).toEqual([i, 200]);
        bits.push(asked);
      }
      // the first five of the hour are free; then every code a puzzle, one bit harder for every 10 codes of the day
      expect(bits.slice(0, OTP_LIMITS.strangersPerPhoneHour)).toEqual([0, 0, 0, 0, 0]);
      expect(bits.slice(OTP_LIMITS.strangersPerPhoneHour)).toEqual(Array.from({ length: 25 }, (_, k) => 8 + Math.floor((k + 5) / 10)));

      // the owner on a new device (its own address, a cookie never signed in): a harder puzzle, and a code
      const owner = device(`${scope}-owners-new-phone`);
      const asked = await ask('10.38.0.1', owner);
      expect(asked.res.statusCode).toBe(200);
      expect(asked.bits).toBe(8 + 3);
      const signedIn = await t.app.inject({ method: 'POST', url: verifyUrl, payload: { phone, otp: await lastCode() }, remoteAddress: '10.38.0.1', headers: owner });
      expect(signedIn.statusCode).toBe(200);
    });

    test('never more than OTP_PHONE_DAY_MAX codes a day to clients that never signed in with the phone; its known devices are neither counted nor stopped', async () => {
      const known = device(`${scope}-known-device-2`);
      expect((await ask('10.39.0.2', known)).res.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: verifyUrl, payload: { phone, otp: await lastCode() }, remoteAddress: '10.39.0.2', headers: known })).statusCode).toBe(200);
      // a day later (the sign-in above was a stranger's code still: the device was not known yet)
      t.clock.advance(86_400 + 1);
      const before = t.sms.sent.filter((m) => m.phone === phone).length;
      for (let i = 0; i < t.config.otp.phoneDayMax; i++) expect([i, (await ask(stranger(i))).res.statusCode]).toEqual([i, 200]);
      const refused = await ask(stranger(200));
      expect(refused.res.statusCode).toBe(429);
      expect(refused.res.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      await t.app.services.staff.idle();
      expect(t.sms.sent.filter((m) => m.phone === phone).length - before).toBe(t.config.otp.phoneDayMax);
      // the phone's own device still gets its code, without a puzzle
      t.clock.advance(120);
      expect(await ask('10.39.0.2', known)).toMatchObject({ res: { statusCode: 200 }, bits: 0 });
    });
  });

  test('the addresses of one IPv6 /64 are one client (a /64 is handed out whole); an IPv4 address is one whether or not it comes as ::ffff:', async () => {
    const from = (address: string) => t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: PHONE }, remoteAddress: address });
    expect((await from('2001:db8:5:6::1')).statusCode).toBe(200);
    // another address of the same /64 waits like the first
    const same = await from('2001:db8:5:6:ffff:1:2:3');
    expect(same.statusCode).toBe(429);
    expect(same.json().error.code).toBe('OTP_RESEND_TOO_SOON');
    // the next /64 is another client
    expect((await from('2001:db8:5:7::1')).statusCode).toBe(200);
    expect((await from('::ffff:10.3.3.3')).statusCode).toBe(200);
    expect((await from('10.3.3.3')).json().error.code).toBe('OTP_RESEND_TOO_SOON');
    // the per-address counters too: 20 phones an hour from one /64, each from another address in it
    const spray = (n: number) => t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: `+9989${String(2000000 + n).padStart(8, '0')}` }, remoteAddress: `2001:db8:a:b::${n.toString(16)}` });
    for (let i = 1; i <= OTP_LIMITS.perIpHour; i++) expect([i, (await spray(i)).statusCode]).toEqual([i, 200]);
    expect((await spray(OTP_LIMITS.perIpHour + 1)).json().error.code).toBe('RATE_LIMITED');
  });

  test('one IP cannot spray codes to many phones', async () => {
    for (let i = 0; i < OTP_LIMITS.perIpHour; i++) {
      expect((await sendOtp({ phone: `+9989${String(1000000 + i).padStart(8, '0')}` })).statusCode).toBe(200);
    }
    const res = await sendOtp({ phone: '+998977777777' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });

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
