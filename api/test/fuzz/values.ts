// JSON Schema (as the OpenAPI document has it) → fast-check arbitraries: schema-shaped values, hostile ones, and the mix of both.
import fc from 'fast-check';
import { type JsonSchema, referenced } from '../support/openapi-schema.js';

/** A JSON number written as is (`1e999`, 30 digits), which JSON.stringify cannot produce. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value: own `__proto__` keys stay keys, RawJson stays raw. */
export function toJson(value: unknown): string {
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
export function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
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
export const hostileString: fc.Arbitrary<string> = fc.oneof(
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
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileScalar, weight: 8 },
  { arbitrary: fc.array(hostileScalar, { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.dictionary(hostileString.filter((s) => s.length < 100), hostileScalar, { maxKeys: 3 }), weight: 2 },
  { arbitrary: poisoned, weight: 1 },
  { arbitrary: deep, weight: 1 },
);

/** Values found in the seeded shop (slugs, order numbers, phones, ids), so generated requests can hit real rows. */
export interface KnownValues {
  strings: string[];
  ints: number[];
  /** Values for fields and params of a given name (`phone`, `region`, `store_id`…): a way past validation into the handler. */
  byName: Record<string, Array<string | number>>;
  /** The signed-in shopper's id (a `customer:self` route's `:customerId`). */
  customerId: () => number;
}

/** How hostile one generated request is: 0 schema-shaped only (to reach the handler), 3 mostly hostile. */
export type Hostility = 0 | 1 | 2 | 3;
export const hostilityLevel: fc.Arbitrary<Hostility> = fc.oneof({ arbitrary: fc.constant<Hostility>(0), weight: 4 }, { arbitrary: fc.constant<Hostility>(1), weight: 3 }, { arbitrary: fc.constant<Hostility>(2), weight: 2 }, { arbitrary: fc.constant<Hostility>(3), weight: 1 });

/** `clean`, or at a hostility above 0 now and then (more often the higher) `dirty`. */
export function spoil<T>(hostility: Hostility, clean: fc.Arbitrary<T>, dirty: fc.Arbitrary<T>): fc.Arbitrary<T> {
  if (hostility === 0) return clean;
  return fc.oneof({ arbitrary: clean, weight: [0, 8, 3, 1][hostility] ?? 1 }, { arbitrary: dirty, weight: 1 });
}

/**
 * Arbitraries for one schema. `hostility` (0–3) sets how often a value is replaced by a hostile one:
 * 0 sends schema-shaped values only (to get past validation into the handler), 3 mostly hostile ones.
 */
export class SchemaArbitraries {
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
      const target = referenced(schema, this.components);
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
