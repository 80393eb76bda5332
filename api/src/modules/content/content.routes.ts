import { type FastifyInstance } from 'fastify';
import { type Config } from '../../config.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../db/schema/index.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { deliverySettingsAnswer, slidesAnswer, storesAnswer } from './content.schema.js';

/**
 * The ways to pay this API takes now, as `POST /api/orders/` decides it: cash always; a saved card with a
 * card provider (the sandbox's or Payme Subscribe API, `PAYMENT_PROVIDER`); Payme's and Click's pages when
 * their credentials are set (`config.checkout`, always in the sandbox). Any other method is refused with 422.
 */
export function paymentMethodsTaken(config: Pick<Config, 'payment' | 'checkout'>): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => {
    switch (method) {
      case 'cash':
        return true;
      case 'card':
        return config.payment.provider === 'sandbox' || config.payment.provider === 'payme';
      case 'payme':
      case 'click':
        return config.checkout[method] !== undefined;
    }
  });
}

/** docs/product.md "API calls of the storefront": GET /api/store/stores, /api/content/slides, /api/settings/delivery (public). */
export async function contentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { shopInfo } = app.services;
  // Fixed for the life of the process: the configuration is read once, at start-up.
  const paymentMethods = paymentMethodsTaken(app.config);
  app.get('/api/store/stores', { config: { access: 'public', summary: "The shop's stores (pickup points)." }, schema: { response: { 200: storesAnswer } } }, async (request) => ({
    data: await shopInfo.stores(request.lang),
  }));
  app.get('/api/content/slides', { config: { access: 'public', summary: 'The home-page banners.' }, schema: { response: { 200: slidesAnswer } } }, async (request) => ({
    data: await shopInfo.slides(request.lang),
  }));
  app.get(
    '/api/settings/delivery',
    {
      config: { access: 'public', summary: 'Delivery regions with their cities and courier tariffs, express and pickup; the payment methods the shop takes now.' },
      schema: { response: { 200: deliverySettingsAnswer } },
    },
    async (request) => ({ data: { ...(await shopInfo.deliverySettings(request.lang)), payment_methods: paymentMethods } }),
  );
}
