// The outbox the log SMS provider writes texts to (its only writer; api/test/table-ownership.test.ts holds it to that).
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every SMS the shop sent (the `log` provider keeps the text so `pnpm sms:last` can show it). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);
