import { type FastifyInstance } from 'fastify';
import { STAFF_ROLES } from '../../db/schema/index.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { requireStaff } from '../../http/staff-auth.js';
import { toStaffDto } from './staff.service.js';
import {
  auditList,
  auditQuery,
  newStaffBody,
  opsStaffBody,
  sendOtpAnswer,
  staffAnswer,
  staffIdParams,
  staffList,
  staffPatchBody,
  staffSendOtpBody,
  staffSignIn,
  staffVerifyOtpBody,
} from './staff.schema.js';
import { signInClient } from '../../http/device.js';

const ANY_STAFF = STAFF_ROLES;
const OWNER = ['owner'] as const;

/** Staff sign-in, the staff list (owner), the audit log (owner), and `pnpm staff:add` through the API. */
export async function staffRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { staff, audit } = app.services;

  app.post(
    '/api/admin/auth/send-otp',
    { config: { access: 'public', summary: 'Texts a sign-in code to a staff phone (same answer for any number).' }, schema: { body: staffSendOtpBody, response: { 200: sendOtpAnswer } } },
    async (request, reply) => staff.sendOtp({ ...signInClient(request, reply), phone: request.body.phone, lang: request.lang, puzzle: request.body.puzzle }),
  );

  app.post(
    '/api/admin/auth/verify-otp',
    { config: { access: 'public', summary: 'Checks the code; answers a staff session token.' }, schema: { body: staffVerifyOtpBody, response: { 200: staffSignIn } } },
    async (request, reply) => staff.verifyOtp({ ...signInClient(request, reply), phone: request.body.phone, otp: request.body.otp }, request.lang),
  );

  app.get('/api/admin/me', { config: { access: 'staff', roles: ANY_STAFF }, schema: { response: { 200: staffAnswer } } }, async (request) => {
    return { staff: toStaffDto((await requireStaff(request)).staff, request.lang) };
  });

  app.post('/api/admin/auth/logout', { config: { access: 'staff', roles: ANY_STAFF } }, async (request, reply) => {
    await staff.logout(await requireStaff(request));
    return reply.status(204).send();
  });

  app.get('/api/admin/staff', { config: { access: 'staff', roles: OWNER }, schema: { response: { 200: staffList } } }, async (request) => ({
    data: await staff.list(request.lang),
  }));

  app.post('/api/admin/staff', { config: { access: 'staff', roles: OWNER }, schema: { body: newStaffBody, response: { 201: staffAnswer } } }, async (request, reply) => {
    const me = await requireStaff(request);
    const { phone, name, role, store_id } = request.body;
    const created = await staff.add({ staffId: me.staff.id }, { phone, name, role, storeId: store_id ?? null }, request.lang);
    return reply.status(201).send({ staff: created });
  });

  app.patch(
    '/api/admin/staff/:id',
    { config: { access: 'staff', roles: OWNER }, schema: { params: staffIdParams, body: staffPatchBody, response: { 200: staffAnswer } } },
    async (request) => {
      const me = await requireStaff(request);
      const { name, role, store_id, active } = request.body;
      const patch = { ...(name !== undefined ? { name } : {}), ...(role ? { role } : {}), ...(store_id !== undefined ? { storeId: store_id } : {}), ...(active !== undefined ? { active } : {}) };
      return { staff: await staff.update({ staffId: me.staff.id }, request.params.id, patch, request.lang) };
    },
  );

  app.post('/api/admin/staff/:id/end-sessions', { config: { access: 'staff', roles: OWNER }, schema: { params: staffIdParams } }, async (request, reply) => {
    const me = await requireStaff(request);
    await staff.endSessions({ staffId: me.staff.id }, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/admin/audit', { config: { access: 'staff', roles: OWNER }, schema: { querystring: auditQuery, response: { 200: auditList } } }, async (request) => {
    const q = request.query;
    return audit.list({
      ...(q.staff_id ? { staffId: q.staff_id } : {}),
      ...(q.entity ? { entity: q.entity } : {}),
      ...(q.entity_id ? { entityId: q.entity_id } : {}),
      ...(q.action ? { action: q.action } : {}),
      ...(q.from ? { from: q.from } : {}),
      ...(q.to ? { to: q.to } : {}),
      page: q.page,
      perPage: q.per_page,
    });
  });

  // `pnpm staff:add +998… owner [name]` on the API's machine (http/access.ts `ops`).
  app.post('/api/ops/staff', { config: { access: 'ops' }, schema: { body: opsStaffBody, response: { 201: staffAnswer } } }, async (request, reply) => {
    const { phone, name, role, store_id } = request.body;
    const created = await staff.add({ command: 'staff:add' }, { phone, name: name ?? phone, role, storeId: store_id ?? null }, request.lang);
    return reply.status(201).send({ staff: created });
  });
}
