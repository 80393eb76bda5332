import type pg from 'pg';

/**
 * How long PostgreSQL lets the shop's work run, enforced by PostgreSQL itself (docs/operations.md
 * "Database time limits"). A limit kept only by the application (pg's query_timeout) stops the wait, not
 * the statement: PostgreSQL went on running it, holding its locks and its connection, and the pool handed
 * that connection to the next request, which waited behind it (issue 36: one slow import, then every request
 * on that connection hung and got a 503). Each pooled connection is opened with these as its settings.
 */
export interface DatabaseLimits {
  /** statement_timeout: the longest one statement of a request runs; PostgreSQL cancels it then. */
  statementMs: number;
  /**
   * lock_timeout: the longest a statement waits for a lock (rows an import or another checkout holds, a
   * table a migration holds). Shorter than statementMs, so requests held up behind a lock give their
   * connections back soon instead of filling the pool.
   */
  lockMs: number;
  /** idle_in_transaction_session_timeout: a transaction left open without a statement this long is ended, locks and all. */
  idleInTransactionMs: number;
  /**
   * How much longer than statementMs the application waits for an answer before it gives the connection
   * up (pg's query_timeout): only a silent peer (a failover, a dropped route) gets that far.
   */
  answerGraceMs: number;
  /**
   * A long job's budget (the CSV import, the demo seed: Database.longJob): for each statement and for the
   * job as a whole, whose transaction is ended when it runs past it (its locks released).
   */
  longJobMs: number;
}

export const DATABASE_LIMITS: DatabaseLimits = {
  // Far above any statement a request makes (milliseconds; a page of the back office's lists well under a second).
  statementMs: 15_000,
  lockMs: 5_000,
  // A request's transaction is never idle for long on purpose; on a loaded machine the demo seed's JS between
  // two statements took 3.6 s (it runs as a long job in the shop, on the pool in tests).
  idleInTransactionMs: 30_000,
  answerGraceMs: 5_000,
  // 10 000 rows apply in under 10 s on a quiet database (bench/RESULTS.md); six times that under load.
  longJobMs: 60_000,
};

/** The settings each connection of a pool opens with (pg sends them in the start-up message). */
export function sessionLimits(limits: { statementMs: number; lockMs: number; idleInTransactionMs: number; answerGraceMs: number }) {
  return {
    statement_timeout: limits.statementMs,
    lock_timeout: limits.lockMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    query_timeout: limits.statementMs + limits.answerGraceMs,
  };
}

/** Thrown by Database.longJob when the job ran past its budget; whatever it did is undone. */
export class LongJobTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`the job ran past its ${budgetMs} ms budget and was ended (its transaction rolled back)`);
  }
}

type AnyQuery = (...args: unknown[]) => unknown;

/**
 * Makes a pooled connection safe to hand out again. pg's query_timeout fails the wait but leaves the statement
 * running on the connection: the next query (Drizzle's rollback, then the next request's) queues behind it,
 * and Drizzle gives a transaction's connection back to the pool without saying it failed. So a query that
 * timed out ends its connection at once (the rollback fails fast, the pool drops the connection when it
 * comes back). And a connection PostgreSQL ends while it is checked out (idle_in_transaction, a restart)
 * must not crash the process: the pool's own error listener is only there while the connection is idle.
 */
export function guardConnection(client: pg.PoolClient): void {
  client.on('error', () => undefined);
  const query = client.query.bind(client) as AnyQuery;
  const endOnTimeout = (err: unknown) => {
    if (err instanceof Error && err.message === 'Query read timeout') client.end().catch(() => undefined);
  };
  (client as unknown as { query: AnyQuery }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, result: unknown) => {
        endOnTimeout(err);
        (callback as (err: unknown, result: unknown) => void)(err, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(endOnTimeout);
    return result;
  };
}
