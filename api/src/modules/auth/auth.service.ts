import { type FastifyBaseLogger } from 'fastify';
import { type Metrics } from '../../lib/metrics.js';
import { type Config } from '../../config.js';
import { type Db, type DbOrTx } from '../../db/client.js';
import { AppError, notFound, unauthenticated } from '../../errors.js';
import { type Actor, type AuditService } from '../audit/index.js';
import { type Clock } from '../../lib/clock.js';
import { newSessionToken, sha256 } from '../../lib/secrets.js';
import { type RateLimiter } from '../../providers/limits/limiter.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type Customer, type CustomerProfile, createCustomerRepository } from './customer.repository.js';
import { createOtpRepository } from './otp.repository.js';
import { type OtpSendInput, type OtpVerifyInput, createOtpChallenge } from './otp-challenge.js';
import { createSessionRepository } from './session.repository.js';
import { type UserDto, toUserDto } from './user.dto.js';

export { OTP_LIMITS } from './otp-challenge.js';

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

export interface AccountPatch {
  userType?: 'individual' | 'legal';
  companyName?: string;
  inn?: string;
  blocked?: boolean;
}

const accountSnapshot = (c: Customer) => ({ user_type: c.userType, company_name: c.companyName, inn: c.inn, blocked: c.blockedAt !== null });

/** Phone sign-in by SMS code, sessions and the current user. */
export function createAuthService(deps: {
  db: Db;
  sms: SmsProvider;
  limiter: RateLimiter;
  clock: Clock;
  media: MediaStorage;
  otp: Config['otp'];
  log: FastifyBaseLogger;
  audit: AuditService;
  metrics?: Metrics;
}) {
  const challenge = createOtpChallenge({ ...deps, scope: 'shop' });
  const customers = createCustomerRepository(deps.db);
  const sessions = createSessionRepository(deps.db);
  const otps = createOtpRepository(deps.db);

  return {
    /** A customer by id (a deleted one is never found): how other modules read their customer, e.g. the phone an SMS goes to. */
    customer: (id: number) => customers.findById(id),

    /** A shopper's own profile fields changed; null when the account is gone. */
    updateProfile: (customerId: number, profile: CustomerProfile, now: Date) => customers.updateProfile(customerId, profile, now),

    /** Points a shopper's profile at a new photo (the media key). */
    setPhotoKey: (customerId: number, key: string, now: Date) => customers.setPhotoKey(customerId, key, now),

    /** Forgets a shopper inside `tx`: every session ended, personal data erased, the phone's pending code gone. */
    async forget(customer: Pick<Customer, 'id' | 'phone'>, now: Date, tx: DbOrTx) {
      await sessions.revokeAllOf(customer.id, now, tx);
      await customers.anonymise(customer.id, now, tx);
      if (customer.phone) await otps.remove(customer.phone, tx);
    },

    /**
     * Sends a fresh code. The answer is the same whether or not the phone has an account, so
     * nobody can learn who shops here. Nothing is kept when the SMS cannot be sent.
     */
    async sendOtp(input: OtpSendInput & { userType: 'individual' | 'legal' }) {
      if (input.userType === 'legal') throw new AppError('LEGAL_ENTITY_CONTACT_SUPPORT', 403);
      return challenge.send(input);
    },

    /** Checks the code; on success creates the customer on first sign-in and a session. */
    async verifyOtp(input: OtpVerifyInput): Promise<SignInResult> {
      await challenge.verify(input);
      // Told only to whoever holds the phone (after the code): a blocked account gets no session.
      const existing = await customers.findByPhone(input.phone);
      if (existing?.blockedAt) throw new AppError('ACCOUNT_BLOCKED', 403);
      const now = deps.clock.now();
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
      // A blocked account's sessions were ended when it was blocked; refuse any that slipped through.
      return customer && !customer.blockedAt ? { sessionId: session.id, customer } : null;
    },

    async logout(auth: AuthContext | null): Promise<void> {
      if (!auth) throw unauthenticated();
      await sessions.revoke(auth.sessionId, deps.clock.now());
    },

    /**
     * Staff change an account: make it a legal entity (its prices switch to the legal list) or an
     * individual again, block it (its sessions end at once) or unblock it. Audited with the write.
     */
    async updateAccount(actor: Actor, id: number, patch: AccountPatch): Promise<Customer> {
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const before = await customers.findById(id, tx);
        if (!before) throw notFound();
        const userType = patch.userType ?? before.userType;
        const companyName = userType === 'legal' ? (patch.companyName ?? before.companyName) : null;
        const inn = userType === 'legal' ? (patch.inn ?? before.inn) : null;
        if (userType === 'legal' && !companyName) throw new AppError('VALIDATION_FAILED', 422, { fields: { company_name: 'required' } });
        if (userType === 'legal' && !inn) throw new AppError('VALIDATION_FAILED', 422, { fields: { inn: 'inn_invalid' } });
        const blockedAt = patch.blocked === undefined ? before.blockedAt : patch.blocked ? (before.blockedAt ?? now) : null;
        const after = await customers.updateAccount(id, { userType, companyName, inn, blockedAt }, now, tx);
        if (!after) throw notFound();
        if (blockedAt && !before.blockedAt) await sessions.revokeAllOf(id, now, tx);
        await deps.audit.record(tx, actor, { action: 'customer.update', entity: 'customer', entityId: id, before: accountSnapshot(before), after: accountSnapshot(after) });
        return after;
      });
    },

    userDto(customer: Customer): UserDto {
      return toUserDto(customer, deps.media);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
export type { CustomerProfile };
