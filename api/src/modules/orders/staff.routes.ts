import { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from '../../http/contract.js';
import { requireStaff } from '../../http/staff-auth.js';
import {
  adminOrderAnswer,
  dashboardAnswer,
  labelsBody,
  noteAnswer,
  noteBody,
  orderItemParams,
  orderNumberParams,
  ordersList,
  ordersQuery,
  statusBody,
} from './staff.schema.js';

/** Who runs orders: every role (a `store` account only its store's pickup orders). */
const ORDER_ROLES = ['owner', 'manager', 'operator', 'store'] as const;

/** The back office's orders and its dashboard (docs/back-office.md); its customers are auth's (auth/staff-customers.routes.ts). */
export async function staffOrderRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { staffOrders } = app.services;

  app.get('/api/admin/dashboard', { config: { access: 'staff', roles: ORDER_ROLES }, schema: { response: { 200: dashboardAnswer } } }, async (request) =>
    staffOrders.dashboard(await requireStaff(request)),
  );

  app.get('/api/admin/orders', { config: { access: 'staff', roles: ORDER_ROLES }, schema: { querystring: ordersQuery, response: { 200: ordersList } } }, async (request) =>
    staffOrders.listOrders(await requireStaff(request), request.query, request.lang),
  );

  app.get(
    '/api/admin/orders/:number',
    { config: { access: 'staff', roles: ORDER_ROLES }, schema: { params: orderNumberParams, response: { 200: adminOrderAnswer } } },
    async (request) => ({ order: await staffOrders.order(await requireStaff(request), request.params.number, request.lang) }),
  );

  app.post(
    '/api/admin/orders/:number/status',
    {
      config: { access: 'staff', roles: ORDER_ROLES, summary: 'Moves the order along the state machine; 409 INVALID_TRANSITION names the allowed next statuses.' },
      schema: { params: orderNumberParams, body: statusBody, response: { 200: adminOrderAnswer } },
    },
    async (request) => ({
      order: await staffOrders.changeStatus(await requireStaff(request), request.params.number, request.body.status, request.body.note, request.lang),
    }),
  );

  app.post(
    '/api/admin/orders/:number/extend-hold',
    {
      config: {
        access: 'staff',
        roles: ORDER_ROLES,
        summary:
          'Keeps an unconfirmed cash order (and its stock) CASH_ORDER_HOLD_H longer, once; 409 HOLD_ALREADY_EXTENDED the second time, 409 NO_STOCK_HOLD when nothing is held.',
      },
      schema: { params: orderNumberParams, response: { 200: adminOrderAnswer } },
    },
    async (request) => ({ order: await staffOrders.extendHold(await requireStaff(request), request.params.number, request.lang) }),
  );

  app.put(
    '/api/admin/orders/:number/items/:item_id/labels',
    {
      config: {
        access: 'staff',
        roles: ORDER_ROLES,
        summary:
          'Sets the marking codes of a marked line, one per unit (422 naming the problem); 409 LABELS_CLOSED once the goods have left, 409 LABELS_ON_RECEIPT once a Click receipt carries them. When every marked line has its codes, a Click receipt that waited for them is submitted.',
      },
      schema: { params: orderItemParams, body: labelsBody, response: { 200: adminOrderAnswer } },
    },
    async (request) => ({
      order: await staffOrders.setLabels(await requireStaff(request), request.params.number, request.params.item_id, request.body.labels, request.lang),
    }),
  );

  app.post(
    '/api/admin/orders/:number/notes',
    { config: { access: 'staff', roles: ORDER_ROLES }, schema: { params: orderNumberParams, body: noteBody, response: { 201: noteAnswer } } },
    async (request, reply) => reply.status(201).send({ note: await staffOrders.addNote(await requireStaff(request), request.params.number, request.body.text) }),
  );
}
