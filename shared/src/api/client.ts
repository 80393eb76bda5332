// The one client of the storefront and the back office (docs/product.md "API calls of the storefront"): every
// call names its operation by method and path template, checked against the contract's `paths`
// (operations.ts), with its path parameters, query, body and answer typed together:
//   api.get('/api/orders/{tid}', { path: { tid: number } })
//   api.post('/api/orders/', { body, headers: { 'Idempotency-Key': key } })
// It sends X-LANG and X-ACCOUNT-TYPE on every request and the bearer token when there is one. The catalogue
// key is never here: the gateway adds it (docs/architecture.md "Gateways").
import type { Lang } from '../langs';
import type { CartItem, LoginResponse, User } from '../schemas';
import type * as SchemasModule from '../schemas';
import type { AnswerFor, Body, CallArgs, CommonOptions, HttpMethod, PathsOf } from './operations';
import { ApiError, apiErrorOf, errorCode, withPuzzle } from './errors';
import { fillPath, queryString } from './url';

export { ApiError, parseRetryAfter, withPuzzle, type ApiErrorDetails } from './errors';
export type { Answer, Body, CallOptions, HttpMethod, Method, PathParams, PathsOf, Query } from './operations';

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

export interface ApiClientOptions {
  /** Origin + prefix; '' means the page's own origin (the gateway). */
  baseUrl?: string;
  getLang: () => Lang;
  getToken: () => string;
  /** user_type of the signed-in user; 'individual' for guests. */
  getAccountType: () => string;
  fetch?: typeof fetch;
  /**
   * Told of every refused answer (and of no answer) before the caller hears of it: the back office ends its
   * session on any 401, the catalogue key's included.
   */
  onError?: (error: ApiError) => void;
}

/** Told the token the API refused: see `onSessionEnded`. */
export type SessionEndedListener = (token: string) => void;

/** What a call sends, once its address is known. */
interface Outgoing extends CommonOptions {
  body?: unknown;
}

/** Creates the API client; one per page, built by the shell and handed to remotes through the store. */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sessionEndedListeners = new Set<SessionEndedListener>();

  const refuse = (error: ApiError): ApiError => {
    options.onError?.(error);
    return error;
  };

  /** Sends one request and answers its 2xx response (its body unread); throws the ApiError of anything else. */
  async function send(method: string, url: string, out: Outgoing): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-LANG': options.getLang(),
      'X-ACCOUNT-TYPE': options.getAccountType(),
      ...out.headers,
    };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const { body } = out;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await doFetch(baseUrl + url, { method, headers, body: payload, ...(out.signal ? { signal: out.signal } : {}) });
    } catch (err) {
      // the caller's own abort is not a network failure: it goes through as the AbortError it is
      if (out.signal?.aborted) throw err;
      // No answer at all (offline, connection reset): callers say "check your connection".
      throw refuse(new ApiError(0, 'NETWORK', ''));
    }
    if (res.ok) return res;
    const text = await res.text();
    const data: unknown = text ? safeJson(text) : undefined;
    // A 401 to a call that carried the token: the session behind it has ended (signed out on another
    // device, revoked, expired). Told before the caller hears of the failure, so that what it shows next
    // is already the guest's page. The catalogue key's 401 says nothing about the session.
    if (res.status === 401 && token && errorCode(res, data) !== 'INVALID_API_KEY') {
      for (const listener of [...sessionEndedListeners]) {
        try {
          listener(token);
        } catch (listenerError) {
          // the caller still gets the API's answer, not a listener's failure
          console.error('session-ended listener failed', listenerError);
        }
      }
    }
    throw refuse(apiErrorOf(res, data));
  }

  /** The address and what to send of one operation's call (its options as `CallOptions` typed them). */
  function outgoing(template: string, opts: object = {}): [string, Outgoing] {
    const { path, query, ...out } = opts as Outgoing & { path?: Record<string, string | number>; query?: Parameters<typeof queryString>[0] };
    return [fillPath(template, path) + queryString(query), out];
  }

  /** The JSON of a 2xx answer; undefined for an empty one (a 204). */
  const json = async (res: Response): Promise<unknown> => {
    const text = await res.text();
    return text ? safeJson(text) : undefined;
  };

  /** One call of an operation of the contract: `call('get', '/api/orders/{tid}', { path: { tid } })`. */
  async function call<M extends HttpMethod, P extends PathsOf<M>>(method: M, path: P, ...[opts]: CallArgs<P, M>): Promise<AnswerFor<P, M>> {
    const [url, out] = outgoing(path, opts);
    return (await json(await send(method.toUpperCase(), url, out))) as AnswerFor<P, M>;
  }

  /** The method helpers: `api.get(path, options)` is `call('get', path, options)`. */
  const verb =
    <M extends HttpMethod>(method: M) =>
    <P extends PathsOf<M>>(path: P, ...args: CallArgs<P, M>): Promise<AnswerFor<P, M>> =>
      call(method, path, ...args);

  /** A call whose answer (or the part `select` takes of it) is checked against one of the zod schemas, loaded alongside. */
  async function checked<T>(answer: Promise<unknown>, pick: (s: Schemas) => AnswerCheck<T>, select = (data: unknown) => data): Promise<T> {
    const [data, loaded] = await Promise.all([answer, loadSchemas()]);
    return pick(loaded).parse(select(data));
  }

  /** A call's answer as the contract types it, once a zod schema (which asks less: what a page cannot do without) has accepted it. */
  async function vetted<A>(answer: Promise<A>, pick: (s: Schemas) => AnswerCheck<unknown>): Promise<A> {
    const [data, loaded] = await Promise.all([answer, loadSchemas()]);
    pick(loaded).parse(data);
    return data;
  }

  const api = {
    call,
    get: verb('get'),
    post: verb('post'),
    put: verb('put'),
    patch: verb('patch'),
    delete: verb('delete'),
    /** A GET whose answer is a file (the catalogue's CSV): its bytes and headers (Content-Disposition names it). */
    download: async <P extends PathsOf<'get'>>(path: P, ...[opts]: CallArgs<P, 'get'>): Promise<{ blob: Blob; headers: Headers }> => {
      const [url, out] = outgoing(path, opts);
      const res = await send('GET', url, { ...out, headers: { Accept: '*/*', ...out.headers } });
      return { blob: await res.blob(), headers: res.headers };
    },
  };

  return {
    ...api,
    /**
     * Subscribes to the API's 401 on a call that carried the token (the listener gets that token); returns
     * the unsubscribe function. The auth store signs the shopper out on it (stores/auth.ts).
     */
    onSessionEnded(listener: SessionEndedListener): () => void {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },
    // own backend — auth
    sendOtp: (phone: string, user_type: Body<'/api/auth/send-otp', 'post'>['user_type']) =>
      withPuzzle((puzzle) => api.post('/api/auth/send-otp', { body: { phone, user_type, ...(puzzle ? { puzzle } : {}) } })),
    verifyOtp: (phone: string, otp: string): Promise<LoginResponse> =>
      checked(api.post('/api/auth/verify-otp', { body: { phone, otp } }), (s) => s.loginResponseSchema),
    getUser: (): Promise<User> => checked(api.get('/api/auth/user'), (s) => s.userSchema, (data) => (data as { user?: unknown } | null)?.user ?? data),
    logout: () => api.post('/api/auth/logout'),
    // cart
    getCart: (): Promise<CartItem[]> => checked(api.get('/api/profile/cart'), (s) => s.cartSchema),
    saveCart: (cart_data: CartItem[]) => api.post('/api/profile/cart', { body: { cart_data } }),
    // content
    getDeliverySettings: () => api.get('/api/settings/delivery'),
    // catalogue
    getCategories: () => vetted(api.get('/backend/api/ext/v1/resources/categories'), (s) => s.categoriesResponseSchema),
    getHome: () => api.get('/backend/api/ext/v1/resources/home'),
    getProducts: (filter: Body<'/backend/api/ext/v1/resources/products', 'post'>) => api.post('/backend/api/ext/v1/resources/products', { body: filter }),
    getProduct: (slug: string) =>
      vetted(
        api.get('/backend/api/ext/v1/resources/product/{slug}', { path: { slug }, query: { 'resources[]': 'relateds' } }),
        (s) => s.productResponseSchema,
      ),
    searchProducts: (q: string) => api.get('/backend/api/ext/v1/resources/products/search', { query: { q } }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** What a `@bozor/shared/api/*` module needs of the client: the operation calls (a test may hand it a fake). */
export type ApiCalls = Pick<ApiClient, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
