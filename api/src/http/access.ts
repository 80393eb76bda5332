// Who may call each route: every route declares `config: { access }`, and one hook enforces it before
// anything else of the route runs (body parsing, validation, the handler). A route that declares nothing
// is refused when it is registered, so the API cannot start with one.
import crypto from 'node:crypto';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { type StaffRole } from '../db/schema/index.js';
import { SESSION_COOKIE, currentAuth, requireUser } from './auth.js';
import { requireStaff } from './staff-auth.js';

/**
 * - `public`: anyone, signed in or not (a signed-in shopper may get a personal answer, e.g. prices).
 * - `catalogue`: the catalogue (`/backend/api/ext/v1/resources/**`); with `CATALOG_API_KEY` set, only
 *   requests that carry the key. The public gateways add it to browser traffic, so it proves only that
 *   a request came through a gateway: it opens nothing but the catalogue.
 * - `customer`: a signed-in shopper's own data (Bearer token or session cookie); 401 otherwise.
 * - `customer:self`: a route with `:customerId` in its path, for that customer's own session only:
 *   nobody 401, another customer 403.
 * - `provider`: a payment provider's callback (Payme Merchant API, Click Prepare/Complete). No session or
 *   key is asked here because the provider proves itself with its own credentials, checked by the route's
 *   service (Payme: Basic `Paycom:<key>` in constant time; Click: the MD5 signature), and must be answered
 *   in its own format (HTTP 200 with its error code), which a 401 from this hook would not be.
 * - `staff`: a signed-in staff member (Bearer staff token) whose role is in the route's `roles`
 *   (required with it); 401 without a staff session, 403 for another role. Shopper tokens are 401.
 * - `ops`: a command run on the API's own machine (`pnpm staff:add`, `pnpm order:status`): the secret
 *   in DATA_DIR/ops.json, from a loopback connection that no gateway relayed (no X-Forwarded-For). The
 *   gateways also refuse `/api/ops/` outright.
 */
export const ACCESS_LEVELS = ['public', 'catalogue', 'customer', 'customer:self', 'provider', 'staff', 'ops'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see http/access.ts). Required on every route. */
    access?: Access;
    /** With `access: 'staff'`: the roles that may call it. */
    roles?: readonly StaffRole[];
  }
  interface FastifyInstance {
    /** Every registered route with its access, in registration order (docs/api.md is checked against it). */
    accessTable: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  roles?: readonly StaffRole[];
}

/** Compares a secret in constant time: both sides are hashed first, so their lengths never show. */
export function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * Registers the access check; call before any route is added. `catalogueKey` is CATALOG_API_KEY: when
 * set, `catalogue` routes need it.
 */
export function registerAccessControl(app: FastifyInstance, options: { catalogueKey: string | undefined; opsSecret: string }): void {
  const table: RouteAccess[] = [];
  app.decorate('accessTable', table);

  // Checked once every route is in (at ready), since a plugin's own onRoute hook may declare its routes
  // after this one has run (see /media/* in app.ts). An app with an undeclared route does not start.
  const routes: Array<{ methods: string[]; url: string; options: { config?: { access?: Access; roles?: readonly StaffRole[] } } }> = [];
  app.addHook('onRoute', (route) => {
    routes.push({ methods: [route.method].flat(), url: route.url, options: route });
  });
  app.addHook('onReady', async () => {
    for (const route of routes) {
      const access = route.options.config?.access;
      if (!access || !ACCESS_LEVELS.includes(access)) {
        throw new Error(`${route.methods.join(',')} ${route.url} declares no access: add config: { access: ${ACCESS_LEVELS.map((a) => `'${a}'`).join(' | ')} }`);
      }
      if (access === 'customer:self' && !route.url.includes(':customerId')) {
        throw new Error(`${route.url} is 'customer:self' but has no :customerId in its path`);
      }
      const roles = route.options.config?.roles;
      if ((access === 'staff') !== (roles !== undefined && roles.length > 0)) {
        throw new Error(`${route.url}: 'staff' routes, and only they, declare the roles that may call them (config.roles)`);
      }
      if ((access === 'ops') !== route.url.startsWith('/api/ops/')) {
        throw new Error(`${route.url}: 'ops' routes, and only they, live under /api/ops/ (the gateways refuse that prefix)`);
      }
      for (const method of route.methods) table.push({ method, url: route.url, access, ...(roles ? { roles } : {}) });
    }
  });

  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers, nothing to protect.
    if (request.is404) return;
    await assertAccess(request, options);
  });
}

async function assertAccess(request: FastifyRequest, options: { catalogueKey: string | undefined; opsSecret: string }): Promise<void> {
  const { access, roles } = request.routeOptions.config;
  const { catalogueKey } = options;
  switch (access) {
    case 'public':
    case 'provider':
      return;
    case 'catalogue':
      if (catalogueKey && !sameSecret(request.headers['x-api-key'], catalogueKey)) throw new AppError('INVALID_API_KEY', 401);
      return;
    case 'customer':
      await requireUser(request);
      return;
    case 'customer:self': {
      const auth = await requireUser(request);
      const { customerId } = request.params as { customerId?: string };
      if (String(auth.customer.id) !== customerId) throw new AppError('FORBIDDEN', 403);
      return;
    }
    case 'staff':
      await requireStaff(request, roles);
      return;
    case 'ops': {
      const direct = request.headers['x-forwarded-for'] === undefined && isLoopback(request.socket.remoteAddress);
      if (!direct || !sameSecret(request.headers['x-ops-secret'], options.opsSecret)) throw new AppError('FORBIDDEN', 403);
      return;
    }
    case undefined:
      // onRoute refuses such routes; refuse here too rather than trust that.
      throw new AppError('FORBIDDEN', 403);
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/**
 * The price list a request may see: the legal list only for a signed-in legal entity's session. The
 * storefront's X-ACCOUNT-TYPE header is not believed — anyone can send `legal`.
 */
export async function accountTypeOf(request: FastifyRequest): Promise<'individual' | 'legal'> {
  if (!request.headers.authorization && !request.cookies[SESSION_COOKIE]) return 'individual';
  try {
    return (await currentAuth(request))?.customer.userType ?? 'individual';
  } catch {
    // A cookie-only write from another origin: answer as for a guest rather than fail a catalogue read.
    return 'individual';
  }
}
