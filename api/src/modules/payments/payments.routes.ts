import { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from '../../http/contract.js';
import { requireUser } from '../../http/auth.js';
import {
  cardAnswer,
  cardCreatedAnswer,
  cardParams,
  cardRemovedAnswer,
  cardsAnswer,
  codeSentAnswer,
  confirmCardBody,
  createCardBody,
  resendCardCodeBody,
} from './cards.schema.js';

/** docs/product.md "API calls of the storefront": POST /api/payments/card/create, /card/confirm, GET /api/payments/cards; plus resend and remove. */
export async function paymentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { cards } = app.services;

  app.post(
    '/api/payments/card/create',
    {
      config: { access: 'customer', summary: "Sends the number once to the provider, which texts a 6-digit code to the card's phone; the card stays unverified until confirmed." },
      schema: { body: createCardBody, response: { 200: cardCreatedAnswer } },
    },
    async (request) => {
      const auth = await requireUser(request);
      return cards.create(auth, request.body);
    },
  );

  app.post(
    '/api/payments/card/resend',
    { config: { access: 'customer', summary: 'Texts the code of an unverified card again.' }, schema: { body: resendCardCodeBody, response: { 200: codeSentAnswer } } },
    async (request) => {
      const auth = await requireUser(request);
      return cards.resendCode(auth, request.body.card_id);
    },
  );

  app.post(
    '/api/payments/card/confirm',
    {
      config: { access: 'customer', summary: 'Verifies the card with the texted code (5 tries, then the card is dropped: 409 CARD_CODE_LOCKED).' },
      schema: { body: confirmCardBody, response: { 200: cardAnswer } },
    },
    async (request) => {
      const auth = await requireUser(request);
      return cards.confirm(auth, request.body.card_id, request.body.code);
    },
  );

  app.get('/api/payments/cards', { config: { access: 'customer', summary: "The caller's verified cards." }, schema: { response: { 200: cardsAnswer } } }, async (request) => {
    const auth = await requireUser(request);
    return { data: await cards.list(auth) };
  });

  app.delete(
    '/api/payments/cards/:id',
    { config: { access: 'customer', summary: 'Forgets a saved card (404 for someone else’s).' }, schema: { params: cardParams, response: { 200: cardRemovedAnswer } } },
    async (request) => {
      const auth = await requireUser(request);
      await cards.remove(auth, request.params.id);
      return { removed: true as const };
    },
  );
}
