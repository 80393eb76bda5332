import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import * as schema from './schema/index.js';
import { DATABASE_LIMITS, type DatabaseLimits, LongJobTimeoutError, guardConnection, sessionLimits } from './limits.js';

export { LongJobTimeoutError } from './limits.js';

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
  /**
   * Runs a long job (the CSV import, the demo seed) on a connection of its own with the long-job budget
   * (DatabaseLimits.longJobMs) for each statement and for the whole job: past it, PostgreSQL ends the job's
   * session, its transaction is rolled back and its locks go, and this throws LongJobTimeoutError. On PGlite
   * the job runs on the one connection, without a limit (PGlite enforces none).
   */
  longJob<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the embedded PGlite database under `dataDir` (or in memory when `dataDir` is
 * 'memory://'), or a PostgreSQL pool when `databaseUrl` is given, and applies migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  onQuery?: QueryObserver;
  /** Tests make them small; the shop runs with DATABASE_LIMITS. */
  limits?: Partial<DatabaseLimits>;
}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (query: string) => opts.onQuery?.(query) } : undefined;
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolMax ?? 10, logger, { ...DATABASE_LIMITS, ...opts.limits }) : openPglite(opts.dataDir, logger);
}

/** Thrown when another live process holds the embedded database's directory. */
export class DatabaseInUseError extends Error {}

/** Whether a process with this pid runs on this machine (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database belongs to one process: PGlite has no server, and two processes writing the same
 * files lose one side's rows without a word (seen: two `pnpm start`s on one DATA_DIR both answered orders
 * BZ-100001…, and one side's were gone after a restart; a CLI that opened the database beside an API still
 * starting). A lock file beside it names the owner's pid, created whole in one step (a link of a written
 * file, which fails when the lock exists); a lock whose process is gone (a kill -9, a crash) is taken over.
 * Answers the release.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  const mine = `${file}.${process.pid}`;
  fs.writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(mine, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
        const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
        if (owner > 0 && owner !== process.pid && isRunning(owner)) {
          throw new DatabaseInUseError(
            `the embedded database in ${dataDir} is in use by process ${owner} (another \`pnpm start\` or API on this DATA_DIR?): ` +
              `stop it, or give this one its own DATA_DIR. If no Bozor process runs, remove ${file}.`,
          );
        }
        fs.rmSync(file, { force: true });
      }
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
  const release = () => {
    process.removeListener('exit', release);
    try {
      if (Number.parseInt(fs.readFileSync(file, 'utf8'), 10) === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return release;
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
  let unlock: (() => void) | undefined;
  if (dataDir !== 'memory://') {
    target = path.join(dataDir, 'pglite');
    fs.mkdirSync(target, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  try {
    const client = await PGlite.create(target ?? 'memory://', { extensions: { pg_trgm } });
    await client.exec(`set pg_trgm.similarity_threshold = ${SIMILARITY_THRESHOLD}`);
    const db = drizzle({ client, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, MIGRATION_OPTIONS);
    return {
      db,
      kind: 'pglite',
      longJob: (work) => work(db),
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        if (!client.closed) await client.close();
        unlock?.();
      },
    };
  } catch (err) {
    unlock?.();
    throw err;
  }
}

async function openPostgres(url: string, max: number, logger: QueryLogger, limits: DatabaseLimits): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const connection = { connectionString: url, connectionTimeoutMillis: 5000, options: `-c pg_trgm.similarity_threshold=${SIMILARITY_THRESHOLD}` };
  // Two processes starting together must not migrate at once: the lock is held on one dedicated
  // connection while the migrator works on another, both without the queries' time limit.
  const migrations = new pg.default.Pool({ ...connection, max: 2 });
  migrations.on('error', () => undefined);
  try {
    const lockClient = await migrations.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzle({ client: migrations }) as never, MIGRATION_OPTIONS);
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lockClient.release();
    }
  } finally {
    await migrations.end();
  }
  // keepAlive: the system notices a dead peer of an idle connection. The time limits (limits.ts) are each
  // connection's own settings, so PostgreSQL ends a statement, a lock wait or a forgotten transaction itself;
  // the application waits answerGraceMs longer (query_timeout), for a peer gone silent, then drops the connection.
  const pool = new pg.default.Pool({ ...connection, max, keepAlive: true, keepAliveInitialDelayMillis: 10_000, ...sessionLimits(limits) });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', guardConnection);
  // Long jobs get connections of their own with the long budget, so a request's statements keep the short one;
  // at most two at once per process (a third waits up to 5 s for one, then fails: a 503), each closed after its job.
  const longJobs = new pg.default.Pool({
    ...connection,
    max: 2,
    idleTimeoutMillis: 1000,
    keepAlive: true,
    ...sessionLimits({ statementMs: limits.longJobMs, lockMs: limits.longJobMs, idleInTransactionMs: limits.longJobMs, answerGraceMs: limits.answerGraceMs }),
  });
  longJobs.on('error', () => undefined);
  longJobs.on('connect', guardConnection);
  const options = { schema, ...(logger ? { logger } : {}) };
  const onConnection = new WeakMap<PoolClient, Db>();
  const dbOn = (client: PoolClient) => {
    let found = onConnection.get(client);
    if (!found) onConnection.set(client, (found = drizzle({ client, ...options }) as unknown as Db));
    return found;
  };
  // Drizzle's transaction over a pool gives its connection back only when BEGIN went through: a BEGIN that
  // failed (no answer in time, a connection PostgreSQL ended) kept it checked out for good, one connection
  // fewer in the pool each time. So a transaction takes its connection here and always gives it back; one
  // that broke (ended by guardConnection or by PostgreSQL) is dropped by the pool then.
  const transaction: Db['transaction'] = async (work, config) => {
    const client = await pool.connect();
    try {
      return await dbOn(client).transaction(work, config);
    } finally {
      client.release();
    }
  };
  const db = Object.assign(drizzle({ client: pool, ...options }) as unknown as Db, { transaction });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    longJob: async (work) => {
      const client = await longJobs.connect();
      let timedOut = false;
      let watchdog: NodeJS.Timeout | undefined;
      try {
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        // statement_timeout bounds each statement; the whole job is bounded here: PostgreSQL ends the job's
        // session (from another connection), which rolls its transaction back and releases its locks
        // wherever it is — running, waiting for a lock, or idle between statements.
        watchdog = setTimeout(() => {
          timedOut = true;
          pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]).catch(() => client.end().catch(() => undefined));
        }, limits.longJobMs);
        return await work(drizzle({ client, ...options }) as unknown as Db);
      } catch (err) {
        // 57014: one statement reached the budget (statement_timeout) before the whole job did
        const code = (err as { code?: unknown; cause?: { code?: unknown } }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
        if (timedOut || code === '57014') throw new LongJobTimeoutError(limits.longJobMs);
        throw err;
      } finally {
        clearTimeout(watchdog);
        // never reused: no session state or unfinished transaction carries over to the next job
        client.release(true);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), longJobs.end()]);
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
