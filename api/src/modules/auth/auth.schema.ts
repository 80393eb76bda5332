import { z } from 'zod';
import { uzMobilePhone } from '../../http/validation.js';

/** A solved sign-in puzzle (429 `CHALLENGE_REQUIRED` hands one out): its token and the nonce found. */
export const puzzleAnswer = z.strictObject({ token: z.string().max(64), nonce: z.string().max(32) });

export const sendOtpBody = z.strictObject({
  phone: uzMobilePhone,
  user_type: z.enum(['individual', 'legal']).default('individual'),
  puzzle: puzzleAnswer.optional(),
});

export const verifyOtpBody = z.strictObject({
  phone: uzMobilePhone,
  otp: z.string('otp_format').trim().regex(/^\d{5}$/, 'otp_format'),
});

/** The `user` object (docs/product.md "Entities"; user.dto.ts), as every endpoint answers it. */
export const userDto = z
  .object({
    id: z.number(),
    /** Never null: '' for an account whose phone was erased. */
    phone: z.string(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    email: z.string().nullable(),
    birth_date: z.string().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    user_type: z.enum(['individual', 'legal']),
    photo_url: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });

export const otpSentAnswer = z.object({ sent: z.literal(true), retry_after: z.number(), expires_in: z.number() });
export const signInAnswer = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number(), user: userDto });
export const userAnswer = z.object({ user: userDto });
export const loggedOutAnswer = z.object({ logged_out: z.literal(true) });
