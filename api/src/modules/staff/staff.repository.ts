import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { staff, staffSessions, stores } from '../../db/schema/index.js';
import { type Localized } from '../../i18n/lang.js';

export type Staff = typeof staff.$inferSelect;
export type StaffWithStore = Staff & { storeName: Localized | null };

/** SQL for staff accounts and their sessions; tokens are only ever handled as their SHA-256. */
export function createStaffRepository(db: DbOrTx) {
  // "Last seen" is the latest use of any of the account's sessions (each request moves its session's
  // time), not only the last sign-in: an owner deciding whether an account is still in use reads it.
  const lastUsed = sql<Date | null>`(select max(${staffSessions.lastSeenAt}) from ${staffSessions} where ${staffSessions.staffId} = ${staff.id})`.mapWith(staffSessions.lastSeenAt);
  // (read where an account is shown, not for every request's session check: see findForSession)
  const withStore = (tx: DbOrTx, seen = true) =>
    tx
      .select({ row: staff, storeName: stores.name, lastUsed: seen ? lastUsed : sql<Date | null>`null` })
      .from(staff)
      .leftJoin(stores, eq(stores.id, staff.storeId));
  const flatten = (r: { row: Staff; storeName: Localized | null; lastUsed: Date | null }): StaffWithStore => {
    const seen = [r.row.lastSeenAt, r.lastUsed].filter((d): d is Date => d instanceof Date);
    return { ...r.row, lastSeenAt: seen.length ? new Date(Math.max(...seen.map((d) => d.getTime()))) : null, storeName: r.storeName };
  };

  return {
    async list(tx: DbOrTx = db): Promise<StaffWithStore[]> {
      return (await withStore(tx).orderBy(asc(staff.id))).map(flatten);
    },
    async findById(id: number, tx: DbOrTx = db): Promise<StaffWithStore | undefined> {
      const [row] = await withStore(tx).where(eq(staff.id, id));
      return row && flatten(row);
    },
    /** The account behind a live session, for every staff request: without the sessions' "last seen" (the request is it). */
    async findForSession(id: number): Promise<StaffWithStore | undefined> {
      const [row] = await withStore(db, false).where(eq(staff.id, id));
      return row && flatten(row);
    },
    async findByPhone(phone: string, tx: DbOrTx = db): Promise<StaffWithStore | undefined> {
      const [row] = await withStore(tx).where(eq(staff.phone, phone));
      return row && flatten(row);
    },
    /** Inserts unless the phone is taken; undefined then. */
    async create(values: typeof staff.$inferInsert, tx: DbOrTx = db): Promise<Staff | undefined> {
      const [row] = await tx.insert(staff).values(values).onConflictDoNothing({ target: staff.phone }).returning();
      return row;
    },
    async update(id: number, patch: Partial<Pick<Staff, 'name' | 'role' | 'storeId' | 'active'>>, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.update(staff).set({ ...patch, updatedAt: now }).where(eq(staff.id, id));
    },
    /**
     * Locks the rows of the active owners and of account `id` until the transaction ends, and answers the
     * active owners' ids. Two owners disabling each other at once both counted two owners and left none:
     * now the second waits for the first, then reads what it wrote. Always in id order, so two callers
     * never hold one row each while waiting for the other's.
     */
    async lockActiveOwners(id: number, tx: DbOrTx): Promise<number[]> {
      const owner = sql<boolean>`(${staff.role} = 'owner' and ${staff.active})`;
      const rows = await tx
        .select({ id: staff.id, owner })
        .from(staff)
        .where(or(owner, eq(staff.id, id)))
        .orderBy(asc(staff.id))
        .for('update');
      return rows.filter((r) => r.owner).map((r) => r.id);
    },

    async createSession(staffId: number, tokenHash: string, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.insert(staffSessions).values({ staffId, tokenHash, createdAt: now, lastSeenAt: now });
    },
    /** The live session (not ended, used after `idleSince`) with this token hash, and marks it used now. */
    async touchLive(tokenHash: string, idleSince: Date, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(staffSessions)
        .set({ lastSeenAt: now })
        .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.endedAt), gt(staffSessions.lastSeenAt, idleSince)))
        .returning({ id: staffSessions.id, staffId: staffSessions.staffId });
      return row;
    },
    async endSession(id: number, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.id, id));
    },
    /** Ends every live session of the account; answers how many. */
    async endAllOf(staffId: number, now: Date, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .update(staffSessions)
        .set({ endedAt: now })
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)))
        .returning({ id: staffSessions.id });
      return rows.length;
    },
    async markSeen(id: number, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.update(staff).set({ lastSeenAt: now }).where(eq(staff.id, id));
    },
  };
}
