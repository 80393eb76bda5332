import { type FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { type ConfirmCardBody, type CreateCardBody, cardParams, confirmCardBody, createCardBody, resendCardCodeBody } from './cards.schema.js';

/** Spec §7: POST /api/payments/card/create, /card/confirm, GET /api/payments/cards; plus resend and remove. */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { cards } = app.services;

  app.post<{ Body: CreateCardBody }>('/api/payments/card/create', { config: { access: 'customer' }, schema: { body: createCardBody } }, async (request) => {
    const auth = await requireUser(request);
    return cards.create(auth, request.body);
  });

  app.post<{ Body: { card_id: number } }>('/api/payments/card/resend', { config: { access: 'customer' }, schema: { body: resendCardCodeBody } }, async (request) => {
    const auth = await requireUser(request);
    return cards.resendCode(auth, request.body.card_id);
  });

  app.post<{ Body: ConfirmCardBody }>('/api/payments/card/confirm', { config: { access: 'customer' }, schema: { body: confirmCardBody } }, async (request) => {
    const auth = await requireUser(request);
    return cards.confirm(auth, request.body.card_id, request.body.code);
  });

  app.get('/api/payments/cards', { config: { access: 'customer' } }, async (request) => {
    const auth = await requireUser(request);
    return { data: await cards.list(auth) };
  });

  app.delete<{ Params: { id: number } }>('/api/payments/cards/:id', { config: { access: 'customer' }, schema: { params: cardParams } }, async (request) => {
    const auth = await requireUser(request);
    await cards.remove(auth, request.params.id);
    return { removed: true };
  });
}
