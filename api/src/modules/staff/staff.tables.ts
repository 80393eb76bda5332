// The tables staff owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from '../content/content.tables.js';

export const STAFF_ROLES = ['owner', 'manager', 'operator', 'store'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The people who run the shop (docs/back-office.md). A separate table: a staff phone is not a shopper. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** The store of a `store` account (its pickup orders only); null for the other roles. */
    storeId: integer('store_id').references(() => stores.id),
    active: boolean('active').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_phone_key').on(t.phone)],
);

/** Staff sessions: SHA-256 of the token; they end after STAFF_IDLE_S without a request. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);
