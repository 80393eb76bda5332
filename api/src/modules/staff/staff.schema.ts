import { z } from 'zod';
import { STAFF_ROLES } from '../../db/schema/index.js';
import { dbId, dbIdParam, isoDate, pageMetaDto, pageQuery, uzMobilePhone } from '../../http/validation.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../audit/index.js';
import { puzzleAnswer } from '../auth/index.js';

export const staffSendOtpBody = z.strictObject({ phone: uzMobilePhone, puzzle: puzzleAnswer.optional() });
export const staffVerifyOtpBody = z.strictObject({ phone: uzMobilePhone, otp: z.string('otp_format').trim().regex(/^\d{5}$/, 'otp_format') });

const staffName = z.string().trim().min(1).max(120);
const role = z.enum(STAFF_ROLES);

export const newStaffBody = z.strictObject({
  phone: uzMobilePhone,
  name: staffName,
  role,
  store_id: dbId.nullable().optional(),
});
export const staffPatchBody = z
  .strictObject({ name: staffName, role, store_id: dbId.nullable(), active: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
export const staffIdParams = z.strictObject({ id: dbIdParam });

export const staffDto = z.object({
  id: z.number(),
  phone: z.string(),
  name: z.string(),
  role,
  store_id: z.number().nullable(),
  store_name: z.string().nullable(),
  active: z.boolean(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});

export const sendOtpAnswer = z.object({ sent: z.literal(true), retry_after: z.number(), expires_in: z.number() });
export const staffSignIn = z.object({ token: z.string(), staff: staffDto });
export const staffAnswer = z.object({ staff: staffDto });
export const staffList = z.object({ data: z.array(staffDto) });

export const auditQuery = z.strictObject({
  staff_id: dbIdParam.optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entity_id: z.string().max(40).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageQuery,
});

export const auditList = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      staff: z.object({ id: z.number(), name: z.string(), phone: z.string() }).nullable(),
      /** Who made it: a staff member, a command on the server (`system` for the shop's own jobs), Payme or Click, or the customer. */
      actor: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('staff'), staff_id: z.number() }),
        z.object({ kind: z.literal('command'), name: z.string() }),
        z.object({ kind: z.literal('provider'), name: z.enum(['payme', 'click']) }),
        z.object({ kind: z.literal('customer'), customer_id: z.number() }),
      ]),
      action: z.enum(AUDIT_ACTIONS),
      entity: z.enum(AUDIT_ENTITIES),
      entity_id: z.string(),
      /** A product's name as it is now, per language (null for other entries and for a product that is gone). */
      entity_name: z.object({ uz: z.string(), ru: z.string(), en: z.string() }).nullable(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  meta: pageMetaDto,
});

/** `pnpm staff:add` through the running API. */
export const opsStaffBody = z.strictObject({ phone: uzMobilePhone, name: staffName.optional(), role, store_id: dbId.nullable().optional() });
