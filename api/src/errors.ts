import { type ErrorCode, type MessageParam } from './i18n/messages.js';

export type HttpStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * The one error type of the API. The error handler turns it into
 * `{"error":{"code","message","fields"}}` with the message in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: HttpStatus,
    readonly options: {
      /** Field → field message key (see fieldMessages) or a ready text. */
      fields?: Record<string, string>;
      /** `{name}` placeholders of the message; a value per language where it must be translated. */
      params?: Record<string, MessageParam>;
      /** Seconds for the Retry-After header (429). */
      retryAfter?: number;
      /** More of the answer for a client to act on (e.g. `allowed` next statuses of a 409). */
      extra?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
  }
}

export const notFound = (): AppError => new AppError('NOT_FOUND', 404);
export const unauthenticated = (): AppError => new AppError('UNAUTHENTICATED', 401);
