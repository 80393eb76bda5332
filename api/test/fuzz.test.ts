/**
 * Fuzz: every route of the built app, driven from its own schemas with hostile values, never answers a
 * 5xx (issue 15). The routes come from the app itself (`app.accessTable`, filled from an onRoute hook at
 * ready), so a route added later is fuzzed without touching this file; what each takes (path params,
 * query, JSON body) comes from the OpenAPI document the app builds from its zod schemas. Every generated
 * request is sent three times: as nobody, as a signed-in shopper and as the owner (staff token plus the
 * ops secret), so handlers behind every kind of access are reached. A 5xx fails the test with the route,
 * the request, the answer and the error the server logged.
 *
 * Bounded: FUZZ_RUNS generated requests per route (default 20), and the whole fuzz within FUZZ_BUDGET_MS
 * (default 25 s, shared evenly by the routes: a slow route gets fewer runs rather than a slow suite), with
 * a new random seed each run (printed on failure; FUZZ_SEED replays it). To dig deeper while working:
 * `FUZZ_RUNS=500 FUZZ_BUDGET_MS=1800000`, FUZZ_ROUTE to fuzz some routes only, FUZZ_VERBOSE for the
 * answers' statuses per route, FUZZ_TRACE for every request.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { type RouteAccess } from '../src/http/access.js';
import { type OpenApiDocument, openApiPath } from '../src/http/contract.js';
import { queryRows } from '../src/db/client.js';
import { createPgRateLimiter } from '../src/providers/limits/pg.js';
import { type RateLimiter } from '../src/providers/limits/limiter.js';
import { type TestApp, bearer, createTestApp, createTestDatabase, signIn, staffCode } from './helpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 25_000);
/** Only the routes whose `METHOD /url` contains this (while working on one). */
const ONLY = process.env.FUZZ_ROUTE;
/** Log every request and answer. */
const TRACE = Boolean(process.env.FUZZ_TRACE);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// ---------------------------------------------------------------------------------------------------
// JSON Schema (as the OpenAPI document has it) → fast-check arbitraries
// ---------------------------------------------------------------------------------------------------

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
}

/** A JSON number written as is (`1e999`, 30 digits), which JSON.stringify cannot produce. */
class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value: own `__proto__` keys stay keys, RawJson stays raw. */
function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${toJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with exactly these own keys, `__proto__` and `constructor` included. */
function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const INT32 = 2_147_483_647;
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\b', '\u000b', '\f', '\u001b[31m', '\u007f', '\u0085'];
const ODD_STRINGS = [
  '', ' ', '   ', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x1F', '1_000', '１２３', '٣', '0', '-1',
  '2147483648', '-2147483649', '4294967296', '9007199254740993', '9223372036854775808', '99999999999999999999999999', '1.5', '1e3', ' 1', '1 ',
  'true', 'false', '[]', '{}', '[object Object]', '%', '%%', '%zz', '%00', '%E0%A4%A', '../../../etc/passwd', '..', '.', '/', '\\',
  "' OR '1'='1", '"; drop table orders; --', '%_%', '\\u0000', '${7*7}', '{{7*7}}', '<script>alert(1)</script>', '\uD800', '\uDFFF',
  '\uFEFF', '\u202Eevil', '\u200B', 'A\u0301', '𝕏𝕐', '🙂'.repeat(40), 'İıß', '__proto__', 'constructor', 'prototype', 'toString',
  'hasOwnProperty', '2026-02-30', '0000-00-00', '275760-09-14', '+998', '+998 90 123 45 67 89', 'tashkent', 'courier', 'pickup',
];
/** JSON numbers JavaScript reads badly: beyond int32/int64, beyond a double, negative zero, tiny. */
const RAW_NUMBERS = ['1e999', '-1e999', '123456789012345678901234567890', '9223372036854775808', '-9223372036854775809', '1.0000000000000000001', '-0', '5e-324', '2147483648', '-2147483649', '1E2', '0.1e1'];

/** Strings an attacker or a broken client sends. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 5 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 8 })).map((p) => p.join('')), weight: 3 },
  // long: past every maxLength; now and then past the 1 MB body limit
  { arbitrary: fc.tuple(fc.constantFrom('a', 'я', '🙂', '0', ' ', '%'), fc.constantFrom(201, 2_000, 70_000, 300_000)).map(([c, n]) => c.repeat(n)), weight: 2 },
);

const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(INT32, INT32 + 1, -INT32 - 2, 2 ** 32, 2 ** 53, 2 ** 63, -1, 0, -0, 0.5, 1.5, -2.5, 1e21, 1e308, -1e308, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)),
);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** Prototype-pollution shapes, as own keys. */
const poisoned: fc.Arbitrary<unknown> = fc.constantFrom(
  objectOf([['__proto__', { polluted: true, isAdmin: true }]]),
  objectOf([['constructor', { prototype: { polluted: true } }]]),
  objectOf([['__proto__', null]]),
  objectOf([['prototype', { polluted: true }], ['toString', 'x'], ['hasOwnProperty', 1], ['valueOf', {}]]),
);

/** Nesting far deeper than any request the API takes. */
const deep: fc.Arbitrary<unknown> = fc.constantFrom(20, 200, 3000).chain((depth) =>
  fc.constantFrom(new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`), new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
);

/** Any hostile JSON value: scalars, the wrong container, poison keys, deep nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileScalar, weight: 8 },
  { arbitrary: fc.array(hostileScalar, { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.dictionary(hostileString.filter((s) => s.length < 100), hostileScalar, { maxKeys: 3 }), weight: 2 },
  { arbitrary: poisoned, weight: 1 },
  { arbitrary: deep, weight: 1 },
);

/** Values found in the seeded shop (slugs, order numbers, phones, ids), so generated requests can hit real rows. */
interface KnownValues {
  strings: string[];
  ints: number[];
  /** Values for fields and params of a given name (`phone`, `region`, `store_id`…): a way past validation into the handler. */
  byName: Record<string, Array<string | number>>;
  /** The signed-in shopper's id (a `customer:self` route's `:customerId`). */
  customerId: () => number;
}

/** How hostile one generated request is: 0 schema-shaped only (to reach the handler), 3 mostly hostile. */
type Hostility = 0 | 1 | 2 | 3;
const hostilityLevel: fc.Arbitrary<Hostility> = fc.oneof({ arbitrary: fc.constant<Hostility>(0), weight: 4 }, { arbitrary: fc.constant<Hostility>(1), weight: 3 }, { arbitrary: fc.constant<Hostility>(2), weight: 2 }, { arbitrary: fc.constant<Hostility>(3), weight: 1 });

/** `clean`, or at a hostility above 0 now and then (more often the higher) `dirty`. */
function spoil<T>(hostility: Hostility, clean: fc.Arbitrary<T>, dirty: fc.Arbitrary<T>): fc.Arbitrary<T> {
  if (hostility === 0) return clean;
  return fc.oneof({ arbitrary: clean, weight: [0, 8, 3, 1][hostility] ?? 1 }, { arbitrary: dirty, weight: 1 });
}

/**
 * Arbitraries for one schema. `hostility` (0–3) sets how often a value is replaced by a hostile one:
 * 0 sends schema-shaped values only (to get past validation into the handler), 3 mostly hostile ones.
 */
class SchemaArbitraries {
  constructor(private readonly components: Record<string, JsonSchema>, private readonly known: KnownValues, readonly hostility: Hostility) {}

  /** A value for `schema` (of a field or param called `name`): schema-shaped or the shop's own, now and then hostile. */
  value(schema: JsonSchema | undefined, depth = 0, name?: string): fc.Arbitrary<unknown> {
    const shaped = this.shaped(schema ?? {}, depth, name);
    const hints = name === 'customerId' ? [fc.constant(null).map(() => this.known.customerId())] : name && this.known.byName[name] ? [fc.constantFrom(...this.known.byName[name])] : [];
    const clean = hints.length > 0 && (schema?.type !== 'array') ? fc.oneof({ arbitrary: shaped, weight: 1 }, { arbitrary: hints[0]!, weight: 2 }) : shaped;
    if (this.hostility === 0) return clean;
    return fc.oneof({ arbitrary: clean, weight: 16 }, { arbitrary: hostileValue, weight: [0, 1, 4, 12][this.hostility] ?? 1 });
  }

  /** A value that fits `schema` (as far as its JSON Schema tells). */
  shaped(schema: JsonSchema, depth: number, name?: string): fc.Arbitrary<unknown> {
    if (depth > 8) return fc.constant(null);
    if (schema.$ref) {
      const target = this.components[schema.$ref.replace('#/components/schemas/', '')];
      return target ? this.shaped(target, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    }
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const union = schema.anyOf ?? schema.oneOf;
    if (union && union.length > 0) return fc.oneof(...union.map((s) => this.value(s, depth + 1, name)));
    if (schema.allOf?.[0]) return this.shaped(schema.allOf[0], depth + 1);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => this.shaped({ ...schema, type }, depth, name)));
    const type = types[0] ?? 'any';
    switch (type) {
      case 'string':
        return this.string(schema);
      case 'integer':
        return this.number(schema, true);
      case 'number':
        return this.number(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.value(schema.items, depth + 1, name), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)) });
      case 'object':
        return this.object(schema, depth);
      default:
        // no schema: anything JSON
        return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileValue);
    }
  }

  private string(schema: JsonSchema): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0;
    const max = Math.max(min, Math.min(schema.maxLength ?? 40, 300));
    const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
    let shaped: fc.Arbitrary<string> = fc.string({ minLength: min, maxLength: max });
    if (schema.format === 'date') shaped = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    else if (schema.format === 'date-time') shaped = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    else if (schema.format === 'email') shaped = fc.emailAddress();
    else if (schema.pattern) {
      try {
        shaped = fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, schema.maxLength ?? s.length));
      } catch {
        // a pattern fast-check cannot generate from: plain strings
      }
    }
    const pattern = schema.pattern ? safeRegExp(schema.pattern) : null;
    const known = this.known.strings.filter((s) => fits(s) && (!pattern || pattern.test(s)));
    return known.length > 0 ? fc.oneof({ arbitrary: shaped, weight: 2 }, { arbitrary: fc.constantFrom(...known), weight: 1 }) : shaped;
  }

  private number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
    const lowest = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : schema.minimum;
    const highest = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : schema.maximum;
    if (!integer) return fc.double({ min: lowest ?? -1e9, max: highest ?? 1e9, noNaN: true, noDefaultInfinity: true });
    const min = Math.max(lowest ?? -INT32 - 1, Number.MIN_SAFE_INTEGER);
    const max = Math.min(highest ?? INT32, Number.MAX_SAFE_INTEGER);
    const known = this.known.ints.filter((n) => n >= min && n <= max);
    const shaped = fc.integer({ min, max });
    const small = fc.integer({ min: Math.max(min, -5), max: Math.min(max, Math.max(min, -5) + 60) });
    return known.length > 0 ? fc.oneof(shaped, small, fc.constantFrom(...known)) : fc.oneof(shaped, small);
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    const declared = fc.tuple(
      ...properties.map(([key, property]) =>
        fc.tuple(fc.constant(key), this.value(property, depth + 1, key), required.has(key) ? fc.constant(true) : fc.boolean()),
      ),
    );
    const extra =
      typeof schema.additionalProperties === 'object'
        ? fc.array(fc.tuple(schema.propertyNames ? (this.value(schema.propertyNames, depth + 1) as fc.Arbitrary<string>).filter((k) => typeof k === 'string') : fc.string({ maxLength: 12 }), this.value(schema.additionalProperties, depth + 1)), { maxLength: 3 })
        : fc.constant([] as Array<[string, unknown]>);
    // Now and then a required key goes missing or an unknown (or poisonous) one comes along.
    const stray = spoil(this.hostility, fc.constant([] as Array<[string, unknown]>), fc.tuple(fc.constantFrom('__proto__', 'constructor', 'unknown_field', 'id', 'role', 'status'), hostileValue).map((entry) => [entry]));
    const dropOne = spoil(this.hostility, fc.constant(-1), fc.nat(Math.max(0, properties.length - 1)));
    return fc.tuple(declared, extra, stray, dropOne).map(([fields, more, odd, drop]) =>
      objectOf([...fields.filter(([, , present], i) => present && i !== drop).map(([key, value]): [string, unknown] => [key, value]), ...more, ...odd]),
    );
  }
}

function safeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

interface FuzzRequest {
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

/** Image bytes: real (PNG, JPEG, WebP, made at start-up), cut, bit-flipped, lying about their type. */
function imageBytes(images: Buffer[]): fc.Arbitrary<Buffer> {
  return fc.oneof(
    fc.constantFrom(...images),
    fc.tuple(fc.constantFrom(...images), fc.nat()).map(([img, n]) => img.subarray(0, n % img.length)),
    fc.tuple(fc.constantFrom(...images), fc.nat(), fc.integer({ min: 1, max: 255 })).map(([img, at, x]) => {
      const copy = Buffer.from(img);
      const i = 16 + (at % Math.max(1, copy.length - 16));
      copy[i] = (copy[i] ?? 0) ^ x;
      return copy;
    }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.alloc(0)),
    fc.constant(Buffer.alloc(5 * 1024 * 1024 + 10, 0x41)),
  );
}

const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

/** Multipart bodies: one picture as a browser sends it (hostility 0), or odd parts and every malformation busboy can meet. */
function multipartFor(images: Buffer[], hostility: Hostility): fc.Arbitrary<Body> {
  const boundary = fc.constantFrom('XyZ', '----b0und4ry', 'a'.repeat(70));
  const wrap = (parts: Buffer[], b: string): Body => ({
    contentType: `multipart/form-data; boundary=${b}`,
    body: Buffer.concat([...parts.flatMap((p) => [Buffer.from(`--${b}\r\n`), p, Buffer.from('\r\n')]), Buffer.from(`--${b}--\r\n`)]),
  });
  const part = (name: string, filename: string, mime: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\n${mime ? `Content-Type: ${mime}\r\n` : ''}\r\n`), data]);
  const names = ['photo', 'file', 'image', 'upload'];
  if (hostility === 0) {
    return fc.tuple(fc.constantFrom(...names), fc.constantFrom(...images), boundary).map(([name, image, b]) => wrap([part(name, 'picture.png', 'image/png', image)], b));
  }
  const name = fc.oneof(fc.constantFrom(...names, '__proto__', ''), headerText);
  const filename = fc.oneof(fc.constantFrom('a.png', 'a.jpg', '../../etc/passwd', 'a.php', '', '.', '🙂.png', 'a'.repeat(300)), headerText);
  const mime = fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'text/plain', 'application/octet-stream', '', 'image/png; charset=x');
  const filePart = fc.tuple(name, filename, mime, imageBytes(images)).map(([n, f, m, data]) => part(n, f, m, data));
  const fieldPart = fc.tuple(name, hostileString.filter((s) => s.length < 5000)).map(([n, v]) => Buffer.from(`Content-Disposition: form-data; name="${n}"\r\n\r\n${v}`));
  const oddPart = fc.constantFrom(Buffer.from('Content-Disposition: form-data\r\n\r\nx'), Buffer.from('Content-Type: image/png\r\n\r\nx'), Buffer.from('no headers at all'), Buffer.from('Content-Disposition: attachment; name=photo; filename=a.png\r\n\r\n'));
  const wellFormed = fc.tuple(fc.array(fc.oneof(filePart, fieldPart, oddPart), { minLength: 0, maxLength: 14 }), boundary).map(([parts, b]) => wrap(parts, b));
  const malformed = fc.oneof(
    fc.constant<Body>({ contentType: 'multipart/form-data', body: Buffer.from('x') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary=', body: Buffer.from('--\r\n\r\n') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary=XYZ', body: Buffer.from('--ABC\r\nContent-Disposition: form-data; name="photo"\r\n\r\nx\r\n--ABC--') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary=XYZ', body: Buffer.alloc(0) }),
    fc.constant<Body>({ contentType: 'multipart/mixed; boundary=XYZ', body: Buffer.from('--XYZ--') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary="unterminated', body: Buffer.from('--unterminated--') }),
    wellFormed.chain(({ contentType, body }) => fc.nat().map((n): Body => ({ contentType, body: (body as Buffer).subarray(0, n % Math.max(1, (body as Buffer).length)) }))),
  );
  return fc.oneof(wellFormed, malformed);
}

const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/xml', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/jsonp', 'application/merge-patch+json', 'APPLICATION/JSON', 'application/json;;;',
  ';', 'a/b/c', '*/*', 'image/png',
];

/**
 * The payment providers' envelopes for `provider` routes (which take raw bodies, no schema): Payme's
 * JSON-RPC and Click's form, signed with the sandbox's secret half the time so the checks behind the
 * signature are reached too.
 */
function providerBodies(known: KnownValues, clickSecret: string | undefined, hostility: Hostility): fc.Arbitrary<Body> {
  const hinted = (name: string, fallback: fc.Arbitrary<unknown>) => (known.byName[name] ? fc.oneof(fc.constantFrom(...known.byName[name]), fallback) : fallback);
  const value = (name: string, fallback: fc.Arbitrary<unknown>) => spoil(hostility, hinted(name, fallback), hostileValue);
  const methods = ['CheckPerformTransaction', 'CreateTransaction', 'PerformTransaction', 'CancelTransaction', 'CheckTransaction', 'GetStatement', 'SetFiscalData'];
  const params = fc.record(
    {
      id: value('transaction', fc.string({ minLength: 1, maxLength: 30 })),
      time: value('time', fc.integer({ min: 0, max: 2 ** 42 })),
      amount: value('tiyin', fc.integer({ min: 1, max: 10 ** 11 })),
      reason: value('reason', fc.integer({ min: -10, max: 10 })),
      from: value('time', fc.integer({ min: 0, max: 2 ** 42 })),
      to: value('time', fc.integer({ min: 0, max: 2 ** 42 })),
      type: value('type', fc.constantFrom('PERFORM', 'CANCEL')),
      account: spoil(hostility, fc.record({ order_id: hinted('number', fc.string()) }, { requiredKeys: [] }), hostileValue),
      fiscal_data: spoil(hostility, fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), hostileValue),
    },
    { requiredKeys: [] },
  );
  const payme = fc
    .record({
      jsonrpc: spoil(hostility, fc.constant('2.0'), hostileValue),
      id: spoil(hostility, fc.oneof(fc.integer(), fc.string()), hostileValue),
      method: spoil(hostility, fc.constantFrom(...methods), fc.oneof(fc.constantFrom('ChangePassword', '__proto__', 'constructor', 'toString', 'hasOwnProperty'), hostileValue)),
      params: spoil(hostility, params, hostileValue),
    }, { requiredKeys: hostility === 0 ? ['jsonrpc', 'id', 'method', 'params'] : [] })
    .map((rpc): Body => ({ contentType: 'application/json', body: toJson(rpc) }));
  const field = (name: string, fallback: fc.Arbitrary<string>) => spoil(hostility, hinted(name, fallback).map(String), hostileString.filter((s) => s.length < 2000));
  const digits = fc.integer({ min: 1, max: 10 ** 9 }).map(String);
  const click = fc
    .tuple(
      fc.record(
        {
          click_trans_id: field('click_trans_id', digits),
          service_id: field('service_id', fc.constant('1')),
          click_paydoc_id: field('click_paydoc_id', digits),
          merchant_trans_id: field('number', digits),
          merchant_prepare_id: field('merchant_prepare_id', digits),
          amount: field('sum', fc.constantFrom('1000', '1000.00', '0.5')),
          action: field('action', fc.constantFrom('0', '1')),
          error: field('error', fc.constantFrom('0', '-1', '-5017')),
          error_note: field('error_note', fc.string()),
          sign_time: field('sign_time', fc.constant('2026-11-22 14:00:00')),
        },
        { requiredKeys: hostility === 0 ? ['click_trans_id', 'service_id', 'click_paydoc_id', 'merchant_trans_id', 'amount', 'action', 'error', 'sign_time'] : [] },
      ),
      fc.boolean(),
      fc.stringMatching(/^[0-9a-f]{32}$/),
    )
    .map(([form, signed, forged]): Body => {
      const f: Record<string, string | undefined> = form;
      const parts = [f.click_trans_id, f.service_id, clickSecret, f.merchant_trans_id, ...(f.action === '1' ? [f.merchant_prepare_id] : []), f.amount, f.action, f.sign_time];
      const fields = Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => e[1] !== undefined));
      fields.sign_string = signed && clickSecret ? crypto.createHash('md5').update(parts.map((p) => p ?? '').join('')).digest('hex') : forged;
      return { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() };
    });
  return fc.oneof(payme, click);
}

/** A request body and its Content-Type, either of which may be missing. */
interface Body {
  contentType?: string;
  body?: string | Buffer;
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

interface RequestContext {
  components: Record<string, JsonSchema>;
  known: KnownValues;
  images: Buffer[];
  /** The app answers HEAD at this GET route too. */
  hasHead: boolean;
  clickSecret: string | undefined;
}

/** One route's requests, at every hostility. */
function requestsFor(route: RouteAccess, op: Operation | undefined, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const levels = ([0, 1, 2, 3] as const).map((hostility) => requestsAt(route, op, context, hostility));
  return hostilityLevel.chain((hostility) => levels[hostility]!);
}

function requestsAt(route: RouteAccess, op: Operation | undefined, context: RequestContext, hostility: Hostility): fc.Arbitrary<FuzzRequest> {
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

// ---------------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------------

/** Counts every event for real (the limiter's queries run on fuzzed keys) but never refuses, so limits do not hide handlers. */
function neverRefusing(limiter: RateLimiter): RateLimiter {
  return {
    consume: async (key, limit, windowS) => ({ ...(await limiter.consume(key, limit, windowS)), allowed: true }),
    refund: (key) => limiter.refund(key),
    close: () => limiter.close(),
  };
}

/** An error's stack, and its causes' messages (a database error's reason is in the cause). */
function errorChain(err: unknown): string {
  const lines: string[] = [];
  for (let e = err, depth = 0; e !== undefined && depth < 5; e = e instanceof Error ? e.cause : undefined, depth++) {
    lines.push(depth === 0 ? (e instanceof Error ? e.stack ?? e.message : String(e)) : `caused by: ${e instanceof Error ? e.message : String(e)}`);
  }
  return lines.join('\n');
}

const clip = (text: string, max = 1500) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

describe('fuzz: every route, generated hostile input, never a 5xx (pglite)', () => {
  let t: TestApp;
  let closeDatabase: () => Promise<void>;
  let doc: OpenApiDocument;
  let known: KnownValues;
  let images: Buffer[];
  const identity = { customerToken: '', customerId: 0, staffToken: '' };
  let phones = 0;
  /** The error the app last handled (its stack goes into a failure's report). */
  let lastError: unknown;
  /** `METHOD /route` of every request that got past the access check. */
  const pastAccess = new Set<string>();

  const nextPhone = () => `+99893${String(1_000_000 + phones++).slice(-7)}`;

  async function signInCustomer(): Promise<void> {
    identity.customerToken = await signIn(t, nextPhone());
    identity.customerId = (await t.app.inject({ url: '/api/auth/user', headers: bearer(identity.customerToken) })).json().user.id;
  }
  async function signInOwner(): Promise<void> {
    const phone = nextPhone();
    await t.app.services.staff.add({ command: 'fuzz' }, { phone, name: 'Fuzz Owner', role: 'owner', storeId: null }, 'en');
    const sent = await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } });
    if (sent.statusCode !== 200) throw new Error(`staff send-otp ${sent.statusCode}: ${sent.body}`);
    const verified = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    if (verified.statusCode !== 200) throw new Error(`staff verify-otp ${verified.statusCode}: ${verified.body}`);
    identity.staffToken = verified.json().token;
  }
  /** The fuzz may log either out, delete the shopper, block them or demote the owner: sign in afresh then. */
  async function keepSignedIn(): Promise<void> {
    const user = await t.app.inject({ url: '/api/auth/user', headers: bearer(identity.customerToken) });
    if (user.statusCode !== 200) await signInCustomer();
    const me = await t.app.inject({ url: '/api/admin/me', headers: bearer(identity.staffToken) });
    if (me.statusCode !== 200 || !JSON.stringify(me.json()).includes('"owner"')) await signInOwner();
  }

  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    closeDatabase = database.close;
    const clock = { now: () => new Date('2026-11-22T09:00:00Z') };
    t = await createTestApp('pglite', { seed: true, database, limiter: neverRefusing(createPgRateLimiter({ db: database.db, clock })) });
    t.app.addHook('onError', async (_request, _reply, error) => {
      lastError = error;
    });
    // Past the access check (which answers in onRequest): the route's own parsing, validation and handler run.
    t.app.addHook('preParsing', async (request) => {
      if (!request.is404) pastAccess.add(`${request.method} ${request.routeOptions.url}`);
    });
    await t.app.ready();
    doc = t.app.openApi();
    await signInCustomer();
    await signInOwner();

    // Rows for generated requests to hit: the shopper's order and card, the catalogue's slugs and pictures.
    const [product] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id from products p where p.status = 'active' and p.visible_to is null and p.total_quantity >= 3 order by p.id limit 1`,
    );
    for (const method of ['cash', 'click', 'payme']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...bearer(identity.customerToken), 'idempotency-key': `fuzz-setup-${method}` },
        payload: { items: [{ product_id: product?.id ?? 1, quantity: 1 }], delivery: { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' }, receiver: { name: 'Fuzz', surname: 'Fuzzer', phone: '+998901234567' }, payment: { method } },
      });
    }
    await t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers: bearer(identity.customerToken), payload: { number: '8600 0691 9540 6311', expire: '03/99' } });
    const text = (q: ReturnType<typeof sql>) => queryRows<{ v: string | null }>(t.database.db, q).then((rows) => rows.flatMap((r) => (r.v === null ? [] : [r.v])));
    const ints = (q: ReturnType<typeof sql>) => queryRows<{ v: number | string }>(t.database.db, q).then((rows) => rows.map((r) => Number(r.v)));
    const orderNumbers = await text(sql`select number as v from orders order by id limit 6`);
    const totals = await ints(sql`select total as v from orders order by id limit 6`);
    const productSlugs = await text(sql`select slug as v from products order by id limit 8`);
    const categorySlugs = await text(sql`select slug as v from categories order by id limit 6`);
    const brandSlugs = await text(sql`select slug as v from brands order by id limit 4`);
    const blogSlugs = await text(sql`select slug as v from blogs order by id limit 3`);
    const pageSlugs = await text(sql`select slug as v from info_pages order by slug limit 3`);
    const regions = await text(sql`select slug as v from delivery_regions order by slug limit 3`);
    const cities = await text(sql`select c->>'slug' as v from delivery_regions r, jsonb_array_elements(r.cities) c order by r.slug limit 6`);
    const phonesKnown = [...(await text(sql`select phone as v from customers order by id limit 2`)), ...(await text(sql`select phone as v from staff order by id limit 2`)), '+998901234567', '+998 90 123 45 67'];
    const words = await text(sql`select split_part(name->>'en', ' ', 1) as v from products order by popularity desc limit 4`);
    const productIds = await ints(sql`select id as v from products where status = 'active' order by total_quantity desc limit 4`);
    const variantIds = await ints(sql`select id as v from variants order by id limit 3`);
    const storeIds = await ints(sql`select id as v from stores order by id limit 2`);
    const cardIds = await ints(sql`select id as v from payment_cards order by id limit 2`);
    const rowIds = [...(await ints(sql`select id as v from customers order by id limit 2`)), ...(await ints(sql`select id as v from staff order by id limit 2`)), ...cardIds];
    const media = await text(sql`select images->>0 as v from products where jsonb_array_length(images) > 0 order by id limit 3`);
    const byName: KnownValues['byName'] = {
      phone: phonesKnown,
      slug: [...productSlugs, ...categorySlugs, ...blogSlugs, ...pageSlugs],
      category: categorySlugs,
      brands: brandSlugs,
      q: [...words, 'choynak', 'чайник'],
      number: [...orderNumbers, '8600 0691 9540 6311'],
      tid: orderNumbers,
      orderId: orderNumbers,
      order: orderNumbers,
      region: regions,
      city: cities,
      product_id: productIds,
      variant_id: variantIds,
      store_id: storeIds,
      card_id: cardIds,
      id: rowIds,
      staff_id: rowIds,
      expire: ['03/99', '12/30'],
      otp: ['12345', '00000'],
      code: ['123456', '666666'],
      quantity: [1, 2],
      name: ['Ali', 'Dilnoza'],
      surname: ['Karimova', 'Valiyev'],
      address: ['Bunyodkor 12'],
      tiyin: totals.map((total) => total * 100),
      sum: totals.map(String),
    };
    known = {
      strings: [...new Set([...productSlugs, ...categorySlugs, ...brandSlugs, ...blogSlugs, ...pageSlugs, ...regions, ...orderNumbers, ...phonesKnown, ...media, '2026-11-22'])],
      ints: [...new Set([...productIds, ...variantIds, ...storeIds, ...rowIds, ...(await ints(sql`select id as v from orders order by id limit 3`)), 1, 160])],
      byName,
      customerId: () => identity.customerId,
    };
    const square = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } });
    images = await Promise.all([square.clone().png().toBuffer(), square.clone().jpeg().toBuffer(), square.clone().webp().toBuffer()]);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await closeDatabase?.();
  });

  test('what the fuzz found stays fixed', async () => {
    await keepSignedIn();
    const owner = { ...bearer(identity.staffToken), 'x-lang': 'en' };
    // A price bound past PostgreSQL's integer failed the catalogue query: now it is the largest price there
    // can be (nothing costs more), and a bound past a safe integer is a 422.
    const filter = await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: { price_min: 7_861_661_132, q: 'choynak' } });
    expect([filter.statusCode, filter.json().meta.total]).toEqual([200, 0]);
    const unsafe = await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: { price_min: 2 ** 60 } });
    expect([unsafe.statusCode, Object.keys(unsafe.json().error.fields ?? {})]).toEqual([422, ['price_min']]);
    // A staff member's store that does not exist broke the foreign key.
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: owner, payload: { phone: nextPhone(), name: 'Store Person', role: 'store', store_id: 1_495_340_416 } });
    expect([added.statusCode, added.json().error.fields]).toEqual([422, { store_id: 'This value is not valid.' }]);
    const manager = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: owner, payload: { phone: nextPhone(), name: 'Manager', role: 'manager' } });
    expect(manager.statusCode).toBe(201);
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/admin/staff/${manager.json().staff.id}`, headers: owner, payload: { role: 'store', store_id: 1_495_340_416 } });
    expect([moved.statusCode, moved.json().error.fields]).toEqual([422, { store_id: 'This value is not valid.' }]);
    // A provider's id that JSON reads as Infinity was echoed back, outside the answer's schema.
    const click = await t.app.inject({ method: 'POST', url: '/api/payments/click/prepare', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'click_trans_id=-Infinity&action=0' });
    expect([click.statusCode, click.json().click_trans_id, click.json().error]).toEqual([200, 0, -8]);
    const paycom = { authorization: `Basic ${Buffer.from(`Paycom:${t.app.config.checkout.payme?.key}`).toString('base64')}`, 'content-type': 'application/json' };
    const payme = await t.app.inject({ method: 'POST', url: '/api/payments/payme/merchant', headers: paycom, payload: '{"jsonrpc":"2.0","id":1e999,"method":"CheckTransaction","params":{"id":"x"}}' });
    expect([payme.statusCode, payme.json().id, payme.json().error?.code]).toEqual([200, null, -31003]);
  });

  test('no route answers a 5xx to anybody', async () => {
    const table = t.app.accessTable;
    // HEAD twins of GET routes are fuzzed with them (a GET route's requests are HEAD now and then).
    const routes = table
      .filter((r) => !(r.method === 'HEAD' && table.some((g) => g.method === 'GET' && g.url === r.url)))
      .filter((r) => !ONLY || `${r.method} ${r.url}`.includes(ONLY));
    const clickSecret = t.app.config.checkout.click?.secretKey;
    const paymeKey = t.app.config.checkout.payme?.key;
    const failures: string[] = [];
    const statuses: Record<string, Record<string, number>> = {};
    /** Routes that gave an answer other than 401/403 (a request the access check let through). */
    const answered = new Set<string>();

    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const op = (doc.paths[openApiPath(route.url)] as Record<string, Operation> | undefined)?.[route.method.toLowerCase()];
      const context: RequestContext = { components: (doc.components.schemas ?? {}) as Record<string, JsonSchema>, known, images, hasHead: table.some((r) => r.method === 'HEAD' && r.url === route.url), clickSecret };
      const arbitrary = requestsFor(route, op, context);
      const seed = SEED ?? crypto.randomInt(2 ** 31);
      const [first] = fc.sample(requestsAt(route, op, context, 0), { numRuns: 1, seed });
      await keepSignedIn();

      const send = async (request: FuzzRequest, who: string, auth: Record<string, string>): Promise<void> => {
        const options: InjectOptions = { method: request.method as InjectOptions['method'], url: request.url, headers: { ...request.headers, ...auth }, ...(request.payload !== undefined ? { payload: request.payload } : {}) };
        lastError = undefined;
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject(options);
        } catch (err) {
          throw new Error(`${name} as ${who}: inject threw\n${describeRequest(options)}`, { cause: err });
        }
        if (TRACE) console.log(`${describeRequest(options)}\n→ ${who} ${res.statusCode} ${clip(res.body, 400)}`);
        if (![401, 403].includes(res.statusCode) && !res.body.includes('ROUTE_NOT_FOUND')) answered.add(name);
        const counts = (statuses[name] ??= {});
        counts[`${who}:${res.statusCode}`] = (counts[`${who}:${res.statusCode}`] ?? 0) + 1;
        if (res.statusCode >= 500) {
          const cause = errorChain(lastError);
          throw new Error(`${name} as ${who} → ${res.statusCode}\n${describeRequest(options)}\nanswer: ${clip(res.body)}\nserver error: ${clip(cause, 3000)}`);
        }
      };

      const sendAll = async (request: FuzzRequest): Promise<void> => {
        const cookie = { cookie: `bozor_session=${identity.customerToken}` };
        const customer: Record<string, string> =
          request.customerVia === 'bearer' ? bearer(identity.customerToken) : request.customerVia === 'cookie' ? cookie : { ...cookie, origin: 'http://localhost' };
        await send(request, 'nobody', request.strangerAuthorization !== undefined ? { authorization: request.strangerAuthorization } : {});
        await send(request, 'shopper', customer);
        await send(request, 'owner', { ...bearer(identity.staffToken), 'x-ops-secret': t.app.opsSecret });
        if (route.access === 'provider' && paymeKey) await send(request, 'payme', { authorization: `Basic ${Buffer.from(`Paycom:${paymeKey}`).toString('base64')}` });
      };

      // The first request is a well-behaved one, however few runs the time budget leaves the route.
      try {
        if (first) await sendAll({ ...first, customerVia: 'bearer' });
      } catch (err) {
        failures.push(`${(err as Error).message}\n(seed ${seed}, the well-behaved first request)`);
        continue;
      }
      const result = await fc.check(fc.asyncProperty(arbitrary, sendAll), { numRuns: RUNS, seed, endOnFailure: true, interruptAfterTimeLimit: BUDGET_MS / routes.length });
      // Interrupted by the time budget is not a failure; a request that got a 5xx is.
      if (result.failed && result.errorInstance !== null) {
        failures.push(`${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n(seed ${result.seed}, path ${result.counterexamplePath})`);
      }
    }

    if (process.env.FUZZ_VERBOSE) console.log(Object.entries(statuses).map(([n, c]) => `${n}: ${Object.entries(c).sort().map(([k, v]) => `${k}×${v}`).join(' ')}`).join('\n'));
    expect(failures).toEqual([]);
    // Every route was fuzzed past its access check, not just bounced off it: the app saw the request past
    // the check, or the route answered something else than 401/403.
    const reached = (r: RouteAccess) => answered.has(`${r.method} ${r.url}`) || pastAccess.has(`${r.method} ${r.url}`) || (r.method === 'GET' && pastAccess.has(`HEAD ${r.url}`));
    expect(routes.filter((r) => !reached(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  }, 120_000 + BUDGET_MS);
});

function describeRequest(options: InjectOptions): string {
  const payload = options.payload;
  const body = payload === undefined ? '(none)' : Buffer.isBuffer(payload) ? clip(payload.toString('latin1')) : clip(String(payload));
  return `request: ${String(options.method)} ${clip(String(options.url), 2000)}\nheaders: ${clip(JSON.stringify(options.headers))}\nbody: ${body}`;
}
