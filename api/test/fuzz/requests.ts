// One route's generated requests: path segments, query strings, bodies and headers at every hostility.
import fc from 'fast-check';
import { type RouteAccess } from '../../src/http/access.js';
import { type JsonSchema, type Operation, type Parameter } from '../support/openapi-schema.js';
import { type Body, CONTENT_TYPES, headerText, multipartFor, providerBodies } from './bodies.js';
import { type Hostility, type KnownValues, RawJson, SchemaArbitraries, hostileString, hostileValue, hostilityLevel, spoil, toJson } from './values.js';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How the shopper shows their session on this request (a cookie write needs our Origin). */
  customerVia: 'bearer' | 'cookie' | 'cookie-same-origin';
  /** What a caller with no session sends as Authorization, if anything. */
  strangerAuthorization?: string;
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes out as its WTF-8 bytes, as a
 * sloppy client would send it: percent escapes that are not UTF-8.
 */
function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    out += char.length === 1 && unit >= 0xd800 && unit <= 0xdfff
      ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
      : encodeURIComponent(char);
  }
  return out;
}

/** Malformed and odd path segments, sent without further encoding. */
const RAW_SEGMENTS = ['%', '%%', '%zz', '%0', '%00', '%E0%A4%A', '%C0%80', '%FF', '%ED%A0%80', '%2e%2e', '%2e%2e%2fetc', '..%2f..%2f', '%252e', '%u0041', '+', '%20', '%09', '%7f', '%0d%0aSet-Cookie:x=1', '.', '..', ';', ';a=b', '!$&()*+,=@~'];

/** A path segment: from the param's schema or the shop's rows, encoded; now and then hostile or with raw malformed escapes. */
function segmentFor(schema: JsonSchema | undefined, shaped: SchemaArbitraries, known: KnownValues, name: string): fc.Arbitrary<string> {
  const text = (v: unknown) => (typeof v === 'string' ? v : v instanceof RawJson ? v.text : toJson(v));
  // A `customer:self` route's `:customerId` (named so by the access rules) is the shopper's own when clean.
  const clean =
    name === 'customerId'
      ? fc.constant(null).map(() => known.customerId())
      : fc.oneof({ arbitrary: shaped.value(schema ?? { type: 'string' }, 0, name), weight: 3 }, { arbitrary: fc.constantFrom(...known.strings, ...known.ints), weight: 1 });
  const dirty = fc.oneof(
    { arbitrary: hostileValue, weight: 4 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ raw })), weight: 2 },
    { arbitrary: fc.tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 5 }), fc.constantFrom(...RAW_SEGMENTS)).map(([a, b]) => ({ raw: encode(a) + b })), weight: 1 },
  );
  return spoil(shaped.hostility, clean, dirty).map((v) => (v !== null && typeof v === 'object' && 'raw' in v ? String(v.raw) : encode(text(v)).slice(0, 5000)));
}

/** A wildcard's rest of the path: real media keys, now and then several odd segments and dot-dot tricks. */
function wildcardFor(known: KnownValues, hostility: Hostility): fc.Arbitrary<string> {
  const media = known.strings.filter((s) => /\.(webp|png|jpg)$/.test(s));
  const segment = fc.oneof(
    fc.constantFrom(...RAW_SEGMENTS),
    fc.string({ unit: 'grapheme', maxLength: 12 }).map(encode),
    fc.constantFrom('catalog', 'avatars', 'products', 'x.webp', 'a.png', '.hidden', '..', '%2e%2e'),
  );
  const odd = fc.array(segment, { minLength: 0, maxLength: 5 }).map((s) => s.join('/'));
  if (media.length === 0) return odd;
  return spoil(hostility, fc.oneof(fc.constantFrom(...media), fc.constantFrom(...media).map((m) => m.replace(/\.\w+$/, '.png'))), odd);
}

const MALFORMED_ESCAPES = ['%', '%zz', '%E0%A4%A', '%00', '%ff', '+%2B+', '%26%3D', '%C0%AF'];
const STRAY_QUERY_KEYS = ['__proto__', '__proto__[polluted]', 'constructor[prototype][polluted]', 'toString', 'page', 'per_page', 'q', 'id', 'w', 'lang', 'a[]', 'a[0][b]', '%', '%zz', ''];

/** A query string value, encoded; now and then with broken escapes. */
function queryValue(value: unknown, hostility: Hostility): fc.Arbitrary<string> {
  const text = typeof value === 'string' ? value : value instanceof RawJson ? value.text : value === undefined ? '' : toJson(value);
  return spoil(hostility, fc.constant(encode(text).slice(0, 20_000)), fc.constantFrom(...MALFORMED_ESCAPES));
}

/** `?a=1&b=…`: the declared params (each may be left out unless required), now and then repeated, stray keys. */
function queryFor(parameters: Parameter[], shaped: SchemaArbitraries): fc.Arbitrary<string> {
  const { hostility } = shaped;
  const declared = parameters.map((p) => {
    const one = shaped.value(p.schema, 0, p.name);
    const values = spoil(hostility, one.map((v) => (Array.isArray(v) ? v : [v])), fc.array(one, { minLength: 2, maxLength: 3 }));
    const pairs = values.chain((vs) => fc.tuple(...vs.map((v) => queryValue(v, hostility))).map((encoded) => encoded.map((v) => `${encodeURIComponent(p.name)}=${v}`)));
    return p.required ? pairs : fc.oneof(fc.constant([] as string[]), pairs);
  });
  const stray = spoil(
    hostility,
    fc.constant([] as string[]),
    fc.array(fc.tuple(fc.constantFrom(...STRAY_QUERY_KEYS), hostileString.filter((s) => s.length < 1000)).chain(([k, v]) => queryValue(v, 3).map((q) => `${k}=${q}`)), { minLength: 1, maxLength: 2 }),
  );
  return fc.tuple(fc.tuple(...declared), stray).map(([parts, more]) => {
    const all = [...parts.flat(), ...more];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

const STRANGER_AUTHORIZATIONS = ['Bearer', 'Bearer ', 'Bearer  x', `Bearer ${'f'.repeat(64)}`, 'Basic', 'Basic !!!', 'Basic UGF5Y29tOg==', 'Bearer a b', `Bearer ${'a'.repeat(5000)}`];

/** Headers the API reads (and some it does not), hostile. */
const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-lang': fc.oneof(fc.constantFrom('uz', 'ru', 'en', 'UZ', 'xx', '', 'ru-RU,ru;q=0.9'), headerText),
    'idempotency-key': fc.oneof(headerText, fc.constantFrom('a'.repeat(300), ' ', 'key key', '')),
    'x-account-type': fc.constantFrom('legal', 'individual', 'x'),
    'x-api-key': headerText,
    origin: fc.oneof(fc.constantFrom('http://localhost', 'https://evil.example', 'null', '::::', 'http://[::1'), headerText),
    referer: headerText,
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'not an ip', '999.999.999.999', '1.2.3.4, 5.6.7.8', ''),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'x'),
    range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=999999999-', 'bytes=5-1', 'bytes=0-1,2-3,4-5', 'lines=1-2'),
    'if-none-match': headerText,
    'if-modified-since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'not a date', 'Fri, 31 Dec 9999 23:59:59 GMT'),
  },
  { requiredKeys: [] },
);

export interface RequestContext {
  components: Record<string, JsonSchema>;
  known: KnownValues;
  images: Buffer[];
  /** The app answers HEAD at this GET route too. */
  hasHead: boolean;
  clickSecret: string | undefined;
}

/** One route's requests, at every hostility. */
export function requestsFor(route: RouteAccess, op: Operation | undefined, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const levels = ([0, 1, 2, 3] as const).map((hostility) => requestsAt(route, op, context, hostility));
  return hostilityLevel.chain((hostility) => levels[hostility]!);
}

export function requestsAt(route: RouteAccess, op: Operation | undefined, context: RequestContext, hostility: Hostility): fc.Arbitrary<FuzzRequest> {
  const { known } = context;
  const shaped = new SchemaArbitraries(context.components, known, hostility);
  const params = (op?.parameters ?? []).filter((p) => p.in === 'path');
  const query = (op?.parameters ?? []).filter((p) => p.in === 'query');
  const pieces = route.url.split(/(:[A-Za-z_][A-Za-z0-9_]*|\*$)/).filter((p) => p !== '');
  const path = fc.tuple(
    ...pieces.map((piece) => {
      if (piece === '*') return wildcardFor(known, hostility);
      if (!piece.startsWith(':')) return fc.constant(piece);
      const name = piece.slice(1);
      return segmentFor(params.find((p) => p.name === name)?.schema, shaped, known, name);
    }),
  );

  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  const json = shaped.value(bodySchema).map((v) => toJson(v));
  const asJson = json.map((b): Body => ({ contentType: 'application/json', body: b }));
  const asForm = shaped.value(bodySchema).map((v): Body => ({
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(Object.entries(v !== null && typeof v === 'object' ? v : { v }).map(([k, x]): [string, string] => [k, typeof x === 'string' ? x : toJson(x)])).toString(),
  }));
  const provider = route.access === 'provider' ? providerBodies(known, context.clickSecret, hostility) : undefined;
  // What a well-behaved client sends: the schema's JSON (or the same as an HTML form), or, where the route
  // declares no body, nothing, a picture, or a provider's envelope.
  const clean: fc.Arbitrary<Body> =
    provider ??
    (bodySchema
      ? fc.oneof({ arbitrary: asJson, weight: 4 }, { arbitrary: asForm, weight: 1 })
      : fc.oneof({ arbitrary: fc.constant<Body>({}), weight: 1 }, { arbitrary: asJson, weight: 1 }, { arbitrary: multipartFor(context.images, 0), weight: 2 }));
  const dirty = fc.oneof<Array<fc.WeightedArbitrary<Body>>>(
    { arbitrary: fc.constant<Body>({}), weight: 2 },
    { arbitrary: asJson, weight: 2 },
    { arbitrary: fc.constant<Body>({ contentType: 'application/json', body: '' }), weight: 1 },
    { arbitrary: fc.constantFrom('{', '{"a":', '[1,]', '{"a":1}}', 'nul', '\u0000', '\uFEFF{}', '{"a":"\\ud800"}', "{'a':1}", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}').map((b): Body => ({ contentType: 'application/json', body: b })), weight: 2 },
    { arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), json).map(([contentType, b]): Body => ({ contentType, body: b })), weight: 2 },
    { arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), hostileString).map(([contentType, b]): Body => ({ contentType, body: b })), weight: 1 },
    { arbitrary: asForm, weight: 1 },
    { arbitrary: multipartFor(context.images, 3), weight: 3 },
    { arbitrary: fc.constant<Body>({ contentType: 'application/json', body: `{"a":"${'x'.repeat(1024 * 1024)}"}` }), weight: 1 },
  );
  const takesBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const body = takesBody ? spoil(hostility, clean, dirty) : spoil(hostility, fc.constant<Body>({}), dirty);

  // A well-behaved client's headers: a language and an idempotency key; hostile ones above level 0.
  const headers = spoil(
    hostility,
    fc.record({ 'x-lang': fc.constantFrom('uz', 'ru', 'en'), 'idempotency-key': fc.uuid() }, { requiredKeys: ['idempotency-key'] }).map((h): Record<string, string> => ({ ...h })),
    hostileHeaders,
  );
  return fc
    .record({
      method: route.method === 'GET' && context.hasHead ? fc.constantFrom('GET', 'GET', 'GET', 'HEAD') : fc.constant(route.method),
      path: path.map((p) => p.join('')),
      query: queryFor(query, shaped),
      body,
      headers,
      customerVia: fc.oneof(fc.constant('bearer' as const), fc.constant('cookie-same-origin' as const), { arbitrary: fc.constant('bearer' as const), weight: 4 }, { arbitrary: fc.constant('cookie' as const), weight: 1 }),
      strangerAuthorization: spoil(hostility, fc.constant(undefined), fc.oneof(fc.constantFrom(...STRANGER_AUTHORIZATIONS), headerText)),
    })
    .map(({ method, path: p, query: q, body: b, headers: h, customerVia, strangerAuthorization }) => ({
      method,
      url: `${p}${q}`,
      headers: { ...h, ...(b.contentType !== undefined ? { 'content-type': b.contentType } : {}) },
      ...(b.body !== undefined ? { payload: b.body } : {}),
      customerVia,
      ...(strangerAuthorization !== undefined ? { strangerAuthorization } : {}),
    }));
}
