// The tables checkout-payments owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables.js';

/**
 * A payment made on a provider's page: a Payme Merchant API transaction or a Click SHOP API payment,
 * stored as the provider must be answered about it again (every method is idempotent on `externalId`).
 * States follow Payme's: 1 created/prepared, 2 performed/completed, -1 cancelled before, -2 after.
 */
export const checkoutTransactions = pgTable(
  'checkout_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: ['payme', 'click'] }).notNull(),
    /** Payme's transaction id, or Click's click_trans_id. */
    externalId: text('external_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** Tiyin. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: integer('state').notNull(),
    /** Payme's cancel reason (1–5, 10); Click's negative error for a failed payment. */
    reason: integer('reason'),
    /** Payme: the transaction's creation time at Payme (its 12-hour lifetime runs from it). */
    providerTime: timestamp('provider_time', { withTimezone: true, precision: 3 }),
    /** Click: click_paydoc_id, the payment the fiscal items are submitted for. */
    paydocId: text('paydoc_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    performedAt: timestamp('performed_at', { withTimezone: true, precision: 3 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
    /** Payme SetFiscalData by type (PERFORM / CANCEL); Click's OFD submission outcome. */
    fiscal: jsonb('fiscal').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('checkout_transactions_external_key').on(t.provider, t.externalId),
    // One payment under way or done per order: a second transaction for it is refused even when two race.
    uniqueIndex('checkout_transactions_active_key').on(t.orderId).where(sql`${t.state} in (1, 2)`),
    index('checkout_transactions_statement_idx').on(t.provider, t.providerTime),
  ],
);
