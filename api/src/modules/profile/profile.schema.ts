import { z } from 'zod';

// null or blank: "required" (a name once given is changed, never cleared), not a vague "not valid"
const personName = z
  .string({ error: (issue) => (issue.code === 'invalid_type' && issue.input === null ? 'required' : undefined) })
  .trim()
  .min(1, 'required')
  .max(60);

/** PUT /api/profile: every field optional; a field sent as null is cleared (all but the name). */
export const updateProfileBody = z.strictObject({
  name: personName.optional(),
  surname: personName.nullable().optional(),
  email: z.union([z.literal('').transform(() => null), z.email('email_invalid').max(120), z.null()]).optional(),
  birth_date: z
    .union([
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_invalid')
        .refine((value) => {
          const date = new Date(`${value}T00:00:00Z`);
          return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
        }, 'date_invalid')
        // a real day, but no one's birthday: said as such (a date picker cannot misspell it)
        .refine((value) => value >= '1900-01-01' && new Date(`${value}T00:00:00Z`) <= new Date(), 'date_out_of_range'),
      z.null(),
    ])
    .optional(),
  gender: z.enum(['male', 'female']).nullable().optional(),
  // Present so a client can be told to call support instead of silently ignoring it.
  user_type: z.enum(['individual', 'legal']).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const deletedAnswer = z.object({ deleted: z.literal(true) });
