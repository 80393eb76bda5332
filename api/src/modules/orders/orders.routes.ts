import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { currentAuth, requireUser } from '../../http/auth.js';
import {
  createOrderBody,
  idempotencyKey,
  oneClickBody,
  orderAnswer,
  orderDetailsAnswer,
  orderWithHistoryAnswer,
  ordersPage,
  quoteAnswer,
  quoteBody,
} from './orders.schema.js';
import { dbIdParam } from '../../http/validation.js';
import { originOf } from '../../http/origin.js';

const CATALOG = '/backend/api/ext/v1';
const listQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per_page: z.coerce.number().int().min(1).max(50).default(10) });
const customerParams = z.object({ customerId: dbIdParam });
const detailParams = customerParams.extend({ orderId: z.string().min(1).max(40) });
const tidParams = z.object({ tid: z.string() });

/** created: 201; replayed: 200 (the same key again); accepted: 202, the card payment is still being checked. */
const CREATE_STATUS = { created: 201, replayed: 200, accepted: 202 } as const;

/** docs/product.md "API calls of the storefront": POST /api/orders/, GET /api/orders/{tid}; delivery quote; the catalogue API's customer orders. */
export async function orderRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { orders } = app.services;

  app.post(
    '/api/delivery/quote',
    {
      config: { access: 'public', summary: "What the delivery and the whole order would cost (prices of the session's account type)." },
      schema: { body: quoteBody, response: { 200: quoteAnswer } },
    },
    async (request) => ({
      data: await orders.quote(await currentAuth(request), request.body.items, request.body.delivery, request.lang),
    }),
  );

  const createOptions = {
    config: {
      access: 'customer',
      summary:
        'Places an order (Idempotency-Key required): 201 created, 200 the same key again, 202 the card payment is still being checked. `pay_url` for an unpaid payme/click order.',
    },
    schema: { body: createOrderBody, response: { 200: orderAnswer, 201: orderAnswer, 202: orderAnswer } },
  } as const;
  for (const url of ['/api/orders/', '/api/orders']) {
    app.post(url, createOptions, async (request, reply) => {
      const auth = await requireUser(request);
      const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
      const result = await orders.create(auth, request.body, key.data, request.lang, originOf(request, app.config));
      // 202: the order stands and its stock is held, but the card payment is still being checked with the provider.
      return reply.status(CREATE_STATUS[result.outcome]).send({ order: result.order });
    });
  }

  app.post(
    '/api/orders/one-click',
    {
      config: {
        access: 'customer',
        summary:
          '"Buy in 1 click" (Idempotency-Key required): one variant by name and the account\'s verified phone; paid on receipt, delivery agreed by phone when staff call to confirm. 201 created, 200 the same key again.',
      },
      schema: { body: oneClickBody, response: { 200: orderAnswer, 201: orderAnswer } },
    },
    async (request, reply) => {
      const auth = await requireUser(request);
      const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
      const result = await orders.createOneClick(auth, request.body, key.data, request.lang, originOf(request, app.config));
      return reply.status(result.outcome === 'replayed' ? 200 : 201).send({ order: result.order });
    },
  );

  app.get(
    '/api/orders',
    { config: { access: 'customer', summary: "The caller's orders, newest first." }, schema: { querystring: listQuery, response: { 200: ordersPage } } },
    async (request) => {
      const auth = await requireUser(request);
      return orders.listForCustomer(auth.customer.id, request.query.page, request.query.per_page, request.lang, originOf(request, app.config));
    },
  );

  app.get(
    '/api/orders/:tid',
    {
      config: { access: 'customer', summary: "One of the caller's orders by number (BZ-100042) or id, with its status history; someone else's is 404." },
      schema: { params: tidParams, response: { 200: orderWithHistoryAnswer } },
    },
    async (request) => {
      const auth = await requireUser(request);
      return { order: await orders.get(auth, request.params.tid, request.lang, originOf(request, app.config)) };
    },
  );

  app.get(
    `${CATALOG}/customers/:customerId/orders`,
    // That customer's own session only: the catalogue key opens the catalogue, never a customer's data.
    {
      config: { access: 'customer:self', summary: "That customer's orders, newest first (their own session only)." },
      schema: { params: customerParams, querystring: listQuery, response: { 200: ordersPage } },
    },
    async (request) => orders.listForCustomer(request.params.customerId, request.query.page, request.query.per_page, request.lang),
  );

  app.get(
    `${CATALOG}/customers/:customerId/orders/:orderId/details`,
    {
      config: { access: 'customer:self', summary: "One of that customer's orders with its status history (their own session only)." },
      schema: { params: detailParams, response: { 200: orderDetailsAnswer } },
    },
    async (request) => ({ data: await orders.details(request.params.customerId, request.params.orderId, request.lang) }),
  );
}
