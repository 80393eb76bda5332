import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ZodTypeProvider } from '../../http/contract.js';

const live = z.object({ status: z.literal('ok') });
const ready = z.object({ status: z.literal('ready') });
const unavailable = z.object({ status: z.literal('unavailable'), error: z.object({ code: z.string(), message: z.string() }) });

/** /healthz: the process answers. /readyz: and its database does too (503 otherwise). */
export async function healthRoutes(instance: FastifyInstance, opts: { ping: () => Promise<void> }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { config: { access: 'public', summary: 'The process answers.' }, schema: { response: { 200: live } } }, async () => ({ status: 'ok' as const }));
  app.get(
    '/readyz',
    { config: { access: 'public', summary: 'The process and its database answer (503 otherwise).' }, schema: { response: { 200: ready, 503: unavailable } } },
    async (request, reply) => {
      try {
        await opts.ping();
        return { status: 'ready' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: 'database unreachable' } });
      }
    },
  );
}
