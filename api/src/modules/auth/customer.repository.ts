import { and, eq, isNull } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';

export type Customer = typeof customers.$inferSelect;
export type CustomerProfile = Partial<Pick<Customer, 'name' | 'surname' | 'email' | 'birthDate' | 'gender'>>;

/** SQL for customers. Deleted customers (deleted_at set) are never found. */
export function createCustomerRepository(db: DbOrTx) {
  return {
    async findById(id: number, tx: DbOrTx = db): Promise<Customer | undefined> {
      const [row] = await tx.select().from(customers).where(and(eq(customers.id, id), isNull(customers.deletedAt)));
      return row;
    },

    async findByPhone(phone: string, tx: DbOrTx = db): Promise<Customer | undefined> {
      const [row] = await tx.select().from(customers).where(and(eq(customers.phone, phone), isNull(customers.deletedAt)));
      return row;
    },

    /** Staff changes: the account type (with the legal entity's name and INN) and the block. */
    async updateAccount(id: number, patch: Partial<Pick<Customer, 'userType' | 'companyName' | 'inn' | 'blockedAt'>>, now: Date, tx: DbOrTx = db): Promise<Customer | undefined> {
      const [row] = await tx
        .update(customers)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
        .returning();
      return row;
    },

    /** The customer with this phone, created on first sign-in. Safe under concurrent sign-ins. */
    async findOrCreateByPhone(phone: string, tx: DbOrTx = db): Promise<Customer> {
      await tx.insert(customers).values({ phone }).onConflictDoNothing({ target: customers.phone });
      const [row] = await tx.select().from(customers).where(eq(customers.phone, phone));
      if (!row) throw new Error('customer vanished right after upsert');
      return row;
    },

    async updateProfile(id: number, profile: CustomerProfile, now: Date, tx: DbOrTx = db): Promise<Customer | undefined> {
      const [row] = await tx
        .update(customers)
        .set({ ...profile, updatedAt: now })
        .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
        .returning();
      return row;
    },

    async setPhotoKey(id: number, photoKey: string | null, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.update(customers).set({ photoKey, updatedAt: now }).where(eq(customers.id, id));
    },

    /** Erases personal data but keeps the row, so past orders stay linked to an anonymous customer. */
    async anonymise(id: number, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(customers)
        .set({ phone: null, name: null, surname: null, email: null, birthDate: null, gender: null, photoKey: null, deletedAt: now, updatedAt: now })
        .where(eq(customers.id, id));
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
