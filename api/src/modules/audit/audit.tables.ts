// The tables audit owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../staff/staff.tables.js';

/** Every staff write: who, when, what, and the values before → after. Rows are never changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for a command run on the server (`pnpm staff:add`, `pnpm order:status`). */
    staffId: integer('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_staff_idx').on(t.staffId, t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
