import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ZodTypeProvider } from '../../http/contract.js';

const live = z.object({ status: z.literal('ok') });
const ready = z.object({ status: z.literal('ready') });
const unavailable = z.object({ status: z.literal('unavailable'), error: z.object({ code: z.string(), message: z.string() }) });

/** How long /readyz waits for each dependency: a load balancer's check must get an answer, not hang. */
const CHECK_MS = 2000;

class CheckTimedOut extends Error {}

/** `check` raced against a timer: rejects with CheckTimedOut after `ms`. */
function within<T>(ms: number, check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(check), timeout]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers. /readyz: and so do its database and, when REDIS_URL is set, the rate
 * limiter's Redis (sign-in needs it), each within CHECK_MS; 503 otherwise.
 */
export async function healthRoutes(instance: FastifyInstance, opts: { ping: () => Promise<void> }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { config: { access: 'public', summary: 'The process answers.' }, schema: { response: { 200: live } } }, async () => ({ status: 'ok' as const }));
  app.get(
    '/readyz',
    { config: { access: 'public', summary: 'The process, its database and (with REDIS_URL) Redis answer, each within 2 s (503 otherwise).' }, schema: { response: { 200: ready, 503: unavailable } } },
    async (request, reply) => {
      const checks: Array<[string, () => Promise<void>]> = [['database', opts.ping]];
      const pingLimiter = instance.providers.limiter.ping?.bind(instance.providers.limiter);
      if (pingLimiter) checks.push(['redis', pingLimiter]);
      const results = await Promise.allSettled(checks.map(([, check]) => within(CHECK_MS, check)));
      const failed = checks.flatMap(([name], i) => {
        const result = results[i];
        return result?.status === 'rejected' ? [{ name, err: result.reason as unknown }] : [];
      });
      if (failed.length === 0) return { status: 'ready' as const };
      for (const { name, err } of failed) request.log.warn({ err, dependency: name }, 'readiness check failed');
      const message = failed.map(({ name, err }) => `${name} ${err instanceof CheckTimedOut ? 'does not answer' : 'unreachable'}`).join('; ');
      return reply.status(503).send({ status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message } });
    },
  );
}
