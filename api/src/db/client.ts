import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take one optionally (`findById(id, tx?)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (metrics); PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the embedded PGlite database under `dataDir` (or in memory when `dataDir` is
 * 'memory://'), or a PostgreSQL pool when `databaseUrl` is given, and applies migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolMax?: number; onQuery?: QueryObserver }): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (query: string) => opts.onQuery?.(query) } : undefined;
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolMax ?? 10, logger) : openPglite(opts.dataDir, logger);
}

/** Sees the SQL of every query the application sends (tests count them: no N+1 in lists). */
export type QueryObserver = (query: string) => void;
type QueryLogger = { logQuery: (query: string) => void } | undefined;

/**
 * Catalogue search matches each query word against the catalogue's words with pg_trgm's `%`: a
 * typo of one or two letters ("televzor", "samsng", "пылесас" → "pilesas") scores 0.45–0.6
 * against the word it means, unrelated words of that length below 0.4. Set per connection so the
 * trigram index answers `%` with it.
 */
const SIMILARITY_THRESHOLD = 0.4;

const MIGRATION_OPTIONS = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' };
/** Any constant shared by all API processes: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 727_001;

async function openPglite(dataDir: string, logger: QueryLogger): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let target: string | undefined;
  if (dataDir !== 'memory://') {
    target = path.join(dataDir, 'pglite');
    fs.mkdirSync(target, { recursive: true });
  }
  const client = await PGlite.create(target ?? 'memory://', { extensions: { pg_trgm } });
  await client.exec(`set pg_trgm.similarity_threshold = ${SIMILARITY_THRESHOLD}`);
  const db = drizzle({ client, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(db as never, MIGRATION_OPTIONS);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, max: number, logger: QueryLogger): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    options: `-c pg_trgm.similarity_threshold=${SIMILARITY_THRESHOLD}`,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  // Two processes starting together must not migrate at once: the lock is held on one
  // dedicated connection while the migrator works through the pool.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db as never, MIGRATION_OPTIONS);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; Drizzle's shared
 * PgDatabase type cannot say so, hence the one cast here.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `a, b, c` as bound parameters, for `in (…)` and `array[…]` in raw SQL (the caller writes the brackets). */
export function sqlList(values: readonly (number | string)[]): SQL {
  return sql.join(values.map((v) => sql`${v}`), sql`, `);
}
