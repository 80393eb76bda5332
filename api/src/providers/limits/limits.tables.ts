// The table the rate limiter keeps its counts in (providers/limits/pg.ts is its only writer; api/test/table-ownership.test.ts holds it to that).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every API process (used when Redis is not configured). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
