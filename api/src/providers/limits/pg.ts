import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { type LimitResult, type RateLimiter } from './limiter.js';

/** Rate limits in the `rate_limits` table: one atomic upsert per event, so processes agree. */
export function createPgRateLimiter(deps: { db: Db; clock: Clock }): RateLimiter {
  return {
    async consume(key, limit, windowS): Promise<LimitResult> {
      const now = deps.clock.now();
      const expires = new Date(now.getTime() + windowS * 1000);
      const [row] = await queryRows<{ count: number; expires_at: string | Date }>(deps.db, sql`
        insert into rate_limits (key, count, expires_at) values (${key}, 1, ${expires.toISOString()})
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
          expires_at = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.expires_at else rate_limits.expires_at end
        returning count, expires_at`);
      if (!row) throw new Error('rate limit upsert returned no row');
      const count = Number(row.count);
      const retryAfterS = Math.max(1, Math.ceil((new Date(row.expires_at).getTime() - now.getTime()) / 1000));
      return { allowed: count <= limit, count, retryAfterS };
    },
    async refund(key) {
      await deps.db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
    },
    async close() {},
  };
}
