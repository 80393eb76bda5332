// Typed client for the storefront's calls (docs/product.md "API calls of the storefront"). It sends X-LANG and X-ACCOUNT-TYPE on every request and the
// bearer token when there is one. The catalogue key is never here: the gateway adds it (docs/architecture.md "Gateways").
import type { Lang } from '../langs';
import type { CartItem, LoginResponse, User } from '../schemas';
import type * as SchemasModule from '../schemas';
import type { paths } from './openapi';

/** The methods `paths[P]` has an operation for. */
export type Method<P extends keyof paths> = { [M in keyof paths[P]]: paths[P][M] extends { responses: unknown } ? M : never }[keyof paths[P]];
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/**
 * The JSON answer of an operation (its 200, else its 201), as the API's routes declare it: the types
 * `pnpm contract` generates from them (shared/src/api/openapi.ts). `Answer<'/api/store/stores', 'get'>`.
 */
export type Answer<P extends keyof paths, M extends Method<P>> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? JsonOf<A>
    : R extends { 201: infer A }
      ? JsonOf<A>
      : never
  : never;

type Schemas = typeof SchemasModule;
/** What checks an answer: any zod schema (classic or mini) — `parse` returns the data or throws. */
export interface AnswerCheck<T> {
  parse(data: unknown): T;
}
let schemas: Promise<Schemas> | undefined;
/**
 * The zod schemas the client checks answers with, loaded with the first answer that needs them (in
 * parallel with its request), so zod is not part of what every page loads before its first render.
 */
const loadSchemas = (): Promise<Schemas> => (schemas ??= import('../schemas'));

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

/** Options of one request: a JSON (or FormData) body, extra headers, a zod schema for the answer. */
export interface RequestOptions<T> {
  body?: unknown;
  headers?: Record<string, string>;
  schema?: AnswerCheck<T>;
}

export interface ApiClientOptions {
  /** Origin + prefix; '' means the page's own origin (the gateway). */
  baseUrl?: string;
  getLang: () => Lang;
  getToken: () => string;
  /** user_type of the signed-in user; 'individual' for guests. */
  getAccountType: () => string;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | undefined>;

/** Told the token the API refused: see `onSessionEnded`. */
export type SessionEndedListener = (token: string) => void;

const CATALOG = '/backend/api/ext/v1';

/** Creates the API client; one per page, built by the shell and handed to remotes through the store. */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sessionEndedListeners = new Set<SessionEndedListener>();

  /** The one request helper: every call of the client and of the `@bozor/shared/api/*` modules. */
  async function request<T>(method: string, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-LANG': options.getLang(),
      'X-ACCOUNT-TYPE': options.getAccountType(),
      ...opts.headers,
    };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const { body } = opts;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await doFetch(baseUrl + path, { method, headers, body: payload });
    } catch {
      // No answer at all (offline, connection reset): callers say "check your connection".
      throw new ApiError(0, 'NETWORK', '');
    }
    const text = await res.text();
    const data: unknown = text ? safeJson(text) : undefined;
    if (!res.ok) {
      const err = (data as { error?: { code?: string; message?: string; fields?: unknown; challenge?: unknown; order_number?: unknown } } | undefined)?.error;
      const code = err?.code ?? `HTTP_${res.status}`;
      // A 401 to a call that carried the token: the session behind it has ended (signed out on another
      // device, revoked, expired). Told before the caller hears of the failure, so that what it shows next
      // is already the guest's page. The catalogue key's 401 says nothing about the session.
      if (res.status === 401 && token && code !== 'INVALID_API_KEY') {
        for (const listener of [...sessionEndedListeners]) {
          try {
            listener(token);
          } catch (listenerError) {
            // the caller still gets the API's answer, not a listener's failure
            console.error('session-ended listener failed', listenerError);
          }
        }
      }
      throw new ApiError(res.status, code, err?.message ?? res.statusText, {
        fields: stringFields(err?.fields),
        retryAfter: parseRetryAfter(res.headers.get('Retry-After')),
        challenge: puzzleOf(err?.challenge),
        orderNumber: typeof err?.order_number === 'string' && err.order_number ? err.order_number : undefined,
      });
    }
    return opts.schema ? opts.schema.parse(data) : (data as T);
  }
  const send = <T>(method: string, path: string, body?: unknown) => request<T>(method, path, { body });
  /**
   * A request whose answer (or the part `select` takes of it) is checked against one of the contract's
   * schemas, loaded alongside.
   */
  async function sendChecked<T>(method: string, path: string, body: unknown, pick: (s: Schemas) => AnswerCheck<T>, select = (data: unknown) => data): Promise<T> {
    const [data, loaded] = await Promise.all([request<unknown>(method, path, { body }), loadSchemas()]);
    return pick(loaded).parse(select(data));
  }

  const qs = (query: Query) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
    const s = params.toString();
    return s ? `?${s}` : '';
  };

  return {
    request,
    /**
     * Subscribes to the API's 401 on a call that carried the token (the listener gets that token); returns
     * the unsubscribe function. The auth store signs the shopper out on it (stores/auth.ts).
     */
    onSessionEnded(listener: SessionEndedListener): () => void {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },
    // own backend — auth
    sendOtp: (phone: string, user_type: string) =>
      withPuzzle((puzzle) => send<Answer<'/api/auth/send-otp', 'post'>>('POST', '/api/auth/send-otp', { phone, user_type, ...(puzzle ? { puzzle } : {}) })),
    verifyOtp: (phone: string, otp: string): Promise<LoginResponse> =>
      sendChecked('POST', '/api/auth/verify-otp', { phone, otp }, (s) => s.loginResponseSchema),
    getUser: (): Promise<User> =>
      sendChecked('GET', '/api/auth/user', undefined, (s) => s.userSchema, (data) => (data as { user?: unknown } | null)?.user ?? data),
    logout: () => send<Answer<'/api/auth/logout', 'post'>>('POST', '/api/auth/logout'),
    // cart
    getCart: (): Promise<CartItem[]> => sendChecked('GET', '/api/profile/cart', undefined, (s) => s.cartSchema),
    saveCart: (cart_data: CartItem[]) => send<Answer<'/api/profile/cart', 'post'>>('POST', '/api/profile/cart', { cart_data }),
    // content
    getDeliverySettings: () => send<Answer<'/api/settings/delivery', 'get'>>('GET', '/api/settings/delivery'),
    // catalogue
    getCategories: () =>
      sendChecked('GET', `${CATALOG}/resources/categories`, undefined, (s) => s.categoriesResponseSchema),
    getHome: () => send<Answer<'/backend/api/ext/v1/resources/home', 'get'>>('GET', `${CATALOG}/resources/home`),
    getProducts: (filter: Record<string, unknown>) =>
      send<Answer<'/backend/api/ext/v1/resources/products', 'post'>>('POST', `${CATALOG}/resources/products`, filter),
    getProduct: (slug: string) =>
      sendChecked('GET', `${CATALOG}/resources/product/${encodeURIComponent(slug)}?resources[]=relateds`, undefined, (s) => s.productResponseSchema),
    searchProducts: (q: string) =>
      send<Answer<'/backend/api/ext/v1/resources/products/search', 'get'>>('GET', `${CATALOG}/resources/products/search${qs({ q })}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** What the `@bozor/shared/api/*` modules need of the client: its one request helper. */
export type ApiRequester = Pick<ApiClient, 'request'>;

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date; 0 when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return 0;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error body's `fields`, kept only when it is a map of strings. */
function puzzleOf(value: unknown): { token: string; bits: number } | undefined {
  const p = value as { token?: unknown; bits?: unknown } | null | undefined;
  return typeof p?.token === 'string' && typeof p.bits === 'number' ? { token: p.token, bits: p.bits } : undefined;
}

function stringFields(fields: unknown): Record<string, string> {
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
