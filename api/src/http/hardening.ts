// Two guards every answer and every input pass through, whatever the route: no text the database cannot
// keep reaches a handler (PostgreSQL refuses NUL in text, and a lone UTF-16 surrogate in jsonb: each
// surfaced as a 500), and every answer says what it is (nosniff) and, under an https PUBLIC_URL, that the
// shop is https only (HSTS). Multipart parts are read by their routes, through checkedParts below.
import { type Multipart } from '@fastify/multipart';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** C0 controls and DEL, except tab, line feed and carriage return (free text may hold lines). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/**
 * Half of a UTF-16 surrogate pair without its other half (JSON's "\ud800"): not a character, so UTF-8
 * has no bytes for it; PostgreSQL's jsonb refuses it and a text column would keep U+FFFD instead.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any request the API takes: a deeper one is refused rather than walked. */
const MAX_DEPTH = 16;

/** Text the shop does not keep: a control character (other than tab and line breaks) or a lone surrogate. */
export function hasForbiddenCharacters(text: string): boolean {
  return CONTROL.test(text) || LONE_SURROGATE.test(text);
}

/** A key or field name as an error may name it: printable ASCII, anything else as "?". */
const printable = (name: string) => name.replace(/[^\x20-\x7e]/g, '?');

/**
 * The path ("receiver.name", "items.0.name") of the first string with a control character, or of the
 * first value nested deeper than MAX_DEPTH, with which of the two it is; null when there is neither.
 */
export function inputProblemAt(value: unknown, path: string[] = []): { path: string[]; problem: 'invalid_characters' | 'too_deep' } | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? { path, problem: 'invalid_characters' } : null;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return { path, problem: 'too_deep' };
  for (const [key, inner] of Object.entries(value)) {
    if (hasForbiddenCharacters(key)) return { path: [...path, printable(key)], problem: 'invalid_characters' };
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

/** The 422 that names a field holding text the shop does not keep. */
export const forbiddenCharacters = (field: string) => new AppError('VALIDATION_FAILED', 422, { fields: { [printable(field) || '_']: 'invalid_characters' } });

/**
 * `request.parts()` with every part's field name, file name and text value held to the same rule as a
 * JSON body (the preValidation guard never sees multipart: the route reads it). A bad one is a 422 naming
 * the part's field, before the route reads its bytes; a file name with a NUL reached an INSERT before.
 */
export async function* checkedParts(request: FastifyRequest, options: Parameters<FastifyRequest['parts']>[0]): AsyncGenerator<Multipart> {
  for await (const part of request.parts(options)) {
    const texts = [part.fieldname, part.type === 'file' ? part.filename : typeof part.value === 'string' ? part.value : ''];
    if (texts.some(hasForbiddenCharacters)) {
      if (part.type === 'file') part.file.resume();
      throw forbiddenCharacters(part.fieldname);
    }
    yield part;
  }
}

export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string | undefined }): void {
  const hsts = options.publicUrl?.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : null;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (hsts) reply.header('Strict-Transport-Security', hsts);
  });
}
