// The provider's refusals as the API classifies a card payment's failure (api/src/providers/payments/payment.ts),
// which an order's history keeps as the note of its `failed` entry and the back office puts in words. One list
// for the API and the back office.

/** Every kind; PROVIDER_UNAVAILABLE is "no answer", the others a refusal (the money did not move). */
export const PAYMENT_ERROR_KINDS = Object.freeze([
  'CARD_INVALID',
  'CARD_EXPIRED',
  'CARD_NOT_FOUND',
  'CARD_CODE_INVALID',
  'CARD_CODE_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'PAYMENT_DECLINED',
  'PROVIDER_UNAVAILABLE',
]);
