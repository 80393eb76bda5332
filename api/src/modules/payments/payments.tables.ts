// The tables payments owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { bigint, bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables.js';

/** A card saved with the payment provider: only its token and masked number are kept here. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'payme'] }).notNull(),
    token: text('token').notNull(),
    /** "860006******6311" — never the full number. */
    numberMasked: text('number_masked').notNull(),
    expire: text('expire').notNull(),
    cardType: text('card_type'),
    /** False until the shopper typed the code the bank texted to the card's phone. */
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_cards_customer_idx').on(t.customerId)],
);
