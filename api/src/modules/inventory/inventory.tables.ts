// The tables inventory owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { variants } from '../catalog/catalog.tables.js';
import { stores } from '../content/content.tables.js';
import { orders } from '../orders/orders.tables.js';

export const variantStock = pgTable(
  'variant_stock',
  {
    variantId: integer('variant_id').notNull().references(() => variants.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull().references(() => stores.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.storeId] })],
);

export const STOCK_MOVE_REASONS = ['received', 'correction', 'damaged', 'import'] as const;
export type StockMoveReason = (typeof STOCK_MOVE_REASONS)[number];

/**
 * Every stock change staff make (by hand or by CSV import): the ledger of variant_stock. Orders' own
 * takes and give-backs stay in order_stock_moves; the back office lists both together per variant.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    variantId: integer('variant_id').notNull().references(() => variants.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull().references(() => stores.id),
    /** Units in (+) or out (−). */
    delta: integer('delta').notNull(),
    /** The store's count right after the move. */
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason', { enum: STOCK_MOVE_REASONS }).notNull(),
    note: text('note'),
    /** Null for a command run on the server. */
    staffId: integer('staff_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stock_movements_variant_idx').on(t.variantId, t.at)],
);

/** Stock taken from each store for an order, so a failed payment or a cancellation can give it back. */
export const orderStockMoves = pgTable(
  'order_stock_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').notNull(),
    storeId: integer('store_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The store's count right after the take (the stock history's "after"; null for moves before 0018). */
    quantityAfter: integer('quantity_after'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The store's count right after the give-back. */
    releasedQuantityAfter: integer('released_quantity_after'),
  },
  (t) => [index('order_stock_moves_order_idx').on(t.orderId)],
);
