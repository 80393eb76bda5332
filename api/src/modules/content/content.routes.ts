import { type FastifyInstance } from 'fastify';

/** Spec §7: GET /api/store/stores, /api/content/slides, /api/settings/delivery (public). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { shopInfo } = app.services;
  app.get('/api/store/stores', { config: { access: 'public' } }, async (request) => ({ data: await shopInfo.stores(request.lang) }));
  app.get('/api/content/slides', { config: { access: 'public' } }, async (request) => ({ data: await shopInfo.slides(request.lang) }));
  app.get('/api/settings/delivery', { config: { access: 'public' } }, async (request) => ({ data: await shopInfo.deliverySettings(request.lang) }));
}
