/**
 * The limits on sign-in codes: one client's growing wait and its puzzles, strangers unable to lock a phone's
 * owner out (shop and staff sign-in alike), an IPv6 /64 as one client, and one address spraying many phones.
 */
import { OTP_LIMITS } from '../src/modules/auth/auth.service.js';
import { DB_KINDS, type TestApp } from './helpers.js';
import { PHONE, STAFF_PHONE, device, openSignIn, otpCalls, solve, unsolved } from './support/sign-in.js';

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
});
