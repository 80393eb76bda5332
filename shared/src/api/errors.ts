// The client's one error (docs/api.md "Errors") and the sign-in puzzle loop built on it.

/** What the API's error body may add besides its code and message (docs/api.md "Errors"). */
export interface ApiErrorDetails {
  /** Per-field messages in the request's language, keyed by the field's path (`delivery.address`). */
  fields?: Record<string, string>;
  /** Seconds to wait before trying again (the `Retry-After` header of a 429); 0 when not given. */
  retryAfter?: number;
  /** The puzzle of a 429 `CHALLENGE_REQUIRED` (sign-in codes): solved by `withPuzzle`. */
  challenge?: { token: string; bits: number };
  /** The order a card payment refused at placing left cancelled (`order_number` of the answer to POST /api/orders/). */
  orderNumber?: string;
}

/**
 * An answer other than 2xx (or no answer: status 0, code `NETWORK`), with the server's error code, its
 * message and per-field messages in the request's language, and how long to wait after a 429.
 */
export class ApiError extends Error {
  readonly fields: Record<string, string>;
  readonly retryAfter: number;
  readonly challenge: { token: string; bits: number } | undefined;
  readonly orderNumber: string | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.fields = details.fields ?? {};
    this.retryAfter = details.retryAfter ?? 0;
    this.challenge = details.challenge;
    this.orderNumber = details.orderNumber;
  }
}

/** The error body of a refused answer, as far as the client reads it. */
interface ErrorBody {
  error?: { code?: string; message?: string; fields?: unknown; challenge?: unknown; order_number?: unknown };
}

/** The error code of a refused answer: the body's, else `HTTP_<status>`. */
export function errorCode(res: Response, data: unknown): string {
  return (data as ErrorBody | undefined)?.error?.code ?? `HTTP_${res.status}`;
}

/** The ApiError of a refused answer and its (parsed) body. */
export function apiErrorOf(res: Response, data: unknown): ApiError {
  const err = (data as ErrorBody | undefined)?.error;
  return new ApiError(res.status, errorCode(res, data), err?.message ?? res.statusText, {
    fields: stringFields(err?.fields),
    retryAfter: parseRetryAfter(res.headers.get('Retry-After')),
    challenge: puzzleOf(err?.challenge),
    orderNumber: typeof err?.order_number === 'string' && err.order_number ? err.order_number : undefined,
  });
}

/** Puzzles solved for one sign-in code request before the API's refusal reaches the caller. */
const PUZZLES_PER_REQUEST = 3;

/**
 * Sends a sign-in code request; when the API asks for a puzzle (429 `CHALLENGE_REQUIRED`, see
 * docs/decisions.md "Sign-in limits per phone and client"), solves it — about a second at the usual
 * `bits`, longer for a phone strangers are busy with — and sends again. The API may ask once more, with
 * more bits, if the phone got busier while this one was solved.
 */
export async function withPuzzle<T>(send: (puzzle?: { token: string; nonce: string }) => Promise<T>): Promise<T> {
  let puzzle: { token: string; nonce: string } | undefined;
  for (let solved = 0; ; solved++) {
    try {
      return await send(puzzle);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'CHALLENGE_REQUIRED' || !err.challenge || solved >= PUZZLES_PER_REQUEST) throw err;
      const { solvePuzzle } = await import('../puzzle');
      puzzle = await solvePuzzle(err.challenge);
    }
  }
}

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date; 0 when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return 0;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error body's `challenge`, kept only when it has a token and a number of bits. */
function puzzleOf(value: unknown): { token: string; bits: number } | undefined {
  const p = value as { token?: unknown; bits?: unknown } | null | undefined;
  return typeof p?.token === 'string' && typeof p.bits === 'number' ? { token: p.token, bits: p.bits } : undefined;
}

/** The error body's `fields`, kept only when it is a map of strings. */
function stringFields(fields: unknown): Record<string, string> {
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
