import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, type QueryObserver, openDatabase } from '../src/db/client.js';
import { FakeClock } from '../src/lib/clock.js';
import { type RateLimiter } from '../src/providers/limits/limiter.js';
import { type SmsMessage, type SmsProvider, SmsUnavailableError } from '../src/providers/sms/sms.js';
import { seedDemo } from '../src/seed/index.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, empty database of the given kind; closing it drops it. */
export async function createTestDatabase(kind: DbKind, onQuery?: QueryObserver): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', ...(onQuery ? { onQuery } : {}) });
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url, dataDir: 'unused', poolMax: 20, ...(onQuery ? { onQuery } : {}) });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** Creates a uniquely named PostgreSQL database next to TEST_DATABASE_URL's. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bozor_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** An SMS provider that keeps what it was asked to send; it can be told to fail. */
export class FakeSms implements SmsProvider {
  readonly name = 'fake';
  readonly sent: SmsMessage[] = [];
  failing = false;
  private held: Promise<void> | undefined;
  /** Holds every send (a provider that takes its time) until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }
  async send(message: SmsMessage) {
    if (this.held) await this.held;
    if (this.failing) throw new SmsUnavailableError('fake outage');
    this.sent.push(message);
    return { providerMessageId: String(this.sent.length) };
  }
  /** The 5-digit code in the newest SMS to `phone`. */
  lastCode(phone: string): string {
    const message = [...this.sent].reverse().find((m) => m.phone === phone);
    const code = message?.text.match(/\b(\d{5})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  sms: FakeSms;
  config: Config;
  mediaDir: string;
  /** Empties the shopper tables and resets the fake clock and SMS, for the next test. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Tables that hold shoppers and their traffic; reference data (stores, catalogue) is kept. */
const SHOPPER_TABLES = ['customers', 'sessions', 'otp_codes', 'rate_limits', 'sms_outbox'];
const START = new Date('2026-11-22T09:00:00Z');

/** The API on a fresh database (or `database`) with a fake clock and SMS; `seed` adds the demo shop. */
export async function createTestApp(
  kind: DbKind,
  options: { env?: Record<string, string>; seed?: boolean; limiter?: RateLimiter; database?: Database; background?: boolean } = {},
): Promise<TestApp> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-media-'));
  // OTP_PUZZLE_BITS: sign-in puzzles small enough to solve in a test in a millisecond.
  const config = loadConfig({ DATA_DIR: mediaDir, MEDIA_DIR: mediaDir, LOG_LEVEL: 'silent', OTP_PUZZLE_BITS: '8', ...options.env });
  const database = options.database ?? (await createTestDatabase(kind));
  const clock = new FakeClock(START);
  const sms = new FakeSms();
  const app = await buildApp(config, {
    logger: false,
    // Tests drive the payment reconciler with reconcileOnce() and the fake clock, unless they ask for its timer.
    background: options.background ?? false,
    providers: { database, clock, sms, ...(options.limiter ? { limiter: options.limiter } : {}) },
  });
  if (options.seed) await seedDemo(database.db, app.providers.media, app.log);
  return {
    app,
    database,
    clock,
    sms,
    config,
    mediaDir,
    reset: async () => {
      await database.db.execute(sql.raw(`truncate ${SHOPPER_TABLES.join(', ')} restart identity cascade`));
      fs.rmSync(path.join(mediaDir, 'avatars'), { recursive: true, force: true });
      clock.set(START);
      sms.sent.length = 0;
      sms.failing = false;
    },
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * The newest staff sign-in code texted to `phone`: staff codes go out after send-otp has answered (so the
 * answer takes as long for any number), hence the wait for the sends under way.
 */
export async function staffCode(t: TestApp, phone: string): Promise<string> {
  await t.app.services.staff.idle();
  return t.sms.lastCode(phone);
}

/** Signs a phone in through the real endpoints and returns the bearer token. */
export async function signIn(t: TestApp, phone = '+998901234567'): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone, user_type: 'individual' } });
  if (sent.statusCode !== 200) throw new Error(`send-otp ${sent.statusCode}: ${sent.body}`);
  const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone, otp: t.sms.lastCode(phone) } });
  if (verified.statusCode !== 200) throw new Error(`verify-otp ${verified.statusCode}: ${verified.body}`);
  return (verified.json() as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Signs a phone in and makes its account a legal entity, as staff do (shoppers cannot choose it), and
 * returns the bearer token.
 */
export async function signInAsLegal(t: TestApp, phone = '+998935550101'): Promise<string> {
  const token = await signIn(t, phone);
  await t.database.db.execute(sql`update customers set user_type = 'legal' where phone = ${phone}`);
  return token;
}

/**
 * docs/api.md's "Who may call it" table, one `METHOD /path access[ roles]` line per row, the path as the
 * doc writes it (`:id`); checked against the app (access.test.ts) and the OpenAPI document (contract.test.ts).
 */
export function documentedRoutes(): string[] {
  const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/api.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Who may call it'));
  return [...section.matchAll(/^\| `(GET|POST|PUT|DELETE|PATCH)` \| `([^`]+)` \| `([^`]+)` \|(?: ([^|]+) \|)?$/gm)].map(
    ([, method, url, access, roles]) => `${method} ${url} ${access}${roles ? ` ${roles.trim()}` : ''}`,
  );
}
