import { type z } from 'zod';
import { type Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang } from '../../i18n/lang.js';
import { type StaffContext } from '../staff/index.js';
import { type AuthService } from './auth.service.js';
import { type Customer } from './customer.repository.js';
import { createStaffCustomersRepository } from './staff-customers.repository.js';
import { type customerAnswer, type customerPatch } from './staff-customers.schema.js';

/**
 * What the back office shows of customers' orders. The orders module owns them and is wired in by
 * services.ts (orders/staff-orders.service.ts), so that this module never imports orders, which imports it.
 */
export interface CustomerOrders {
  /** How many orders each customer placed and for how much (cancelled ones left out); customers without any are absent. */
  orderTotals(customerIds: readonly number[]): Promise<Map<number, { count: number; total: number }>>;
  /** The customer's latest orders, newest first, as the customer's page lists them. */
  ordersOf(customerId: number, lang: Lang): Promise<z.output<typeof customerAnswer>['orders']>;
}

/** The back office's customers: the list, one customer with their orders, and staff's changes to an account. */
export function createStaffCustomersService(deps: { db: Db; auth: Pick<AuthService, 'updateAccount'>; orders: CustomerOrders }) {
  const repo = createStaffCustomersRepository(deps.db);

  /** A page of customers with their order totals. */
  async function withTotals(rows: Customer[]) {
    const totals = await deps.orders.orderTotals(rows.map((c) => c.id));
    return rows.map((c) => customerDto(c, totals.get(c.id)));
  }

  return {
    async listCustomers(q: string | undefined, page: number, perPage: number) {
      const { rows, total } = await repo.listCustomers(q, page, perPage);
      return { data: await withTotals(rows), meta: pageMeta(page, perPage, total) };
    },

    async customer(id: number, lang: Lang) {
      const { rows } = await repo.listCustomers(undefined, 1, 1, [id]);
      if (rows.length === 0) throw notFound();
      const [[customer], orders] = await Promise.all([withTotals(rows), deps.orders.ordersOf(id, lang)]);
      return { customer: customer!, orders };
    },

    async updateCustomer(ctx: StaffContext, id: number, patch: z.output<typeof customerPatch>, lang: Lang) {
      await deps.auth.updateAccount({ staffId: ctx.staff.id }, id, {
        ...(patch.user_type ? { userType: patch.user_type } : {}),
        ...(patch.company_name ? { companyName: patch.company_name } : {}),
        ...(patch.inn ? { inn: patch.inn } : {}),
        ...(patch.blocked !== undefined ? { blocked: patch.blocked } : {}),
      });
      return this.customer(id, lang);
    },
  };
}

function customerDto(c: Customer, totals: { count: number; total: number } | undefined) {
  return {
    id: c.id,
    phone: c.phone,
    name: c.name,
    surname: c.surname,
    user_type: c.userType,
    company_name: c.companyName,
    inn: c.inn,
    blocked: c.blockedAt !== null,
    orders_count: totals?.count ?? 0,
    orders_total: totals?.total ?? 0,
    created_at: c.createdAt.toISOString(),
  };
}

export type StaffCustomersService = ReturnType<typeof createStaffCustomersService>;
