import { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { LongJobTimeoutError } from '../db/limits.js';
import { AppError } from '../errors.js';
import { type ErrorCode, translate } from '../i18n/messages.js';
import { LimiterUnavailableError } from '../providers/limits/limiter.js';
import { RequestValidationError, fieldErrors } from './validation.js';

interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; [extra: string]: unknown };
}

/**
 * The database could not answer now, or not in time: down, restarting, out of connections, or one of its own
 * time limits (db/limits.ts) ended the statement — 57014 statement_timeout, 55P03 lock_timeout, 25P03
 * idle_in_transaction_session_timeout. The shopper may try again shortly.
 */
const DB_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '53300', '57014', '55P03', '25P03']);

function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  if (typeof code === 'string' && DB_DOWN.has(code)) return true;
  // pg-pool gives up waiting for a free connection with a plain Error and no code (Drizzle wraps it as the
  // cause), and pg a query that had no answer within query_timeout (db/client.ts) likewise; the connection
  // is then ended, so a transaction's rollback on it says it is not queryable.
  const poolGaveUp = (message: unknown) =>
    typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated|Query read timeout|is not queryable/i.test(message);
  return err instanceof LongJobTimeoutError || poolGaveUp(e?.message) || poolGaveUp(e?.cause?.message);
}

/**
 * busboy (under @fastify/multipart) reports a body it cannot read with plain Errors: no boundary, a body
 * cut short, a malformed part header. The request is at fault, so a 400.
 */
function isMalformedMultipart(err: unknown): boolean {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|Malformed urlencoded form)/.test(message);
}

/**
 * The field of a write that named a row that does not exist: PostgreSQL's 23503 on an insert or update
 * ("Key (store_id)=(7) is not present in table "stores""). The id came from the request (a staff member's
 * store, say), so it is the caller's mistake: a 422 naming the field, not a 500. Columns and request
 * fields share their snake_case names. A delete of a row still referenced is another 23503 and stays a 500.
 */
function missingReference(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    const column = code === '23503' && typeof detail === 'string' ? /^Key \(([a-z_][a-z0-9_]*)\)=\(.*\) is not present in table /s.exec(detail)?.[1] : undefined;
    if (column) return column;
  }
  return null;
}

/**
 * One error handler for the whole API: AppError and validation errors become
 * `{"error":{"code","message","fields"}}` in the request's language; everything else is
 * logged with the request id and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | RequestValidationError, request, reply) => {
    const send = (status: number, code: ErrorCode, extra: Partial<ErrorBody['error']> = {}, params = {}) =>
      reply.status(status).send({ error: { code, message: translate(code, request.lang, params), ...extra } });

    if (err instanceof AppError) {
      if (err.options.retryAfter !== undefined) reply.header('Retry-After', String(err.options.retryAfter));
      const fields = err.options.fields;
      return send(err.status, err.code, { ...err.options.extra, ...(fields ? { fields: localiseFields(fields, request) } : {}) }, {
        ...err.options.params,
        ...(err.options.retryAfter !== undefined ? { seconds: err.options.retryAfter } : {}),
      });
    }
    if (err instanceof RequestValidationError) {
      return send(422, 'VALIDATION_FAILED', { fields: fieldErrors(err.issues, request.lang) });
    }
    const fastifyError = err as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(415, 'UNSUPPORTED_MEDIA_TYPE');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(413, 'PAYLOAD_TOO_LARGE');
      default:
        break;
    }
    if (isMalformedMultipart(err)) return send(400, 'BAD_REQUEST');
    const missing = missingReference(err);
    if (missing) {
      request.log.info({ err }, 'write named a row that does not exist');
      return send(422, 'VALIDATION_FAILED', { fields: fieldErrors([{ code: 'custom', path: [missing], message: 'invalid', input: undefined }], request.lang) });
    }
    // The database or the rate limiter's Redis: the shopper may try again shortly.
    if (isDatabaseDown(err) || err instanceof LimiterUnavailableError) {
      request.log.error({ err }, 'dependency down');
      reply.header('Retry-After', '5');
      return send(503, 'SERVICE_UNAVAILABLE');
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status === 404 ? 404 : 400, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return send(500, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    return reply.status(404).send({
      error: { code: 'ROUTE_NOT_FOUND', message: translate('ROUTE_NOT_FOUND', request.lang, { path }) },
    });
  });
}

/** Field values may be field-message keys; the handler translates those. */
function localiseFields(fields: Record<string, string>, request: FastifyRequest): Record<string, string> {
  return fieldErrors(
    Object.entries(fields).map(([path, message]) => ({ code: 'custom', path: path.split('.'), message, input: undefined })),
    request.lang,
  );
}
