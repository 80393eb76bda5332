import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type Lang } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { hashOtp, newOtp, newSalt, sameDigest, sha256 } from '../../lib/secrets.js';
import { createProofOfWork } from '../../lib/proof-of-work.js';
import { type Metrics, otpResultOf } from '../../lib/metrics.js';
import { type RateLimiter } from '../../providers/limits/limiter.js';
import { type SmsProvider, SmsUnavailableError } from '../../providers/sms/sms.js';
import { createOtpRepository } from './otp.repository.js';
import { otpSmsText } from './otp.text.js';

/** Sign-in limits (docs/decisions.md "Sign-in limits per phone and client"), the same for shoppers and staff. */
export const OTP_LIMITS = {
  /** Wrong tries of one code. */
  maxAttempts: 5,
  /** Codes a day for one phone on one client (its device cookie, else its address: an IPv6 one by its /64). */
  perClientDay: 10,
  /** From this code of the day on, a client solves a puzzle first. */
  puzzleFrom: 4,
  /** The wait between codes doubles from OTP_RESEND_S up to this. */
  maxCooldownS: 3600,
  /** Codes an hour to one phone from clients that never signed in with it, before each needs a puzzle... */
  strangersPerPhoneHour: 5,
  /** ...and from this many codes of the day on, every one (OTP_PHONE_DAY_MAX in all; known devices are not counted, nor stopped). */
  strangersFreeDay: 20,
  /** A stranger's puzzle asks one bit more (twice the work) for every this many codes strangers had for the phone today... */
  bitsEvery: 10,
  /** ...up to this many bits above OTP_PUZZLE_BITS (64 times the work: about a minute of a phone's browser). */
  maxExtraBits: 6,
  perIpHour: 20,
  perIpDay: 60,
  verifyPerIpHour: 60,
} as const;

/** Who asks: its device cookie (clients that keep no cookies have none) and its address. */
interface Client {
  device: string | null;
  ip: string;
}

export type OtpSendInput = Client & { phone: string; lang: Lang; puzzle?: { token: string; nonce: string } | undefined };
export type OtpVerifyInput = Client & { phone: string; otp: string };

/**
 * An SMS code challenge: send a code to a phone, check what comes back. `scope` keeps the shop's and
 * the back office's codes and limits apart (a staff member who also shops has two live codes, and a
 * stranger spending a shopper's limits does not lock out a manager with the same phone).
 *
 * Limits count per (phone, client), never per phone alone, so strangers cannot lock a phone's owner out.
 * The client is a device that has signed in with the phone before (its `bozor_device` cookie), else the
 * caller's address. Each client's wait grows (OTP_RESEND_S, doubled with every code of the day), from the
 * 4th code of the day it solves a proof-of-work puzzle first, and codes live per (phone, client) too — a
 * stranger's request neither replaces nor uses up the tries of the owner's code. A known device skips the
 * phone-wide and address counters that strangers fill. What strangers spend on a phone raises the price
 * of its next code (a harder puzzle) rather than closing it, up to OTP_PHONE_DAY_MAX codes a day.
 *
 * `sendAfterAnswer` (the back office): the SMS goes out after the answer, so the answer takes as long for
 * a colleague's number, which is texted, as for any other, which is not. A code that cannot be sent then
 * is not kept and its counts are given back, as when it fails before answering.
 */
export function createOtpChallenge(deps: {
  db: Db;
  sms: SmsProvider;
  limiter: RateLimiter;
  clock: Clock;
  otp: Config['otp'];
  log: FastifyBaseLogger;
  scope: 'shop' | 'staff';
  sendAfterAnswer?: boolean;
  metrics?: Metrics;
}) {
  const otps = createOtpRepository(deps.db);
  const { limiter } = deps;
  const puzzles = createProofOfWork({ limiter, bits: deps.otp.puzzleBits });
  // The shop's phone keys stay as they were (counters survive an upgrade).
  const prefix = deps.scope === 'shop' ? '' : `${deps.scope}:`;
  const phoneKey = (phone: string) => `${prefix}${phone}`;
  const deviceHash = (device: string) => sha256(`device:${device}`);
  /**
   * The client limits and codes are counted per: a device that has signed in with the phone before, else
   * the caller's address (a new or thrown-away cookie earns nothing: rotating cookies must not reset a wait).
   */
  async function clientOf(phone: string, client: Client): Promise<{ key: string; known: boolean }> {
    if (client.device && (await otps.isKnownDevice(phoneKey(phone), deviceHash(client.device)))) {
      return { key: `d:${deviceHash(client.device).slice(0, 32)}`, known: true };
    }
    return { key: `ip:${client.ip}`, known: false };
  }
  const codeKey = (phone: string, clientKey: string) => `${phoneKey(phone)}#${clientKey}`;

  /** Counts one event against a limit: refused → the consumed keys are given back and a 429 is thrown. */
  async function count(consumed: string[], key: string, limit: number, windowS: number, code: 'RATE_LIMITED' | 'OTP_RESEND_TOO_SOON') {
    const full = `${prefix}${key}`;
    const result = await limiter.consume(full, limit, windowS);
    consumed.push(full);
    if (!result.allowed) {
      await refundAll(consumed);
      throw new AppError(code, 429, { retryAfter: result.retryAfterS });
    }
    return result.count;
  }
  const refundAll = (keys: string[]) => Promise.all(keys.map((key) => limiter.refund(key)));

  /** The check itself (verify() below counts its result). */
  async function check(input: OtpVerifyInput): Promise<void> {
    const { key: who, known } = await clientOf(input.phone, input);
    if (!known) await count([], `otp:verify:ip:h:${input.ip}`, OTP_LIMITS.verifyPerIpHour, 3600, 'RATE_LIMITED');
    const now = deps.clock.now();
    const key = codeKey(input.phone, who);
    const live = await otps.find(key);
    if (!live || live.consumedAt || live.expiresAt <= now) throw new AppError('OTP_EXPIRED', 422, { fields: { otp: 'invalid' } });
    const row = await otps.countAttempt(key, now, OTP_LIMITS.maxAttempts);
    if (!row) throw new AppError('OTP_TOO_MANY_ATTEMPTS', 422, { fields: { otp: 'invalid' } });
    if (!sameDigest(hashOtp(key, input.otp, row.salt), row.codeHash)) {
      if (row.attempts >= OTP_LIMITS.maxAttempts) throw new AppError('OTP_TOO_MANY_ATTEMPTS', 422, { fields: { otp: 'invalid' } });
      throw new AppError('OTP_INVALID', 422, { fields: { otp: 'invalid' } });
    }
    if (!(await otps.consume(key, row.codeHash, now))) throw new AppError('OTP_EXPIRED', 422, { fields: { otp: 'invalid' } });
    if (input.device) await otps.rememberDevice(phoneKey(input.phone), deviceHash(input.device), now);
  }

  /** The bits a stranger's puzzle asks for when strangers had `before` codes for the phone today. */
  const strangerBits = (before: number) => deps.otp.puzzleBits + Math.min(Math.floor(before / OTP_LIMITS.bitsEvery), OTP_LIMITS.maxExtraBits);

  /**
   * Texts a fresh code, then keeps it: when the SMS cannot be sent nothing is kept and the `consumed`
   * counts are given back (the try did not happen).
   */
  async function deliver(phone: string, who: string, lang: Lang, consumed: string[]): Promise<void> {
    const code = newOtp();
    const now = deps.clock.now();
    try {
      await deps.sms.send({ phone, text: otpSmsText(code, lang, Math.ceil(deps.otp.ttlS / 60)), secret: true });
    } catch (err) {
      await refundAll(consumed);
      throw err;
    }
    const salt = newSalt();
    const key = codeKey(phone, who);
    await otps.replace({ phone: key, codeHash: hashOtp(key, code, salt), salt, sentAt: now, expiresAt: new Date(now.getTime() + deps.otp.ttlS * 1000) });
  }

  /** Codes being sent after their answer (`sendAfterAnswer`). */
  const sending = new Set<Promise<void>>();
  function deliverLater(phone: string, who: string, lang: Lang, consumed: string[]): void {
    // after this request's answer is written (setImmediate runs after the I/O of this turn)
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliver(phone, who, lang, consumed))
      .catch((err: unknown) => {
        if (err instanceof SmsUnavailableError) deps.log.warn({ err: err.message, scope: deps.scope }, 'sign-in code not sent');
        else deps.log.error({ err, scope: deps.scope }, 'sign-in code not sent');
      })
      .finally(() => sending.delete(task));
    sending.add(task);
  }

  return {
    /**
     * Sends a fresh code (when `deliver` is not false: the back office answers a stranger's number
     * exactly like a colleague's, limits included, but texts only staff). Nothing is kept or counted
     * when the SMS cannot be sent or a puzzle is asked for.
     */
    async send(input: OtpSendInput & { deliver?: boolean }) {
      const { phone } = input;
      const { key: who, known } = await clientOf(phone, input);
      const consumed: string[] = [];
      const nth = await count(consumed, `otp:client:d:${phone}:${who}`, OTP_LIMITS.perClientDay, 86_400, 'RATE_LIMITED');
      const waitS = Math.min(deps.otp.resendS * 2 ** (nth - 1), OTP_LIMITS.maxCooldownS);
      await count(consumed, `otp:cooldown:${phone}:${who}`, 1, waitS, 'OTP_RESEND_TOO_SOON');
      let puzzle = nth >= OTP_LIMITS.puzzleFrom;
      let bits = deps.otp.puzzleBits;
      if (!known) {
        await count(consumed, `otp:ip:h:${input.ip}`, OTP_LIMITS.perIpHour, 3600, 'RATE_LIMITED');
        await count(consumed, `otp:ip:d:${input.ip}`, OTP_LIMITS.perIpDay, 86_400, 'RATE_LIMITED');
        const today = await count(consumed, `otp:strangers:d:${phone}`, deps.otp.phoneDayMax, 86_400, 'RATE_LIMITED');
        const thisHour = await count(consumed, `otp:strangers:h:${phone}`, Number.MAX_SAFE_INTEGER, 3600, 'RATE_LIMITED');
        bits = strangerBits(today - 1);
        puzzle ||= thisHour > OTP_LIMITS.strangersPerPhoneHour || today > OTP_LIMITS.strangersFreeDay;
      }
      if (puzzle) {
        if (!input.puzzle || !(await puzzles.redeem(phoneKey(phone), input.puzzle, bits))) {
          await refundAll(consumed);
          throw new AppError('CHALLENGE_REQUIRED', 429, { extra: { challenge: await puzzles.issue(phoneKey(phone), bits) } });
        }
      }
      const answer = { sent: true as const, retry_after: waitS, expires_in: deps.otp.ttlS };
      if (input.deliver === false) return answer;
      if (deps.sendAfterAnswer) {
        deliverLater(phone, who, input.lang, consumed);
        return answer;
      }
      try {
        await deliver(phone, who, input.lang, consumed);
      } catch (err) {
        if (err instanceof SmsUnavailableError) {
          deps.log.warn({ err: err.message }, 'sign-in code not sent');
          throw new AppError('SMS_UNAVAILABLE', 503, { retryAfter: 30, cause: err });
        }
        throw err;
      }
      return answer;
    },

    /** Resolves once every code being sent after its answer has gone out (or failed): tests, and a process that stops. */
    async idle(): Promise<void> {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },

    /**
     * Checks the code and uses it up; a 422 (fields.otp) when it is wrong, expired or tried too often.
     * On success the device (if the request has one) is remembered as one that signed in with the phone.
     */
    async verify(input: OtpVerifyInput): Promise<void> {
      try {
        await check(input);
        deps.metrics?.otpVerifications.inc({ scope: deps.scope, result: 'ok' });
      } catch (err) {
        deps.metrics?.otpVerifications.inc({ scope: deps.scope, result: otpResultOf(err instanceof AppError ? err.code : undefined) });
        throw err;
      }
    },
  };
}

export type OtpChallenge = ReturnType<typeof createOtpChallenge>;
