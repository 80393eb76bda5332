import { type FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { originOf } from '../../http/origin.js';
import { stockAlertAnswer, stockAlertBody, stockAlertQuery, stockAlertRemovedAnswer, stockAlertsAnswer } from './stock-alerts.schema.js';

/** "Notify me when in stock": GET/POST/DELETE /api/profile/stock-alerts (the signed-in shopper's own). */
export async function stockAlertRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { stockAlerts } = app.services;

  app.get(
    '/api/profile/stock-alerts',
    { config: { access: 'customer', summary: 'The variants the caller waits for (not texted yet), newest first.' }, schema: { response: { 200: stockAlertsAnswer } } },
    async (request) => ({ data: await stockAlerts.list(await requireUser(request)) }),
  );

  app.post(
    '/api/profile/stock-alerts',
    {
      config: {
        access: 'customer',
        summary: 'Waits for a variant: one SMS, in the language of this request, when it has stock again. Idempotent; again after a text re-arms it.',
      },
      schema: { body: stockAlertBody, response: { 200: stockAlertAnswer } },
    },
    async (request) => ({ data: await stockAlerts.subscribe(await requireUser(request), request.body.variant_id, request.lang, originOf(request, app.config)) }),
  );

  app.delete(
    '/api/profile/stock-alerts',
    { config: { access: 'customer', summary: 'Stops waiting for `variant_id`; idempotent.' }, schema: { querystring: stockAlertQuery, response: { 200: stockAlertRemovedAnswer } } },
    async (request) => {
      await stockAlerts.unsubscribe(await requireUser(request), request.query.variant_id);
      return { deleted: true as const };
    },
  );
}
