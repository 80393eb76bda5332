/**
 * Asking for a sign-in code: a phone in any common form, the request's language, refused bodies, a legal
 * entity sent to support, and the resend cooldown. The limits on codes: auth-limits.test.ts; signing in
 * with a code and the session after it: auth-sessions.test.ts.
 */
import { DB_KINDS, type TestApp } from './helpers.js';
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
});
