import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/client.js';
import { type StaffRole } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { newSessionToken, sha256 } from '../../lib/secrets.js';
import { type Actor, type AuditService } from '../audit/index.js';
import { type OtpChallenge, type OtpSendInput, type OtpVerifyInput } from '../auth/index.js';
import { type Staff, type StaffWithStore, createStaffRepository } from './staff.repository.js';

/** A staff session ends after this long without a request (docs/back-office.md). */
export const STAFF_IDLE_S = 12 * 3600;

export interface StaffContext {
  sessionId: number;
  staff: StaffWithStore;
}

export interface StaffDto {
  id: number;
  phone: string;
  name: string;
  role: StaffRole;
  store_id: number | null;
  store_name: string | null;
  active: boolean;
  last_seen_at: string | null;
  created_at: string;
}

export function toStaffDto(s: StaffWithStore, lang: Lang): StaffDto {
  return {
    id: s.id,
    phone: s.phone,
    name: s.name,
    role: s.role,
    store_id: s.storeId,
    store_name: s.storeName ? pick(s.storeName, lang) : null,
    active: s.active,
    last_seen_at: s.lastSeenAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account (no session data). */
const snapshot = (s: Pick<Staff, 'phone' | 'name' | 'role' | 'storeId' | 'active'>) => ({ phone: s.phone, name: s.name, role: s.role, store_id: s.storeId, active: s.active });

export interface NewStaff {
  phone: string;
  name: string;
  role: StaffRole;
  storeId: number | null;
}

/** Staff accounts: sign-in by SMS code, sessions that end after 12 idle hours, and their management. */
export function createStaffService(deps: { db: Db; clock: Clock; challenge: OtpChallenge; audit: AuditService; log: FastifyBaseLogger }) {
  const repo = createStaffRepository(deps.db);

  function checkStore(role: StaffRole, storeId: number | null): void {
    if (role === 'store' && storeId === null) throw new AppError('VALIDATION_FAILED', 422, { fields: { store_id: 'store_required' } });
  }

  return {
    /**
     * Same answer for any number, in the same time: only an active staff member's phone gets a text, and
     * that goes out after the answer (the challenge's `sendAfterAnswer`, services.ts).
     */
    async sendOtp(input: OtpSendInput) {
      const member = await repo.findByPhone(input.phone);
      return deps.challenge.send({ ...input, deliver: member?.active === true });
    },

    /** Resolves once the codes being sent after their answers have gone out (tests; a process that stops). */
    idle: () => deps.challenge.idle(),

    async verifyOtp(input: OtpVerifyInput, lang: Lang) {
      await deps.challenge.verify(input);
      const member = await repo.findByPhone(input.phone);
      // A code is only ever sent to an active member; this holds if they were disabled or removed since.
      if (!member) throw new AppError('OTP_EXPIRED', 422, { fields: { otp: 'invalid' } });
      if (!member.active) throw new AppError('STAFF_DISABLED', 403);
      const token = newSessionToken();
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await repo.createSession(member.id, sha256(token), now, tx);
        await repo.markSeen(member.id, now, tx);
        await deps.audit.record(tx, { staffId: member.id }, { action: 'staff.sign_in', entity: 'staff', entityId: member.id, before: null, after: null });
      });
      return { token, staff: toStaffDto({ ...member, lastSeenAt: now }, lang) };
    },

    /** The live session and active account behind a token, or null; using it keeps it alive. */
    async authenticate(token: string): Promise<StaffContext | null> {
      if (token.length < 20 || token.length > 200) return null;
      const now = deps.clock.now();
      const session = await repo.touchLive(sha256(token), new Date(now.getTime() - STAFF_IDLE_S * 1000), now);
      if (!session) return null;
      const member = await repo.findForSession(session.staffId);
      if (!member?.active) return null;
      // this very request is the account's latest use: its "last seen" without asking the sessions again
      return { sessionId: session.id, staff: { ...member, lastSeenAt: now } };
    },

    async logout(ctx: StaffContext): Promise<void> {
      await deps.db.transaction(async (tx) => {
        await repo.endSession(ctx.sessionId, deps.clock.now(), tx);
        await deps.audit.record(tx, { staffId: ctx.staff.id }, { action: 'staff.sign_out', entity: 'staff', entityId: ctx.staff.id, before: null, after: null });
      });
    },

    async list(lang: Lang): Promise<StaffDto[]> {
      return (await repo.list()).map((s) => toStaffDto(s, lang));
    },

    async add(actor: Actor, input: NewStaff, lang: Lang): Promise<StaffDto> {
      checkStore(input.role, input.storeId);
      const storeId = input.role === 'store' ? input.storeId : null;
      const created = await deps.db.transaction(async (tx) => {
        const row = await repo.create({ phone: input.phone, name: input.name, role: input.role, storeId }, tx);
        if (!row) throw new AppError('STAFF_EXISTS', 409);
        await deps.audit.record(tx, actor, { action: 'staff.create', entity: 'staff', entityId: row.id, before: null, after: snapshot(row) });
        return row;
      });
      const found = await repo.findById(created.id);
      if (!found) throw notFound();
      return toStaffDto(found, lang);
    },

    /**
     * Renames, changes the role or store, disables or enables. Disabling, or a new role, ends the
     * account's sessions at once. The last active owner can neither be disabled nor demoted.
     */
    async update(actor: Actor, id: number, patch: Partial<Pick<Staff, 'name' | 'role' | 'storeId' | 'active'>>, lang: Lang): Promise<StaffDto> {
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        // First the lock, then the reads: the count of owners and this change are one step (see lockActiveOwners).
        const activeOwners = await repo.lockActiveOwners(id, tx);
        const before = await repo.findById(id, tx);
        if (!before) throw notFound();
        const role = patch.role ?? before.role;
        const storeId = role === 'store' ? (patch.storeId !== undefined ? patch.storeId : before.storeId) : null;
        checkStore(role, storeId);
        const next = { name: patch.name ?? before.name, role, storeId, active: patch.active ?? before.active };
        // the same values again (a dialog saved unchanged): nothing to write, no empty audit row
        if (next.name === before.name && next.role === before.role && next.storeId === before.storeId && next.active === before.active) return;
        const losesOwner = before.role === 'owner' && before.active && (next.role !== 'owner' || !next.active);
        if (losesOwner && !activeOwners.some((ownerId) => ownerId !== id)) throw new AppError('LAST_OWNER', 409);
        await repo.update(id, next, now, tx);
        if (!next.active || next.role !== before.role || next.storeId !== before.storeId) await repo.endAllOf(id, now, tx);
        await deps.audit.record(tx, actor, { action: 'staff.update', entity: 'staff', entityId: id, before: snapshot(before), after: snapshot({ ...before, ...next }) });
      });
      const found = await repo.findById(id);
      if (!found) throw notFound();
      return toStaffDto(found, lang);
    },

    /** Ends every session of the account now (a lost phone): the next request of any of them is a 401. */
    async endSessions(actor: Actor, id: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const member = await repo.findById(id, tx);
        if (!member) throw notFound();
        const ended = await repo.endAllOf(id, deps.clock.now(), tx);
        await deps.audit.record(tx, actor, { action: 'staff.end_sessions', entity: 'session', entityId: id, before: { live_sessions: ended }, after: { live_sessions: 0 } });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
