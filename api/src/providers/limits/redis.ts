import { Redis } from 'ioredis';
import { type LimitResult, type RateLimiter } from './limiter.js';

// INCR and set the expiry on the first hit in one step, so a crash cannot leave a key without TTL.
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Rate limits in Redis (REDIS_URL): the same counters for every API replica. */
export function createRedisRateLimiter(url: string, prefix = 'bozor:rl:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => undefined);
  return {
    async consume(key, limit, windowS): Promise<LimitResult> {
      const [count, ttlMs] = (await redis.eval(CONSUME, 1, prefix + key, String(windowS * 1000))) as [number, number];
      return { allowed: count <= limit, count, retryAfterS: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async refund(key) {
      await redis.eval(`if redis.call('GET', KEYS[1]) then return redis.call('DECR', KEYS[1]) end return 0`, 1, prefix + key);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
