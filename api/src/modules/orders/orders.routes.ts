import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { currentAuth, requireUser } from '../../http/auth.js';
import { type CreateOrderBody, type QuoteBody, createOrderBody, idempotencyKey, quoteBody } from './orders.schema.js';
import { dbIdParam } from '../../http/validation.js';
import { originOf } from '../checkout-payments/pay-links.js';

const CATALOG = '/backend/api/ext/v1';
const listQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per_page: z.coerce.number().int().min(1).max(50).default(10) });
const customerParams = z.object({ customerId: dbIdParam });
const detailParams = customerParams.extend({ orderId: z.string().min(1).max(40) });

/** Spec §7: POST /api/orders/, GET /api/orders/{tid}; delivery quote; the catalogue API's customer orders. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { orders } = app.services;

  app.post<{ Body: QuoteBody }>('/api/delivery/quote', { config: { access: 'public' }, schema: { body: quoteBody } }, async (request) => ({
    data: await orders.quote(await currentAuth(request), request.body.items, request.body.delivery, request.lang),
  }));

  const create = async (request: FastifyRequest<{ Body: CreateOrderBody }>, reply: FastifyReply) => {
    const auth = await requireUser(request);
    const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
    if (!key.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
    const result = await orders.create(auth, request.body, key.data, request.lang, originOf(request, app.config));
    // 202: the order stands and its stock is held, but the card payment is still being checked with the provider.
    return reply.status({ created: 201, replayed: 200, accepted: 202 }[result.outcome]).send({ order: result.order });
  };
  const createOptions = { config: { access: 'customer' }, schema: { body: createOrderBody } } as const;
  app.post<{ Body: CreateOrderBody }>('/api/orders/', createOptions, create);
  app.post<{ Body: CreateOrderBody }>('/api/orders', createOptions, create);

  app.get<{ Querystring: z.infer<typeof listQuery> }>('/api/orders', { config: { access: 'customer' }, schema: { querystring: listQuery } }, async (request) => {
    const auth = await requireUser(request);
    return orders.listForCustomer(auth.customer.id, request.query.page, request.query.per_page, request.lang);
  });

  app.get<{ Params: { tid: string } }>('/api/orders/:tid', { config: { access: 'customer' } }, async (request) => {
    const auth = await requireUser(request);
    return { order: await orders.get(auth, request.params.tid, request.lang, originOf(request, app.config)) };
  });

  app.get<{ Params: z.infer<typeof customerParams>; Querystring: z.infer<typeof listQuery> }>(
    `${CATALOG}/customers/:customerId/orders`,
    // That customer's own session only: the catalogue key opens the catalogue, never a customer's data.
    { config: { access: 'customer:self' }, schema: { params: customerParams, querystring: listQuery } },
    async (request) => orders.listForCustomer(request.params.customerId, request.query.page, request.query.per_page, request.lang),
  );

  app.get<{ Params: z.infer<typeof detailParams> }>(
    `${CATALOG}/customers/:customerId/orders/:orderId/details`,
    { config: { access: 'customer:self' }, schema: { params: detailParams } },
    async (request) => ({ data: await orders.details(request.params.customerId, request.params.orderId, request.lang) }),
  );
}
