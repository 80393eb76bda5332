import { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from '../../http/contract.js';
import { clickAnswer, paymeAnswer } from './checkout-payments.schema.js';
import { type ClickForm } from './click-shop.js';
import { sandboxPages } from './sandbox-pages.js';

/** Bodies as the providers send them: Payme's raw JSON (parsed by the RPC layer, -32700), Click's form. */
function providerBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));
}

/**
 * The providers' callbacks: Payme's Merchant API (JSON-RPC) and Click's Prepare and Complete. They are
 * `provider` routes: no shopper session, each authenticates its caller itself (Payme's Basic key, Click's
 * signature) and answers in the provider's own format, always HTTP 200, as both providers require.
 */
export async function checkoutPaymentRoutes(app: FastifyInstance): Promise<void> {
  const { checkout } = app.services;

  await app.register(async (instance) => {
    providerBodies(instance);
    const scope = instance.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/payments/payme/merchant',
      {
        config: { access: 'provider', summary: "Payme's Merchant API: JSON-RPC 2.0 with Basic `Paycom:<key>`; errors are JSON-RPC errors, always HTTP 200." },
        schema: { response: { 200: paymeAnswer } },
      },
      async (request) =>
        checkout.payme.handle({ body: typeof request.body === 'string' ? request.body : '', authorization: request.headers.authorization, ip: request.ip }),
    );
    // Payme documents -32300 for a request that is not a POST (HTTP 200, as every answer of this endpoint)
    scope.get(
      '/api/payments/payme/merchant',
      {
        config: { access: 'provider', summary: "Payme's Merchant API called without POST: JSON-RPC error -32300, HTTP 200; nothing runs." },
        schema: { response: { 200: paymeAnswer } },
      },
      async () => checkout.payme.notPost(),
    );
    const form = (body: unknown): ClickForm => (body && typeof body === 'object' ? (body as ClickForm) : {});
    scope.post(
      '/api/payments/click/prepare',
      { config: { access: 'provider', summary: "Click SHOP API Prepare (action 0), form-encoded and signed; Click's answer codes, always HTTP 200." }, schema: { response: { 200: clickAnswer } } },
      async (request) => checkout.click.prepare(form(request.body)),
    );
    scope.post(
      '/api/payments/click/complete',
      { config: { access: 'provider', summary: "Click SHOP API Complete (action 1), form-encoded and signed; Click's answer codes, always HTTP 200." }, schema: { response: { 200: clickAnswer } } },
      async (request) => checkout.click.complete(form(request.body)),
    );
    // The sandbox's stand-ins for the providers' payment pages, only when there is no real provider.
    if (app.config.checkout.sandbox) await instance.register(sandboxPages);
  });
}
