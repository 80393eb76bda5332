import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../db/schema/index.js';
import { type ZodTypeProvider } from '../../http/contract.js';

const params = z.strictObject({ number: z.string().trim().min(1).max(40) });
const body = z.strictObject({ status: z.enum(ORDER_STATUSES), note: z.string().trim().max(500).optional() });
const answer = z.object({ number: z.string(), status: z.enum(ORDER_STATUSES), payment_status: z.enum(PAYMENT_STATUSES) });

/** `pnpm order:status` through the running API (http/access.ts `ops`), so it works while the shop runs. */
export async function opsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post('/api/ops/orders/:number/status', { config: { access: 'ops' }, schema: { params, body, response: { 200: answer } } }, async (request) => {
    const order = await app.services.orders.changeStatus(request.params.number, request.body.status, {
      ...(request.body.note ? { note: request.body.note } : {}),
      actor: { command: 'order:status' },
    });
    return { number: order.number, status: order.status, payment_status: order.paymentStatus };
  });
}
