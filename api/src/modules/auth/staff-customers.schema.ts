import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../db/schema/index.js';
import { dbIdParam, pageMetaDto, pageQuery } from '../../http/validation.js';

// The back office's customers (docs/back-office.md): accounts as staff see and change them. Their orders
// are the orders module's, passed in (staff-customers.service.ts).

const status = z.enum(ORDER_STATUSES);

export const customersQuery = z.strictObject({ q: z.string().trim().max(60).optional(), ...pageQuery });
export const customerParams = z.strictObject({ id: dbIdParam });
export const adminCustomer = z.object({
  id: z.number(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  user_type: z.enum(['individual', 'legal']),
  company_name: z.string().nullable(),
  inn: z.string().nullable(),
  blocked: z.boolean(),
  orders_count: z.number(),
  orders_total: z.number(),
  created_at: z.string(),
});
export const customersList = z.object({ data: z.array(adminCustomer), meta: pageMetaDto });
export const customerAnswer = z.object({
  customer: adminCustomer,
  orders: z.array(z.object({ number: z.string(), status, status_label: z.string(), payment_status: z.enum(PAYMENT_STATUSES), total: z.number(), created_at: z.string() })),
});
export const customerPatch = z
  .strictObject({
    user_type: z.enum(['individual', 'legal']),
    company_name: z.string().trim().min(1).max(200),
    inn: z.string().trim().regex(/^\d{9}$/, 'inn_invalid'),
    blocked: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
