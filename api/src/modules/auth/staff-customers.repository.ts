import { type SQL, and, count, desc, ilike, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { type Db } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';

/** `%` and `_` typed into a search box are searched for, not wildcards. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Customers as the back office lists them (reads only: accounts change through the auth service). */
export function createStaffCustomersRepository(db: Db) {
  return {
    /** Customers by phone digits or name (or by id), newest first. */
    async listCustomers(q: string | undefined, page: number, perPage: number, ids?: number[]) {
      const where: SQL[] = [isNull(customers.deletedAt), isNotNull(customers.phone)];
      if (ids) where.push(inArray(customers.id, ids.length > 0 ? ids : [0]));
      if (q) {
        const digits = q.replace(/\D/g, '');
        const byName = or(ilike(customers.name, like(q)), ilike(customers.surname, like(q)), ilike(customers.companyName, like(q)));
        where.push(digits.length >= 3 ? or(ilike(customers.phone, like(digits)), byName)! : byName!);
      }
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customers)
          .where(and(...where))
          .orderBy(desc(customers.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(customers).where(and(...where)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
