import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { knownDevices, otpCodes } from '../../db/schema/index.js';

export type OtpRow = typeof otpCodes.$inferSelect;

/** SQL for sign-in codes: one live code per phone; attempts counted atomically. */
export function createOtpRepository(db: DbOrTx) {
  return {
    /** Stores a fresh code for the phone, replacing any earlier one (which dies with it). */
    async replace(row: Omit<OtpRow, 'attempts' | 'consumedAt'>, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(otpCodes)
        .values({ ...row, attempts: 0, consumedAt: null })
        .onConflictDoUpdate({
          target: otpCodes.phone,
          set: { codeHash: row.codeHash, salt: row.salt, sentAt: row.sentAt, expiresAt: row.expiresAt, attempts: 0, consumedAt: null },
        });
    },

    /**
     * Counts one try against the live code — only while it is unused, unexpired and under
     * `maxAttempts` — and returns it; undefined when no try is allowed.
     */
    async countAttempt(phone: string, now: Date, maxAttempts: number, tx: DbOrTx = db): Promise<OtpRow | undefined> {
      const [row] = await tx
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, maxAttempts)))
        .returning();
      return row;
    },

    /** Marks the code used; false when another request used it first. */
    async consume(phone: string, codeHash: string, now: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.codeHash, codeHash), isNull(otpCodes.consumedAt)))
        .returning({ phone: otpCodes.phone });
      return rows.length === 1;
    },

    async find(phone: string, tx: DbOrTx = db): Promise<OtpRow | undefined> {
      const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.phone, phone));
      return row;
    },

    /** Whether this device (the SHA-256 of its cookie) has signed in with the phone before. */
    async isKnownDevice(phone: string, deviceHash: string): Promise<boolean> {
      const [row] = await db
        .select({ phone: knownDevices.phone })
        .from(knownDevices)
        .where(and(eq(knownDevices.phone, phone), eq(knownDevices.deviceHash, deviceHash)));
      return row !== undefined;
    },

    async rememberDevice(phone: string, deviceHash: string, now: Date): Promise<void> {
      await db
        .insert(knownDevices)
        .values({ phone, deviceHash, lastSeenAt: now })
        .onConflictDoUpdate({ target: [knownDevices.phone, knownDevices.deviceHash], set: { lastSeenAt: now } });
    },

    async remove(phone: string, tx: DbOrTx = db): Promise<void> {
      await tx.delete(otpCodes).where(eq(otpCodes.phone, phone));
    },
  };
}

export type OtpRepository = ReturnType<typeof createOtpRepository>;
