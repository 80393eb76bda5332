// The back office's form rules (zod), with messages in the staff member's language. The API checks
// everything again; these catch a typo before the round trip.
import { z } from 'zod';
import { isUzPhone } from '@bozor/shared';
import { ROLES } from '../api/types';

type T = (key: string, options?: Record<string, unknown>) => string;

export const OTP_LENGTH = 5;

export const phoneSchema = (t: T) => z.object({ phone: z.string().refine(isUzPhone, t('validation.phone')) });

export const codeSchema = (t: T) => z.object({ otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), t('validation.code')) });

/** A legal entity: its registered name and its 9-digit INN (taxpayer number). */
export const legalSchema = (t: T) =>
  z.object({
    company_name: z.string().trim().min(1, t('validation.required')).min(2, t('validation.tooShort', { min: 2 })).max(200, t('validation.tooLong')),
    // spaces dropped ("301 234 567" pasted from a document); a tenth digit is an error, never cut off
    inn: z
      .string()
      .transform((v) => v.replace(/[\s\u00a0]/g, ''))
      .pipe(z.string().regex(/^\d{9}$/, t('validation.inn'))),
  });
export type LegalValues = z.infer<ReturnType<typeof legalSchema>>;

const staffName = (t: T) => z.string().trim().min(1, t('validation.required')).min(2, t('validation.tooShort', { min: 2 })).max(100, t('validation.tooLong'));

export const staffSchema = (t: T) =>
  z
    .object({
      phone: z.string().refine(isUzPhone, t('validation.phone')),
      name: staffName(t),
      role: z.enum(ROLES, { message: t('validation.required') }),
      store_id: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.role === 'store' && !v.store_id) ctx.addIssue({ code: 'custom', path: ['store_id'], message: t('validation.store') });
    });
export type StaffValues = z.infer<ReturnType<typeof staffSchema>>;

/** A staff member's details as the owner edits them: the name (a misspelling corrected), the role and its store. */
export const staffEditSchema = (t: T) =>
  z
    .object({ name: staffName(t), role: z.enum(ROLES), store_id: z.string() })
    .superRefine((v, ctx) => {
      if (v.role === 'store' && !v.store_id) ctx.addIssue({ code: 'custom', path: ['store_id'], message: t('validation.store') });
    });
export type StaffEditValues = z.infer<ReturnType<typeof staffEditSchema>>;

/** An internal note (the API takes 2000 characters) or, with `max` 500, a status step's reason (a cancel's). */
export const noteSchema = (t: T, max = 2000) => z.object({ text: z.string().trim().min(1, t('validation.required')).max(max, t('validation.tooLong')) });
export type NoteValues = z.infer<ReturnType<typeof noteSchema>>;
