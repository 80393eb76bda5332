import { z } from 'zod';
import { normalizeUzMobile } from '../../lib/phone.js';

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

export const sendOtpBody = z.strictObject({
  phone: uzMobilePhone,
  user_type: z.enum(['individual', 'legal']).default('individual'),
});
export type SendOtpBody = z.infer<typeof sendOtpBody>;

export const verifyOtpBody = z.strictObject({
  phone: uzMobilePhone,
  otp: z.string('otp_format').trim().regex(/^\d{5}$/, 'otp_format'),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;
