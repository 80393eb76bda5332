import { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from '../../http/contract.js';
import { deliverySettingsAnswer, slidesAnswer, storesAnswer } from './content.schema.js';

/** Spec §7: GET /api/store/stores, /api/content/slides, /api/settings/delivery (public). */
export async function contentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { shopInfo } = app.services;
  app.get('/api/store/stores', { config: { access: 'public', summary: "The shop's stores (pickup points)." }, schema: { response: { 200: storesAnswer } } }, async (request) => ({
    data: await shopInfo.stores(request.lang),
  }));
  app.get('/api/content/slides', { config: { access: 'public', summary: 'The home-page banners.' }, schema: { response: { 200: slidesAnswer } } }, async (request) => ({
    data: await shopInfo.slides(request.lang),
  }));
  app.get(
    '/api/settings/delivery',
    { config: { access: 'public', summary: 'Delivery regions with their cities and courier tariffs, express and pickup.' }, schema: { response: { 200: deliverySettingsAnswer } } },
    async (request) => ({ data: await shopInfo.deliverySettings(request.lang) }),
  );
}
