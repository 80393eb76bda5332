/**
 * The shop's phone sign-in as the auth-* tests drive it: the phones they use, send-otp and verify-otp, the
 * puzzle a client solves (or fails) when the limits ask for one, and a device cookie.
 */
import { solves } from '../../src/lib/proof-of-work.js';
import { type DbKind, type TestApp, createTestApp } from '../helpers.js';

export const PHONE = '+998901234567';
/** A staff member's phone (the back office's sign-in runs the same challenge, scoped apart). */
export const STAFF_PHONE = '+998901110077';

/** A shop without the demo catalogue, with the staff member of STAFF_PHONE; for beforeAll. */
export async function openSignIn(kind: DbKind): Promise<TestApp> {
  const t = await createTestApp(kind);
  await t.app.services.staff.add({ command: 'test' }, { phone: STAFF_PHONE, name: 'Staff Sardor', role: 'operator', storeId: null }, 'en');
  return t;
}

/** send-otp and verify-otp on the app `app()` gives. */
export function otpCalls(app: () => TestApp) {
  const sendOtp = (payload: unknown, headers: Record<string, string> = {}) =>
    app().app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: payload as object, headers });
  const verifyOtp = (payload: unknown, headers: Record<string, string> = {}) => app().app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: payload as object, headers });
  return { sendOtp, verifyOtp };
}

/** Finds the nonce a puzzle asks for, as the shop's pages do (by brute force). */
export const solve = (challenge: { token: string; bits: number }) => {
  for (let n = 0; ; n++) if (solves(challenge.token, String(n), challenge.bits)) return { token: challenge.token, nonce: String(n) };
};
/** A nonce that does not solve the puzzle (a fixed guess would solve 1 in 2^bits of them). */
export const unsolved = (challenge: { token: string; bits: number }) => {
  for (let n = 0; ; n++) if (!solves(challenge.token, `wrong-${n}`, challenge.bits)) return { token: challenge.token, nonce: `wrong-${n}` };
};
export const device = (id: string) => ({ cookie: `bozor_device=${id.padEnd(22, 'x')}` });
