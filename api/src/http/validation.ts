import { type FastifySchemaCompiler } from 'fastify';
import { type ZodType, type core, z } from 'zod';
import { type FieldMessageKey, fieldMessages } from '../i18n/messages.js';
import { type Lang } from '../i18n/lang.js';

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
    fields[field] = fieldMessages[messageKey(issue)][lang];
  }
  return fields;
}

function messageKey(issue: core.$ZodIssue): FieldMessageKey {
  if (issue.message in fieldMessages) return issue.message as FieldMessageKey;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code === 'too_big') return 'too_long';
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.input === '') return 'required';
  return 'invalid';
}
