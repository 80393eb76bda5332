import './http/types.js';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { registerAccessControl } from './http/access.js';
import { registerContract, responseSerializer } from './http/contract.js';
import { registerErrorHandling } from './http/errors.js';
import { registerInputGuard, registerSecurityHeaders } from './http/hardening.js';
import { zodValidatorCompiler } from './http/validation.js';
import { requestLang } from './i18n/lang.js';
import { systemClock } from './lib/clock.js';
import { countedSms, createMetrics } from './lib/metrics.js';
import { authRoutes } from './modules/auth/index.js';
import { adminContentRoutes, contentRoutes } from './modules/content/index.js';
import { adminCatalogRoutes, catalogRoutes } from './modules/catalog/index.js';
import { cartRoutes } from './modules/cart/index.js';
import { healthRoutes } from './modules/health/index.js';
import { registerResizedMedia } from './modules/media/index.js';
import { mediaRoutes } from './modules/media/index.js';
import { opsRoutes, orderRoutes, staffOrderRoutes } from './modules/orders/index.js';
import { checkoutPaymentRoutes } from './modules/checkout-payments/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { staffCustomerRoutes } from './modules/auth/index.js';
import { staffRoutes } from './modules/staff/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { availabilityRoutes } from './modules/availability/index.js';
import { stockAlertRoutes } from './modules/stock-alerts/index.js';
import { favouriteRoutes } from './modules/favourites/index.js';
import { createPgRateLimiter } from './providers/limits/pg.js';
import { createRedisRateLimiter } from './providers/limits/redis.js';
import { createMediaStores } from './providers/media/index.js';
import { createPaymentProvider } from './providers/payments/index.js';
import { createSmsProvider } from './providers/sms/index.js';
import { type Providers, createServices } from './services.js';

export interface BuildOptions {
  /** Replace any provider (tests use fakes); the rest are built from config. */
  providers?: Partial<Providers>;
  logger?: FastifyServerOptions['logger'];
  /**
   * An answer outside its route's response schema fails the request (tests) instead of being logged
   * (default: on under jest, NODE_ENV=test).
   */
  strictResponses?: boolean;
  /**
   * Background work (the payment reconciler's timer); default on. Off for one-shot commands and for
   * tests, which drive `services.orderPayments.reconcileOnce()` themselves.
   */
  background?: boolean;
}

/**
 * Builds the API: providers from config (or the given ones), services, plugins and routes.
 * The caller listens (server.ts) or injects (tests), and closes the app to release the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'] },
    // The API runs behind the gateway (local or private network); trust only those hops for the client IP.
    trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Fastify's default, written out (and advertised as Keep-Alive: timeout=72): longer than the proxies in front
    // keep an idle connection to it — nginx's upstream keepalive_timeout 60 s, the `pnpm start` gateway's agent
    // 5 s (docs/operations.md "Connections and keep-alive").
    keepAliveTimeout: 72_000,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(
    responseSerializer({
      strict: options.strictResponses ?? process.env.NODE_ENV === 'test',
      warn: (err) => app.log.warn({ route: err.route, issues: err.issues }, 'answer outside its response schema'),
    }),
  );
  registerContract(app);

  const database = options.providers?.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // Prometheus metrics (lib/metrics.ts), served by server.ts on METRICS_PORT only, never on this app's port.
  const metrics = createMetrics();
  metrics.observePool(() => database.poolStats?.());
  const clock = options.providers?.clock ?? systemClock;
  const mediaStores = createMediaStores(config);
  const providers: Providers = {
    database,
    clock,
    sms: countedSms(options.providers?.sms ?? createSmsProvider(config.sms, { db: database.db, log: app.log, dataDir: config.dataDir }), metrics),
    limiter:
      options.providers?.limiter ??
      (config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createPgRateLimiter({ db: database.db, clock })),
    media: options.providers?.media ?? mediaStores.media,
    payments: options.providers?.payments ?? createPaymentProvider(config.payment, config.otp),
  };

  app.decorate('config', config);
  app.decorate('providers', providers);
  app.decorate('metrics', metrics);
  app.decorate('services', createServices(config, providers, app.log, metrics));
  // Time to answer per route pattern (never the URL a client wrote: unmatched addresses share one label).
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.decorateRequest('lang', 'uz');
  app.decorateRequest('authCache', undefined);
  app.decorateRequest('staffCache', undefined);
  app.addHook('onRequest', async (request) => {
    request.lang = requestLang(request.headers['x-lang'], request.headers['accept-language']);
  });
  // Every API process runs the reconciler; a lease in the database lets one sweep at a time.
  if (options.background !== false) {
    app.services.orderPayments.start();
    app.services.checkout.expiry.start();
    app.services.cashHolds.start();
    app.services.stockAlerts.start();
  }
  app.addHook('onClose', async () => {
    await app.services.orderPayments.stop();
    await app.services.checkout.expiry.stop();
    await app.services.cashHolds.stop();
    await app.services.stockAlerts.stop();
    // a Click payment's fiscal receipt still being submitted after its Complete was answered
    await app.services.checkout.click.idle();
    // a shopper's text still being sent after a provider's callback was answered (paid, refunded)
    await app.services.checkout.settlement.idle();
    // a staff sign-in code still being sent after its answer
    await app.services.staff.idle();
    await providers.limiter.close();
    if (!options.providers?.database) await database.close();
  });

  registerErrorHandling(app);
  await app.register(fastifyCookie);
  // After the cookie parser (sessions may come as a cookie), before any route: every route must declare
  // who may call it, and one hook checks it.
  // A fresh secret per process: server.ts writes it with the listening address to DATA_DIR/ops.json
  // (mode 0600) for the commands run on this machine (`pnpm staff:add`, `pnpm order:status`).
  const opsSecret = crypto.randomBytes(32).toString('hex');
  app.decorate('opsSecret', opsSecret);
  registerAccessControl(app, { catalogueKey: config.catalogApiKey, opsSecret });
  registerInputGuard(app);
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  // `/media/<key>?w=<width>`: resized WebP, drawn once and kept in the resized store (DATA_DIR/media-cache
  // on disk, `_resized/` in a bucket)
  registerResizedMedia(app, {
    cache: mediaStores.resized,
    media: providers.media,
    catalogPicture: (key) => app.services.catalog.picture(key),
  });
  // `/media/<key>`: streamed from the media store, disk or bucket, with long-lived cache headers
  await app.register(mediaRoutes, { media: providers.media });

  await app.register(healthRoutes, { ping: () => database.ping() });
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(contentRoutes);
  await app.register(catalogRoutes);
  await app.register(cartRoutes);
  await app.register(paymentRoutes);
  await app.register(orderRoutes);
  await app.register(checkoutPaymentRoutes);
  await app.register(staffRoutes);
  await app.register(staffOrderRoutes);
  await app.register(staffCustomerRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(opsRoutes);
  await app.register(availabilityRoutes);
  await app.register(stockAlertRoutes);
  await app.register(favouriteRoutes);

  app.get('/api/openapi.json', { config: { access: 'public', summary: 'This document: every route, what it takes and answers.' } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').send(app.openApi()),
  );

  app.get('/', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>Bozor API</title>' +
        '<h1>Bozor API</h1><p>The storefront is served by the shell; this is the API. ' +
        'See <code>docs/api.md</code> in the repository. Health: <a href="/healthz">/healthz</a>, <a href="/readyz">/readyz</a>.</p></html>',
    ),
  );
  return app;
}
