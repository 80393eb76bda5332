import { type FastifyRequest } from 'fastify';
import { type StaffRole } from '../db/schema/index.js';
import { AppError, unauthenticated } from '../errors.js';
import { type StaffContext } from '../modules/staff/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of currentStaff(); undefined until looked up. */
    staffCache: StaffContext | null | undefined;
  }
}

/**
 * The staff member behind this request, or null. Staff use a Bearer token only — no cookie, so no
 * other site can make a signed-in browser act for them. A shopper's token is not in the staff session
 * table, so it opens nothing here (nor a staff token anything of the shop's customer routes).
 */
export async function currentStaff(request: FastifyRequest): Promise<StaffContext | null> {
  if (request.staffCache !== undefined) return request.staffCache;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  request.staffCache = match ? await request.server.services.staff.authenticate(match[1]!) : null;
  return request.staffCache;
}

/** The signed-in staff member, whose role must be one of `roles`; 401 / 403 otherwise. */
export async function requireStaff(request: FastifyRequest, roles?: readonly StaffRole[]): Promise<StaffContext> {
  const ctx = await currentStaff(request);
  if (!ctx) throw unauthenticated();
  if (roles && !roles.includes(ctx.staff.role)) throw new AppError('FORBIDDEN', 403);
  return ctx;
}
