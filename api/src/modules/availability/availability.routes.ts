import { type FastifyInstance } from 'fastify';
import { accountTypeOf } from '../../http/access.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { availabilityAnswer, availabilityParams, availabilityQuery, cartAvailabilityAnswer, cartAvailabilityBody } from './availability.schema.js';

/** GET /api/products/:slug/availability: stock per pickup store and the delivery estimate of the product page. */
export async function availabilityRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { availability } = app.services;
  app.get(
    '/api/products/:slug/availability',
    {
      config: {
        access: 'public',
        summary:
          'Per variant: stock per pickup store (in / few / out, at most "10+") with the pickup date, and the courier fee and dates for a region; express and pickup rules. Hidden products are 404.',
      },
      schema: { params: availabilityParams, querystring: availabilityQuery, response: { 200: availabilityAnswer } },
    },
    async (request, reply) => {
      const data = await availability.forProduct(request.params.slug, { lang: request.lang, account: await accountTypeOf(request) }, request.query.region);
      // Changes with stock and the time of day, and may follow the session's price list: never shared by caches.
      void reply.header('Cache-Control', 'private, no-cache');
      return { data };
    },
  );

  app.post(
    '/api/cart/availability',
    {
      config: {
        access: 'public',
        summary:
          "Which pickup stores have the cart: per store how many of its lines are there in the wanted quantity (`all` / `part` / `none`, never pieces), stores with everything first.",
      },
      schema: { body: cartAvailabilityBody, response: { 200: cartAvailabilityAnswer } },
    },
    async (request, reply) => {
      const data = await availability.forCart(request.body.items, { account: await accountTypeOf(request) });
      void reply.header('Cache-Control', 'private, no-cache');
      return { data };
    },
  );
}
