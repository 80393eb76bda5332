import { and, eq, gt, isNull } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** SQL for sessions; tokens are only ever handled as their SHA-256. */
export function createSessionRepository(db: DbOrTx) {
  return {
    async create(customerId: number, tokenHash: string, expiresAt: Date, tx: DbOrTx = db): Promise<void> {
      await tx.insert(sessions).values({ customerId, tokenHash, expiresAt });
    },

    /** The live session with this token hash, if any. */
    async findLive(tokenHash: string, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: sessions.id, customerId: sessions.customerId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },

    async revoke(id: number, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
    },

    async revokeAllOf(customerId: number, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
