// The tables cart owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { bigint, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables.js';
import { products, variants } from '../catalog/catalog.tables.js';

/** A signed-in shopper's cart: only ids and quantities; everything else comes from the catalogue. */
export const cartItems = pgTable(
  'cart_items',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull().references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').notNull().references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.variantId] })],
);
