// The tables favourites owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables.js';
import { products } from '../catalog/catalog.tables.js';

/**
 * A signed-in shopper's favourites (issue 12): one row per (customer, product), newest first by
 * `created_at`. A guest keeps the list in the browser; at sign-in it is merged in here. Deleting the
 * account or the product deletes the row; a hidden product stays here but is left out of every answer.
 */
export const favourites = pgTable(
  'favourites',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] }), index('favourites_customer_created_idx').on(t.customerId, t.createdAt)],
);
