import { cardDigits, luhnValid } from '@bozor/shared-runtime/card-number';
import { z } from 'zod';
import { dbIdParam } from '../../http/validation.js';

/**
 * "8600 0691 9540 6311" → "8600069195406311"; 16 digits, Luhn-checked. The checkout's card form runs the
 * same rule (`@bozor/shared-runtime/card-number`), so it refuses exactly what this refuses.
 */
export const cardNumber = z
  .string('card_number_invalid')
  .transform((value) => cardDigits(value))
  .refine((digits) => luhnValid(digits), 'card_number_invalid');

/** "MM/YY"; whether it is in the past is checked against the shop's clock in the service. */
export const cardExpiry = z.string('card_expiry_invalid').trim().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'card_expiry_invalid');

export const createCardBody = z.strictObject({ number: cardNumber, expire: cardExpiry });

const cardId = dbIdParam;

export const confirmCardBody = z.strictObject({
  card_id: cardId,
  code: z.string('card_code_format').trim().regex(/^\d{6}$/, 'card_code_format'),
});

export const resendCardCodeBody = z.strictObject({ card_id: cardId });
export const cardParams = z.strictObject({ id: cardId });

/** True when an "MM/YY" card is still valid on `now` (cards work to the end of their month). */
export function expiryInFuture(expire: string, now: Date): boolean {
  const [mm, yy] = expire.split('/').map(Number) as [number, number];
  const endOfMonth = Date.UTC(2000 + yy, mm, 1);
  return endOfMonth > now.getTime();
}

/** A saved card as answered (cards.service.ts): the masked number only. */
export const cardDto = z
  .object({
    id: z.number(),
    /** Masked by the provider: "860006******6311". */
    number: z.string(),
    expire: z.string(),
    /** "Uzcard", "Humo"… as the provider names it; null when it does not. */
    type: z.string().nullable(),
    verified: z.boolean(),
  })
  .meta({ id: 'SavedCard' });

/** Where the bank texted the card's code (masked phone) and the seconds before another may be asked for. */
export const codeSentAnswer = z.object({ phone: z.string(), wait: z.number() });
export const cardCreatedAnswer = codeSentAnswer.extend({ card: cardDto });
export const cardAnswer = z.object({ card: cardDto });
export const cardsAnswer = z.object({ data: z.array(cardDto) });
export const cardRemovedAnswer = z.object({ removed: z.literal(true) });
