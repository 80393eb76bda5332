// What one operation of the contract takes and answers, read from the `paths` that `pnpm contract` generates
// from the API's routes (shared/src/api/openapi.ts): the method, the path template, its parameters, its query,
// its body and its answer, typed together. The client (client.ts) is keyed by these; nothing here exists at run
// time. A route that changes its answer or body no longer compiles where it is called.
import type { paths } from './openapi';

/** The HTTP methods the client calls, in the contract's spelling. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The methods `paths[P]` has an operation for. */
export type Method<P extends keyof paths> = {
  [M in keyof paths[P]]: M extends HttpMethod ? (paths[P][M] extends { responses: unknown } ? M : never) : never;
}[keyof paths[P]];

/** The path templates that have an operation for `M`: `PathsOf<'delete'>` is every template one may DELETE. */
export type PathsOf<M extends HttpMethod> = {
  [P in keyof paths]: M extends Method<P> ? P : never;
}[keyof paths];

type IsNever<T> = [T] extends [never] ? true : false;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/**
 * The operation `M` of `P` (loosely constrained, so that the client's `get<P extends PathsOf<'get'>>` can name
 * it); never when there is none. The exported types below take only real operations.
 */
type Op<P, M> = P extends keyof paths ? (M extends keyof paths[P] ? paths[P][M] : never) : never;

type AnswerOf<O> = O extends { responses: infer R }
  ? R extends { 200: infer A }
    ? JsonOf<A>
    : R extends { 201: infer A }
      ? JsonOf<A>
      : R extends { 204: unknown }
        ? void
        : never
  : never;
type PathOf<O> = O extends { parameters: { path: infer X } } ? X : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
type BodyOf<O> = O extends { requestBody?: infer R } ? (IsNever<Exclude<R, undefined>> extends true ? never : JsonOf<Exclude<R, undefined>>) : never;

/**
 * The JSON answer of an operation (its 200, else its 201; `void` for an operation that answers 204 only),
 * as the API's routes declare it. `Answer<'/api/store/stores', 'get'>`.
 */
export type Answer<P extends keyof paths, M extends Method<P>> = AnswerOf<Op<P, M>>;

/** The path parameters of an operation (`{ number: string }` for `/api/orders/{number}`); never when it has none. */
export type PathParams<P extends keyof paths, M extends Method<P>> = PathOf<Op<P, M>>;

/** The query of an operation, as its route declares it; never when it takes none. */
export type Query<P extends keyof paths, M extends Method<P>> = QueryOf<Op<P, M>>;

/** The JSON body of an operation; never when it declares none (a multipart upload, or no body at all). */
export type Body<P extends keyof paths, M extends Method<P>> = BodyOf<Op<P, M>>;

/** The answer of `M path` for the client's own signatures (where `M` is not known to be one of `Method<P>`). */
export type AnswerFor<P, M> = AnswerOf<Op<P, M>>;

type PathOption<O> = IsNever<PathOf<O>> extends true ? { path?: never } : { path: PathOf<O> };

type QueryOption<O> =
  IsNever<QueryOf<O>> extends true ? { query?: never } : O extends { parameters: { query: object } } ? { query: QueryOf<O> } : { query?: QueryOf<O> };

/**
 * The body option: the operation's JSON body (required when the route requires one). The contract does not
 * describe multipart bodies (an upload route reads its file itself: `POST /api/profile/upload-photo`), so an
 * operation without a JSON body may be sent a FormData, and nothing else.
 */
type BodyOption<O> = IsNever<BodyOf<O>> extends true ? { body?: FormData } : O extends { requestBody: object } ? { body: BodyOf<O> } : { body?: BodyOf<O> };

/** What every call may add: headers of its own (`Idempotency-Key`) and a signal that aborts it. */
export interface CommonOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The options of one call of `M path`: `path` when the template has parameters, `query`, `body`, typed from the contract. */
export type CallOptions<P, M> = CommonOptions & PathOption<Op<P, M>> & QueryOption<Op<P, M>> & BodyOption<Op<P, M>>;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** The options argument: optional when nothing in it is required. */
export type CallArgs<P, M> = IsNever<RequiredKeys<CallOptions<P, M>>> extends true ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];
