// The tables stock-alerts owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables.js';
import { variants } from '../catalog/catalog.tables.js';

/**
 * "Notify me when in stock" (issue 12): a signed-in shopper waits for a sold-out variant. One row per
 * (customer, variant); the stock-alert sweep texts once when the variant has stock again and sets
 * `notified_at`. Subscribing again after that re-arms the same row. A wish made while the variant is in
 * stock is not `armed` until a sweep has seen it sold out; `quiet_until` keeps the row from another text
 * before then (the cool-down after a text, or the phone's texts of the day used up).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    /** The page's language when the shopper subscribed: the SMS is written in it. */
    lang: text('lang', { enum: ['uz', 'ru', 'en'] }).notNull(),
    /** The shop's address the shopper subscribed on (the SMS link), used when PUBLIC_URL is not set. */
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** False for a wish made while the variant had stock: it is texted only after the variant has sold out. */
    armed: boolean('armed').notNull().default(true),
    /** Not texted before this (STOCK_ALERT_COOLDOWN_H after its last text, or when the phone may be texted again). */
    quietUntil: timestamp('quiet_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_customer_variant_key').on(t.customerId, t.variantId),
    // the sweep reads only the waiting ones
    index('stock_alerts_waiting_idx').on(t.variantId).where(sql`${t.notifiedAt} is null`),
  ],
);
