// Types of payment-errors.js (hand-written: the module is plain JavaScript so node runs it as it is).

/** Every kind of a card payment's failure; PROVIDER_UNAVAILABLE is "no answer", the others a refusal. */
export const PAYMENT_ERROR_KINDS: readonly ['CARD_INVALID', 'CARD_EXPIRED', 'CARD_NOT_FOUND', 'CARD_CODE_INVALID', 'CARD_CODE_EXPIRED', 'INSUFFICIENT_FUNDS', 'PAYMENT_DECLINED', 'PROVIDER_UNAVAILABLE'];
export type PaymentErrorKind = (typeof PAYMENT_ERROR_KINDS)[number];
