import { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from '../../http/contract.js';
import { requireStaff } from '../../http/staff-auth.js';
import { customerAnswer, customerParams, customerPatch, customersList, customersQuery } from './staff-customers.schema.js';

/** Who sees and changes customers. */
const CUSTOMER_ROLES = ['owner', 'manager', 'operator'] as const;

/** The back office's customers (docs/back-office.md). */
export async function staffCustomerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { staffCustomers } = app.services;

  app.get('/api/admin/customers', { config: { access: 'staff', roles: CUSTOMER_ROLES }, schema: { querystring: customersQuery, response: { 200: customersList } } }, async (request) =>
    staffCustomers.listCustomers(request.query.q || undefined, request.query.page, request.query.per_page),
  );

  app.get('/api/admin/customers/:id', { config: { access: 'staff', roles: CUSTOMER_ROLES }, schema: { params: customerParams, response: { 200: customerAnswer } } }, async (request) =>
    staffCustomers.customer(request.params.id, request.lang),
  );

  app.patch(
    '/api/admin/customers/:id',
    {
      config: { access: 'staff', roles: CUSTOMER_ROLES, summary: 'Makes an account a legal entity or an individual, blocks or unblocks it.' },
      schema: { params: customerParams, body: customerPatch, response: { 200: customerAnswer } },
    },
    async (request) => staffCustomers.updateCustomer(await requireStaff(request), request.params.id, request.body, request.lang),
  );
}
