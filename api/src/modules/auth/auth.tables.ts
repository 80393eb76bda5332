// The tables auth owns (docs/architecture.md "Modules by domain"): it is their only writer; api/test/table-ownership.test.ts holds it to that.
import { bigint, bigserial, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A shopper. The phone number is the identity; it is erased (null) when the account is deleted. */
export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone'),
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender', { enum: ['male', 'female'] }),
    userType: text('user_type', { enum: ['individual', 'legal'] }).notNull().default('individual'),
    photoKey: text('photo_key'),
    /** A legal entity's name and 9-digit INN (set by staff when they make an account legal). */
    companyName: text('company_name'),
    inn: text('inn'),
    /** Blocked by staff: sessions ended, sign-in refused. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customers_phone_key').on(t.phone)],
);

/** Bearer/cookie sessions; only the SHA-256 of the 256-bit token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_customer_idx').on(t.customerId)],
);

/** The one live sign-in code per phone: salted hash, expiry, wrong tries, single use. */
export const otpCodes = pgTable('otp_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  salt: text('salt').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * Devices that have signed in with a phone (docs/decisions.md "Sign-in limits per phone and client"): only
 * the SHA-256 of the `bozor_device` cookie's random id is kept. A known device has sign-in limits of its
 * own, so strangers spending a phone's limits never lock its owner out on the device they use.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** The phone, with the challenge's scope prefix ("staff:+998…") as in otp_codes. */
    phone: text('phone').notNull(),
    deviceHash: text('device_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('known_devices_key').on(t.phone, t.deviceHash)],
);
