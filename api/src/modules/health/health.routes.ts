import { type FastifyInstance } from 'fastify';

/** /healthz: the process answers. /readyz: and its database does too (503 otherwise). */
export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<void> }): Promise<void> {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await opts.ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: 'database unreachable' } });
    }
  });
}
