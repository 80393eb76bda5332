/** Outcome of counting one event against a fixed-window limit. */
export interface LimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets (≥ 1). */
  retryAfterS: number;
}

/**
 * Fixed-window counters shared by every API process: in PostgreSQL by default, in Redis
 * when REDIS_URL is set. Keys are namespaced by the caller ("otp:phone:h:+99890…").
 */
export interface RateLimiter {
  /** Counts one event; `allowed` is false once the count passes `limit` within `windowS`. */
  consume(key: string, limit: number, windowS: number): Promise<LimitResult>;
  /** Takes one event back (an SMS that could not be sent must not use up a try). */
  refund(key: string): Promise<void>;
  /**
   * Checks that the store answers, for /readyz; only limiters with a store of their own have it (the
   * PostgreSQL one shares the database, which /readyz checks anyway). Rejects with LimiterUnavailableError.
   */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The limiter's store (Redis) cannot be reached or does not answer in time. The error handler answers it
 * as 503 SERVICE_UNAVAILABLE with Retry-After, like a database outage: the shopper is told to try again
 * shortly, not that something broke.
 */
export class LimiterUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LimiterUnavailableError';
  }
}
