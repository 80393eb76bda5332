// The leases of background jobs (lib/leased-job.ts is their only writer; api/test/table-ownership.test.ts holds it to that).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background jobs that must run in one API process at a time (the payment reconciler): a row per
 * job names the process holding it until `expires_at`. A lease instead of an advisory lock because
 * it works the same on PGlite and on a PostgreSQL pool (a session advisory lock belongs to one pooled
 * connection) and holds no connection or row lock while the job talks to a provider.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
