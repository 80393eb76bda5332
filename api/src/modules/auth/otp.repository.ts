import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { otpCodes } from '../../db/schema/index.js';

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

    async remove(phone: string, tx: DbOrTx = db): Promise<void> {
      await tx.delete(otpCodes).where(eq(otpCodes.phone, phone));
    },
  };
}

export type OtpRepository = ReturnType<typeof createOtpRepository>;
