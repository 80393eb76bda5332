import { type FastifySchemaCompiler } from 'fastify';
import { type ZodType, type core, z } from 'zod';
import { type FieldMessageKey, fieldMessages } from '../i18n/messages.js';
import { type Lang } from '../i18n/lang.js';
import { normalizeUzMobile } from '../lib/phone.js';

/** A phone in any common spacing, normalised to "+998901234567"; anything else is 'phone_invalid'. */
export const uzMobilePhone = z
  .string('phone_invalid')
  .transform((value, ctx) => {
    const phone = normalizeUzMobile(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'phone_invalid' });
      return z.NEVER;
    }
    return phone;
  });

/** A page number and size from a query string (1-based; at most 100 a page). */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
};

/** A page's `meta`, as every paged answer carries it; `last_page` is at least 1. */
export function pageMeta(page: number, perPage: number, total: number) {
  return { total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
export const pageMetaDto = z.object({ total: z.number(), page: z.number(), per_page: z.number(), last_page: z.number() });

/** A calendar date (YYYY-MM-DD) in a query string; an impossible one (2026-13-01) is a 422. */
export const isoDate = z.iso.date('date_invalid');

/** The error body every route may answer (docs/api.md "Errors"). */
export const errorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }).loose(),
});

/** A row id: a positive integer within PostgreSQL's `integer`, so a larger one is a 422, not a database error. */
export const dbId = z.number().int().positive().max(2_147_483_647);
/** The same from a path or query string. */
export const dbIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A request part (body, query, params) that failed its zod schema. */
export class RequestValidationError extends Error {
  constructor(readonly issues: core.$ZodIssue[], readonly part: string) {
    super(`invalid ${part}`);
    this.name = 'RequestValidationError';
  }
}

/**
 * Lets routes declare zod schemas in `schema: { body, querystring, params }`; the parsed
 * (coerced, trimmed) value replaces the raw one.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => (data) => {
  // reportInput: the field messages tell "missing" (input undefined) from "wrong type".
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { value: result.data };
  return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
};

/**
 * Turns zod issues into `{field: message}` in the request's language. A schema may name a
 * field message key as its custom message (e.g. `z.string().regex(…, 'phone_invalid')`).
 */
export function fieldErrors(issues: core.$ZodIssue[], lang: Lang): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = fieldMessages.unknown_field[lang];
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (fields[field]) continue;
    fields[field] = fieldMessages[messageKey(issue)][lang].replace(/\{(max|min)\}/g, (_, bound: string) => issueBound(issue, bound === 'max' ? 'maximum' : 'minimum'));
  }
  return fields;
}

/** A too_big/too_small issue's bound (a number, or a bigint written as one). */
const issueBound = (issue: core.$ZodIssue, key: 'maximum' | 'minimum') => (key in issue ? String((issue as unknown as Record<string, unknown>)[key]) : '');

function messageKey(issue: core.$ZodIssue): FieldMessageKey {
  if (issue.message in fieldMessages) return issue.message as FieldMessageKey;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  // a number is not "too long": it is more than the most it may be
  if (issue.code === 'too_big') return issue.origin === 'number' || issue.origin === 'bigint' ? 'at_most' : issue.origin === 'array' || issue.origin === 'set' ? 'too_many' : 'too_long';
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.input === '') return 'required';
  if (issue.code === 'too_small' && (issue.origin === 'number' || issue.origin === 'bigint')) return 'at_least';
  return 'invalid';
}
