import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type Lang } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { hashOtp, newOtp, newSalt, sameDigest } from '../../lib/secrets.js';
import { type RateLimiter } from '../../providers/limits/limiter.js';
import { type SmsProvider, SmsUnavailableError } from '../../providers/sms/sms.js';
import { createOtpRepository } from './otp.repository.js';
import { otpSmsText } from './otp.text.js';

/** Sign-in limits (docs/decisions.md "Sign-in limits"), the same for shoppers and staff. */
export const OTP_LIMITS = {
  maxAttempts: 5,
  perPhoneHour: 5,
  perPhoneDay: 10,
  perIpHour: 20,
  perIpDay: 60,
  verifyPerIpHour: 60,
} as const;

/**
 * An SMS code challenge: send a code to a phone, check what comes back. `scope` keeps the shop's and
 * the back office's codes and limits apart (a staff member who also shops has two live codes, and a
 * stranger spending a shopper's limits does not lock out a manager with the same phone).
 */
export function createOtpChallenge(deps: {
  db: Db;
  sms: SmsProvider;
  limiter: RateLimiter;
  clock: Clock;
  otp: Config['otp'];
  log: FastifyBaseLogger;
  scope: 'shop' | 'staff';
}) {
  const otps = createOtpRepository(deps.db);
  const { limiter } = deps;
  // The shop's keys stay as they were (live codes and counters survive an upgrade).
  const prefix = deps.scope === 'shop' ? '' : `${deps.scope}:`;
  const codeKey = (phone: string) => `${prefix}${phone}`;

  /** Counts one event against each limit in turn; on the first refusal answers 429. */
  async function enforce(limits: Array<[key: string, limit: number, windowS: number]>, code: 'RATE_LIMITED' | 'OTP_RESEND_TOO_SOON'): Promise<string[]> {
    const consumed: string[] = [];
    for (const [key, limit, windowS] of limits) {
      const result = await limiter.consume(`${prefix}${key}`, limit, windowS);
      consumed.push(`${prefix}${key}`);
      if (!result.allowed) throw new AppError(code, 429, { retryAfter: result.retryAfterS });
    }
    return consumed;
  }

  return {
    /**
     * Sends a fresh code (when `deliver` is not false: the back office answers a stranger's number
     * exactly like a colleague's, limits included, but texts only staff). Nothing is kept when the SMS
     * cannot be sent.
     */
    async send(input: { phone: string; ip: string; lang: Lang; deliver?: boolean }) {
      const { phone } = input;
      const consumed = await enforce([[`otp:cooldown:${phone}`, 1, deps.otp.resendS]], 'OTP_RESEND_TOO_SOON');
      try {
        consumed.push(
          ...(await enforce(
            [
              [`otp:phone:h:${phone}`, OTP_LIMITS.perPhoneHour, 3600],
              [`otp:phone:d:${phone}`, OTP_LIMITS.perPhoneDay, 86_400],
              [`otp:ip:h:${input.ip}`, OTP_LIMITS.perIpHour, 3600],
              [`otp:ip:d:${input.ip}`, OTP_LIMITS.perIpDay, 86_400],
            ],
            'RATE_LIMITED',
          )),
        );
      } catch (err) {
        // A refused request sent nothing: it must not also start a resend cooldown.
        await limiter.refund(consumed[0]!);
        throw err;
      }
      const answer = { sent: true as const, retry_after: deps.otp.resendS, expires_in: deps.otp.ttlS };
      if (input.deliver === false) return answer;

      const code = newOtp();
      const now = deps.clock.now();
      try {
        await deps.sms.send({ phone, text: otpSmsText(code, input.lang, Math.ceil(deps.otp.ttlS / 60)), secret: true });
      } catch (err) {
        await Promise.all(consumed.map((key) => limiter.refund(key)));
        if (err instanceof SmsUnavailableError) {
          deps.log.warn({ err: err.message }, 'sign-in code not sent');
          throw new AppError('SMS_UNAVAILABLE', 503, { retryAfter: 30, cause: err });
        }
        throw err;
      }
      const salt = newSalt();
      const key = codeKey(phone);
      await otps.replace({ phone: key, codeHash: hashOtp(key, code, salt), salt, sentAt: now, expiresAt: new Date(now.getTime() + deps.otp.ttlS * 1000) });
      return answer;
    },

    /** Checks the code and uses it up; a 422 (fields.otp) when it is wrong, expired or tried too often. */
    async verify(input: { phone: string; otp: string; ip: string }): Promise<void> {
      await enforce([[`otp:verify:ip:h:${input.ip}`, OTP_LIMITS.verifyPerIpHour, 3600]], 'RATE_LIMITED');
      const now = deps.clock.now();
      const key = codeKey(input.phone);
      const row = await otps.countAttempt(key, now, OTP_LIMITS.maxAttempts);
      if (!row) {
        const current = await otps.find(key);
        if (current && !current.consumedAt && current.expiresAt > now && current.attempts >= OTP_LIMITS.maxAttempts) {
          throw new AppError('OTP_TOO_MANY_ATTEMPTS', 422, { fields: { otp: 'invalid' } });
        }
        throw new AppError('OTP_EXPIRED', 422, { fields: { otp: 'invalid' } });
      }
      if (!sameDigest(hashOtp(key, input.otp, row.salt), row.codeHash)) {
        if (row.attempts >= OTP_LIMITS.maxAttempts) throw new AppError('OTP_TOO_MANY_ATTEMPTS', 422, { fields: { otp: 'invalid' } });
        throw new AppError('OTP_INVALID', 422, { fields: { otp: 'invalid' } });
      }
      if (!(await otps.consume(key, row.codeHash, now))) throw new AppError('OTP_EXPIRED', 422, { fields: { otp: 'invalid' } });
    },
  };
}

export type OtpChallenge = ReturnType<typeof createOtpChallenge>;
