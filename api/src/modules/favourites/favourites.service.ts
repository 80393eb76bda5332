import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, sqlList } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type Clock } from '../../lib/clock.js';
import { type AuthContext } from '../auth/index.js';
import { type CatalogContext, type CatalogService, visibleTo } from '../catalog/index.js';
import { MAX_FAVOURITES } from './favourites.schema.js';

/**
 * A signed-in shopper's favourites (issue 12). A guest keeps the list in the browser; at sign-in the page
 * sends it to `merge`, which adds what the account lacks (idempotent: sending it again changes nothing).
 * Answers list product cards priced for the shopper's account type; hidden products stay stored (they may
 * come back) but are left out, and a deleted product takes its rows with it.
 */
export function createFavourites(deps: { db: Db; clock: Clock; catalog: CatalogService }) {
  const { db } = deps;

  const storedIds = async (customerId: number): Promise<number[]> =>
    (
      await queryRows<{ product_id: number }>(
        db,
        sql`select product_id from favourites where customer_id = ${customerId} order by created_at desc, product_id desc`,
      )
    ).map((r) => r.product_id);

  /** Which of `ids` exist and the shopper may see. */
  async function visible(ids: number[], ctx: CatalogContext): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await queryRows<{ id: number }>(db, sql`select p.id from products p where p.id in (${sqlList(ids)}) and ${visibleTo(ctx.account)}`);
    return new Set(rows.map((r) => r.id));
  }

  async function list(auth: AuthContext, ctx: CatalogContext) {
    return deps.catalog.cards(await storedIds(auth.customer.id), ctx);
  }

  /** Adds a product; adding it again keeps its place (and answers the same). */
  async function add(auth: AuthContext, productId: number, ctx: CatalogContext) {
    const customerId = auth.customer.id;
    if (!(await visible([productId], ctx)).has(productId)) throw new AppError('VALIDATION_FAILED', 422, { fields: { product_id: 'invalid' } });
    const [others] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from favourites where customer_id = ${customerId} and product_id <> ${productId}`,
    );
    // `max` tells the page why (the field message alone is the generic "not valid")
    if ((others?.n ?? 0) >= MAX_FAVOURITES) throw new AppError('VALIDATION_FAILED', 422, { fields: { product_id: 'invalid' }, extra: { max: MAX_FAVOURITES } });
    const now = deps.clock.now();
    await db.execute(
      sql`insert into favourites (customer_id, product_id, created_at) values (${customerId}, ${productId}, ${now.toISOString()}::timestamptz)
          on conflict (customer_id, product_id) do nothing`,
    );
    const [row] = await queryRows<{ created_at: string | Date }>(
      db,
      sql`select created_at from favourites where customer_id = ${customerId} and product_id = ${productId}`,
    );
    return { product_id: productId, created_at: new Date(row?.created_at ?? now).toISOString() };
  }

  /** Removes a product; nothing to remove is not an error. */
  async function remove(auth: AuthContext, productId: number): Promise<void> {
    await db.execute(sql`delete from favourites where customer_id = ${auth.customer.id} and product_id = ${productId}`);
  }

  /**
   * Adds the guest's list (newest first) to the account's and answers the whole list. Products that are
   * gone or hidden are skipped, not refused (a browser list outlives products); those already there keep
   * their place; what does not fit under MAX_FAVOURITES is left out, the oldest first.
   */
  async function merge(auth: AuthContext, productIds: number[], ctx: CatalogContext) {
    const customerId = auth.customer.id;
    const wanted = [...new Set(productIds)];
    const [shown, stored] = await Promise.all([visible(wanted, ctx), storedIds(customerId)]);
    const have = new Set(stored);
    const room = Math.max(0, MAX_FAVOURITES - have.size);
    const fresh = wanted.filter((id) => shown.has(id) && !have.has(id)).slice(0, room);
    if (fresh.length > 0) {
      const now = deps.clock.now().getTime();
      // one millisecond apart, so the guest's order is kept (the first is the newest)
      const values = fresh.map((id, i) => sql`(${customerId}, ${id}, ${new Date(now - i).toISOString()}::timestamptz)`);
      await db.execute(
        sql`insert into favourites (customer_id, product_id, created_at) values ${sql.join(values, sql`, `)}
            on conflict (customer_id, product_id) do nothing`,
      );
    }
    return list(auth, ctx);
  }

  /** Forgets a deleted account's favourites, inside the deletion's transaction. */
  async function forget(customerId: number, tx: DbOrTx) {
    await tx.execute(sql`delete from favourites where customer_id = ${customerId}`);
  }

  return { list, add, remove, merge, forget };
}

export type Favourites = ReturnType<typeof createFavourites>;
