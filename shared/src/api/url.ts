// The address of one call: a path template of the contract with its parameters filled in and its query
// written out. The client sends to it; a remote's server entry names the same address for the answers a page
// is rendered from (mf-catalog src/ssr.tsx), so the server asks exactly what the browser would.
import type { paths } from './openapi';
import type { Method, PathParams, Query } from './operations';

/** A query as the client writes it: scalars, or arrays written as one key per value. */
type QueryValues = Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;

/**
 * Form-encodes one key or value as URLSearchParams does, but leaves the commas of a list (`ids=3,1,2`) and
 * the brackets of a key (`resources[]`) as the API's documents write them.
 */
const encode = (text: string) => new URLSearchParams([['', text]]).toString().slice(1).replace(/%2C/gi, ',').replace(/%5B/gi, '[').replace(/%5D/gi, ']');

/** `?a=1&b=x` of the defined values (arrays as repeated keys, in order), or '' when there are none. */
export function queryString(query: QueryValues | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? (value as readonly (string | number | boolean)[]) : [value as string | number | boolean])
      pairs.push(`${encode(key)}=${encode(String(one))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The template with each `{name}` replaced by its parameter, URI-encoded; throws on a parameter not given (a bug). */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** Where `M path` is sent, with its parameters and query: `apiUrl('/api/orders/{tid}', 'get', { path: { tid } })`. */
export function apiUrl<P extends keyof paths, M extends Method<P>>(
  template: P,
  _method: M,
  options: { path?: PathParams<P, M>; query?: Query<P, M> } = {},
): string {
  return fillPath(template, options.path as Record<string, string | number> | undefined) + queryString(options.query as QueryValues | undefined);
}
