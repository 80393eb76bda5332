// Two guards every answer and every input pass through, whatever the route: no control characters reach
// a handler (PostgreSQL refuses NUL in text, which surfaced as a 500), and every answer says what it is
// (nosniff) and, under an https PUBLIC_URL, that the shop is https only (HSTS).
import { type FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** C0 controls and DEL, except tab, line feed and carriage return (free text may hold lines). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Deeper than any request the API takes: a deeper one is refused rather than walked. */
const MAX_DEPTH = 16;

/**
 * The path ("receiver.name", "items.0.name") of the first string with a control character, or of the
 * first value nested deeper than MAX_DEPTH, with which of the two it is; null when there is neither.
 */
export function inputProblemAt(value: unknown, path: string[] = []): { path: string[]; problem: 'invalid_characters' | 'too_deep' } | null {
  if (typeof value === 'string') return CONTROL.test(value) ? { path, problem: 'invalid_characters' } : null;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return { path, problem: 'too_deep' };
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return { path: [...path, key.replace(/[^\x20-\x7e]/g, '?')], problem: 'invalid_characters' };
    const found = inputProblemAt(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = inputProblemAt(part);
      if (found) throw new AppError('VALIDATION_FAILED', 422, { fields: { [found.path.join('.') || '_']: found.problem } });
    }
  });
}

export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string | undefined }): void {
  const hsts = options.publicUrl?.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : null;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (hsts) reply.header('Strict-Transport-Security', hsts);
  });
}
