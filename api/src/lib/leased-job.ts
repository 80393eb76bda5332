import { and, eq, sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../db/client.js';
import { jobLeases } from '../db/schema/index.js';
import { type Clock } from './clock.js';
import { createPeriodicJob, leaseHolder } from './periodic.js';

/** The `job_leases` rows: which process may do a named job's pass now. */
export function createLeaseRepository(db: Db) {
  return {
    /**
     * Takes (or renews) the named lease until `until` when it is free, expired or already ours. One
     * statement, so two processes racing for it cannot both win: PostgreSQL makes the second upsert
     * wait for the first and then re-checks the condition against the row the first wrote.
     */
    async acquire(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
      const rows = await queryRows<{ holder: string }>(
        db,
        sql`insert into ${jobLeases} (name, holder, expires_at) values (${name}, ${holder}, ${until.toISOString()}::timestamptz)
            on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
            where ${jobLeases.expiresAt} <= ${now.toISOString()}::timestamptz or ${jobLeases.holder} = ${holder}
            returning holder`,
      );
      return rows.length === 1;
    },

    async release(name: string, holder: string): Promise<void> {
      await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
  };
}

/**
 * A background job that runs in every API process but does its passes in one process at a time: each
 * pass takes the lease row `lease` for `leaseMs` (renewable from inside the pass with `renew`), runs, and
 * gives it back. A process that finds the lease held answers `idle`. No transaction or lock is held while
 * a pass runs, so what the pass changes must be compare-and-set on its own (a pass that outlived its
 * lease must not be able to apply a change twice).
 */
export function createLeasedJob<T>(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  name: string;
  lease: string;
  intervalS: number;
  leaseMs?: number;
  idle: T;
  run: (renew: () => Promise<boolean>) => Promise<T>;
}) {
  const leases = createLeaseRepository(deps.db);
  const holder = leaseHolder();
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const take = () => {
    const now = deps.clock.now();
    return leases.acquire(deps.lease, holder, now, new Date(now.getTime() + leaseMs));
  };

  async function pass(): Promise<T> {
    if (!(await take())) return deps.idle;
    try {
      return await deps.run(take);
    } finally {
      await leases.release(deps.lease, holder).catch((err: unknown) => deps.log.warn({ err }, `${deps.name} lease not released`));
    }
  }

  const job = createPeriodicJob({ name: deps.name, intervalS: deps.intervalS, run: pass, log: deps.log });
  return {
    /** One pass now (tests drive it with the fake clock); concurrent calls share one pass. */
    once: job.once,
    /** Runs a pass every `intervalS`. */
    start: job.start,
    /** Stops the timer and waits for a pass under way. */
    stop: job.stop,
  };
}
