import { and, asc, eq } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { paymentCards } from '../../db/schema/index.js';

export type PaymentCardRow = typeof paymentCards.$inferSelect;

/** SQL for saved cards; every query is scoped to the owner. */
export function createCardRepository(db: DbOrTx) {
  return {
    async insert(values: typeof paymentCards.$inferInsert): Promise<PaymentCardRow> {
      const [row] = await db.insert(paymentCards).values(values).returning();
      if (!row) throw new Error('card insert returned nothing');
      return row;
    },
    async findOwned(customerId: number, id: number, tx: DbOrTx = db): Promise<PaymentCardRow | undefined> {
      const [row] = await tx.select().from(paymentCards).where(and(eq(paymentCards.id, id), eq(paymentCards.customerId, customerId)));
      return row;
    },
    listVerified: (customerId: number) =>
      db
        .select()
        .from(paymentCards)
        .where(and(eq(paymentCards.customerId, customerId), eq(paymentCards.verified, true)))
        .orderBy(asc(paymentCards.id)),
    async markVerified(id: number, card: { numberMasked: string; expire: string; cardType: string | null }): Promise<PaymentCardRow | undefined> {
      const [row] = await db.update(paymentCards).set({ ...card, verified: true }).where(eq(paymentCards.id, id)).returning();
      return row;
    },
    async remove(customerId: number, id: number): Promise<void> {
      await db.delete(paymentCards).where(and(eq(paymentCards.id, id), eq(paymentCards.customerId, customerId)));
    },
  };
}
