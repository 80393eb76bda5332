// the kinds are one list with the back office's (it puts a failed payment's kind in words)
import { PAYMENT_ERROR_KINDS, type PaymentErrorKind } from '@bozor/shared-runtime/payment-errors';

/** A card as the payment provider describes it; never the full number. */
export interface ProviderCard {
  /** The provider's reusable token for this card. */
  token: string;
  /** Masked number, e.g. "860006******6311". */
  number: string;
  /** "MM/YY". */
  expire: string;
  verified: boolean;
  /** Card network as the provider names it (Uzcard, Humo …). */
  type: string | null;
}

/** One line of a fiscal receipt (Payme `detail.items`), money in tiyin. */
export interface ReceiptItem {
  title: string;
  /** Price of one unit in tiyin (so'm × 100). */
  price: number;
  count: number;
  /** MXIK (ИКПУ) code. */
  code: string;
  /** Package code. */
  packageCode: string;
  vatPercent: number;
}

export interface ReceiptRequest {
  orderId: string;
  /** Total in tiyin: the items plus shipping. */
  amount: number;
  items: ReceiptItem[];
  shipping?: { title: string; price: number };
}

export type { PaymentErrorKind };

/** A refusal from the provider, classified so the shop can tell the shopper what happened. */
export class PaymentError extends Error {
  constructor(readonly kind: PaymentErrorKind, detail: string, options?: { cause?: unknown }) {
    super(`payment ${kind}: ${detail}`, options);
    this.name = 'PaymentError';
  }
}

/**
 * True when the provider answered and said no: the money did not move. Everything else (time-out,
 * network error, 5xx, an answer the shop cannot read, any unexpected error) leaves the outcome
 * unknown: the request may have reached the provider and the card may have been charged.
 */
export function isDefiniteRefusal(err: unknown): err is PaymentError {
  return err instanceof PaymentError && isRefusalKind(err.kind);
}

/** The same, for a kind as an order's history keeps it (the note of its `failed` entry); null: no note. */
export function isRefusalKind(kind: string | null): boolean {
  return kind !== null && kind !== 'PROVIDER_UNAVAILABLE' && (PAYMENT_ERROR_KINDS as readonly string[]).includes(kind);
}

/**
 * Where a receipt stands at the provider, reduced to what the shop acts on:
 * `unpaid` created and still payable; `processing` the provider is still working on it (or holds it
 * for a person); `paid` the money moved; `cancelling` queued for cancellation (a refund under way);
 * `cancelled` cancelled for good (never paid, or paid and refunded).
 */
export type ReceiptStatus = 'unpaid' | 'processing' | 'paid' | 'cancelling' | 'cancelled';

export interface ReceiptState {
  status: ReceiptStatus;
  /** The provider's own state code, for the log. */
  state: number;
}

/**
 * Card payments (Payme Subscribe API semantics): tokenise a card, confirm it with the code the
 * bank texts to the card's phone, then create and pay receipts with the token.
 */
export interface PaymentProvider {
  /** `none`: PAYMENT_PROVIDER=none, no card is ever saved with it (none.ts). */
  readonly name: 'sandbox' | 'payme' | 'none';
  createCard(number: string, expire: string): Promise<ProviderCard>;
  /** Texts a code to the phone linked to the card; answers that phone masked and the wait before a resend. */
  sendVerifyCode(token: string): Promise<{ phone: string; waitS: number }>;
  verifyCard(token: string, code: string): Promise<ProviderCard>;
  removeCard(token: string): Promise<void>;
  createReceipt(request: ReceiptRequest): Promise<{ receiptId: string }>;
  /** Resolves only when the receipt is paid; a PaymentError that is not a definite refusal leaves it unknown. */
  payReceipt(receiptId: string, token: string): Promise<{ paid: true }>;
  /** Asks the provider where a receipt stands (Payme `receipts.check`). */
  checkReceipt(receiptId: string): Promise<ReceiptState>;
  /**
   * Cancels a receipt: an unpaid one can then never be paid; a paid one is refunded (Payme queues it,
   * `cancelling`, until the refund is done, `cancelled`).
   */
  cancelReceipt(receiptId: string): Promise<ReceiptState>;
}

/** "8600069195406311" → "860006******6311", the way Payme shows cards. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${'*'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`;
}
