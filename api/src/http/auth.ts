import { type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../errors.js';
import { type AuthContext, SESSION_TTL_S } from '../modules/auth/index.js';

export const SESSION_COOKIE = 'bozor_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a request's token came from; cookie-authenticated writes need a same-origin check. */
function readToken(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? { token: match[1]!, via: 'bearer' } : null;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * A write authenticated only by the session cookie must come from our own pages: the
 * Origin (or Referer) host must be this host or PUBLIC_URL's.
 */
function assertSameOrigin(request: FastifyRequest, publicUrl: string | undefined): void {
  const source = request.headers.origin ?? request.headers.referer;
  const allowed = new Set([hostOf(`http://${request.host}`), publicUrl ? hostOf(publicUrl) : null].filter(Boolean));
  const host = source ? hostOf(source) : null;
  if (!host || !allowed.has(host)) throw new AppError('CSRF_REJECTED', 403);
}

/** "host[:port]" of a URL with default ports dropped, or null when it does not parse. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host.replace(/:(80|443)$/, '');
  } catch {
    return null;
  }
}

/** The signed-in shopper behind this request, or null; looked up once per request. */
export async function currentAuth(request: FastifyRequest): Promise<AuthContext | null> {
  if (request.authCache !== undefined) return request.authCache;
  const found = readToken(request);
  let auth: AuthContext | null = null;
  if (found) {
    auth = await request.server.services.auth.authenticate(found.token);
    if (auth && found.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      assertSameOrigin(request, request.server.config.publicUrl);
    }
  }
  request.authCache = auth;
  return auth;
}

/** The signed-in shopper; 401 otherwise. Call first thing in every private handler. */
export async function requireUser(request: FastifyRequest): Promise<AuthContext> {
  const auth = await currentAuth(request);
  if (!auth) throw unauthenticated();
  return auth;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_TTL_S });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
