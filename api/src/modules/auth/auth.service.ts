import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { AppError, unauthenticated } from '../../errors.js';
import { type Lang } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { hashOtp, newOtp, newSalt, newSessionToken, sameDigest, sha256 } from '../../lib/secrets.js';
import { type RateLimiter } from '../../providers/limits/limiter.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type SmsProvider, SmsUnavailableError } from '../../providers/sms/sms.js';
import { type Customer, createCustomerRepository } from './customer.repository.js';
import { createOtpRepository } from './otp.repository.js';
import { otpSmsText } from './otp.text.js';
import { createSessionRepository } from './session.repository.js';
import { type UserDto, toUserDto } from './user.dto.js';

/** Sign-in limits (DESIGN.md "Security rules"). */
export const OTP_LIMITS = {
  maxAttempts: 5,
  perPhoneHour: 5,
  perPhoneDay: 10,
  perIpHour: 20,
  perIpDay: 60,
  verifyPerIpHour: 60,
} as const;

export const SESSION_TTL_S = 30 * 24 * 3600;

export interface AuthContext {
  sessionId: number;
  customer: Customer;
}

export interface SignInResult {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: UserDto;
}

/** Phone sign-in by SMS code, sessions and the current user. */
export function createAuthService(deps: {
  db: Db;
  sms: SmsProvider;
  limiter: RateLimiter;
  clock: Clock;
  media: MediaStorage;
  otp: Config['otp'];
  log: FastifyBaseLogger;
}) {
  const otps = createOtpRepository(deps.db);
  const customers = createCustomerRepository(deps.db);
  const sessions = createSessionRepository(deps.db);
  const { limiter } = deps;

  /** Counts one event against each limit in turn; on the first refusal answers 429. */
  async function enforce(limits: Array<[key: string, limit: number, windowS: number]>, code: 'RATE_LIMITED' | 'OTP_RESEND_TOO_SOON'): Promise<string[]> {
    const consumed: string[] = [];
    for (const [key, limit, windowS] of limits) {
      const result = await limiter.consume(key, limit, windowS);
      consumed.push(key);
      if (!result.allowed) throw new AppError(code, 429, { retryAfter: result.retryAfterS });
    }
    return consumed;
  }

  return {
    /**
     * Sends a fresh code. The answer is the same whether or not the phone has an account, so
     * nobody can learn who shops here. Nothing is kept when the SMS cannot be sent.
     */
    async sendOtp(input: { phone: string; userType: 'individual' | 'legal'; ip: string; lang: Lang }) {
      if (input.userType === 'legal') throw new AppError('LEGAL_ENTITY_CONTACT_SUPPORT', 403);
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
        await limiter.refund(`otp:cooldown:${phone}`);
        throw err;
      }

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
      await otps.replace({
        phone,
        codeHash: hashOtp(phone, code, salt),
        salt,
        sentAt: now,
        expiresAt: new Date(now.getTime() + deps.otp.ttlS * 1000),
      });
      return { sent: true as const, retry_after: deps.otp.resendS, expires_in: deps.otp.ttlS };
    },

    /** Checks the code; on success creates the customer on first sign-in and a session. */
    async verifyOtp(input: { phone: string; otp: string; ip: string }): Promise<SignInResult> {
      await enforce([[`otp:verify:ip:h:${input.ip}`, OTP_LIMITS.verifyPerIpHour, 3600]], 'RATE_LIMITED');
      const now = deps.clock.now();
      const row = await otps.countAttempt(input.phone, now, OTP_LIMITS.maxAttempts);
      if (!row) {
        const current = await otps.find(input.phone);
        if (current && !current.consumedAt && current.expiresAt > now && current.attempts >= OTP_LIMITS.maxAttempts) {
          throw new AppError('OTP_TOO_MANY_ATTEMPTS', 422, { fields: { otp: 'invalid' } });
        }
        throw new AppError('OTP_EXPIRED', 422, { fields: { otp: 'invalid' } });
      }
      const matches = sameDigest(hashOtp(input.phone, input.otp, row.salt), row.codeHash);
      if (!matches) {
        if (row.attempts >= OTP_LIMITS.maxAttempts) throw new AppError('OTP_TOO_MANY_ATTEMPTS', 422, { fields: { otp: 'invalid' } });
        throw new AppError('OTP_INVALID', 422, { fields: { otp: 'invalid' } });
      }
      if (!(await otps.consume(input.phone, row.codeHash, now))) {
        throw new AppError('OTP_EXPIRED', 422, { fields: { otp: 'invalid' } });
      }

      const token = newSessionToken();
      const customer = await deps.db.transaction(async (tx) => {
        const found = await customers.findOrCreateByPhone(input.phone, tx);
        await sessions.create(found.id, sha256(token), new Date(now.getTime() + SESSION_TTL_S * 1000), tx);
        return found;
      });
      return { access_token: token, token_type: 'Bearer', expires_in: SESSION_TTL_S, user: toUserDto(customer, deps.media) };
    },

    /** The session and customer behind a token, or null. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length < 20 || token.length > 200) return null;
      const session = await sessions.findLive(sha256(token), deps.clock.now());
      if (!session) return null;
      const customer = await customers.findById(session.customerId);
      return customer ? { sessionId: session.id, customer } : null;
    },

    async logout(auth: AuthContext | null): Promise<void> {
      if (!auth) throw unauthenticated();
      await sessions.revoke(auth.sessionId, deps.clock.now());
    },

    userDto(customer: Customer): UserDto {
      return toUserDto(customer, deps.media);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
