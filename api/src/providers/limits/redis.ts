import { Redis } from 'ioredis';
import { type LimitResult, LimiterUnavailableError, type RateLimiter } from './limiter.js';

// INCR and set the expiry on the first hit in one step, so a crash cannot leave a key without TTL.
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** How long a request waits for Redis: for a connection being made, then for one command's answer. */
const WAIT_MS = 2000;

/**
 * Rate limits in Redis (REDIS_URL): the same counters for every API replica.
 *
 * Redis down must cost a request a 503 within seconds, never a hang, and the client must come back by
 * itself once Redis does. Hence:
 * - `enableOfflineQueue: false`, `autoResendUnfulfilledCommands: false`, `maxRetriesPerRequest: 0`: a
 *   command is never kept to be sent later, and one in flight when the connection drops fails at once. The
 *   request that asked for it has been answered 503 by then, and a late INCR would count a sign-in the
 *   shopper was told did not happen.
 * - `commandTimeout`: a command without an answer fails after WAIT_MS.
 * - `socketTimeout`: a connection that sends nothing back within WAIT_MS of a command is destroyed and
 *   made again, so a silent (black-holed) connection is replaced rather than used for good.
 * - `connectTimeout`, `keepAlive`: a connection attempt to a host that is gone gives up in WAIT_MS, and
 *   an idle connection is probed by TCP.
 * Every failure is thrown as LimiterUnavailableError (503).
 */
export function createRedisRateLimiter(url: string, prefix = 'bozor:rl:'): RateLimiter {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    commandTimeout: WAIT_MS,
    socketTimeout: WAIT_MS,
    connectTimeout: WAIT_MS,
    keepAlive: 10_000,
    lazyConnect: false,
  });
  // Failures reach the request that runs into them; the event would otherwise crash the process.
  redis.on('error', () => undefined);

  // Requests waiting for a connection that is being made (at start, or a reconnect attempt under way).
  const waiting = new Set<(err?: Error) => void>();
  const wakeAll = (err?: Error) => {
    for (const wake of waiting) wake(err);
    waiting.clear();
  };
  redis.on('ready', () => wakeAll());
  // The attempt failed (refused, reset, or no answer to its first command): no point waiting on.
  redis.on('close', () => wakeAll(new LimiterUnavailableError('redis connection closed')));
  /**
   * Resolves once the connection is ready. A connection being made is waited for (at most WAIT_MS), so the
   * first requests after a start do not fail; one that is down (waiting to reconnect, or closed) fails at once.
   */
  function connected(): Promise<void> {
    if (redis.status === 'ready') return Promise.resolve();
    if (redis.status !== 'wait' && redis.status !== 'connecting' && redis.status !== 'connect') {
      return Promise.reject(new LimiterUnavailableError(`redis is ${redis.status}`));
    }
    return new Promise((resolve, reject) => {
      const wake = (err?: Error) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      };
      const timer = setTimeout(() => {
        waiting.delete(wake);
        reject(new LimiterUnavailableError(`redis not ready after ${WAIT_MS} ms (${redis.status})`));
      }, WAIT_MS);
      waiting.add(wake);
    });
  }
  async function run<T>(command: () => Promise<T>): Promise<T> {
    await connected();
    try {
      return await command();
    } catch (err) {
      throw new LimiterUnavailableError(`redis: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  return {
    async consume(key, limit, windowS): Promise<LimitResult> {
      const [count, ttlMs] = (await run(() => redis.eval(CONSUME, 1, prefix + key, String(windowS * 1000)))) as [number, number];
      return { allowed: count <= limit, count, retryAfterS: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async refund(key) {
      await run(() => redis.eval(`if redis.call('GET', KEYS[1]) then return redis.call('DECR', KEYS[1]) end return 0`, 1, prefix + key));
    },
    async ping() {
      await run(() => redis.ping());
    },
    async close() {
      wakeAll(new LimiterUnavailableError('redis limiter closed'));
      // QUIT when connected; disconnect() also stops the reconnect attempts of a connection that is down.
      await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
