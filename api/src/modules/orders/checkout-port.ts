import { type DbOrTx } from '../../db/client.js';
import { type OrderRow } from './orders.repository.js';

// What the orders module asks of checkout-payments (Payme checkout and Click, paid on the providers' pages).
// checkout-payments depends on orders (it moves an order's payment through orders' index) and never the other
// way: orders declares here what it needs, checkout-payments' service provides it, services.ts wires the two.

/** The fiscal receipt of a Click order as staff see it (the back office's `fiscal_receipt`). */
export const FISCAL_RECEIPT_STATES = ['waiting_for_labels', 'sending', 'sent', 'refused', 'not_sent'] as const;
export type FiscalReceiptState = (typeof FISCAL_RECEIPT_STATES)[number];

/** The completed provider payment a refund owed by hand is made against (its transaction in the provider's cabinet). */
export interface PaymentToRefund {
  provider: 'payme' | 'click';
  /** Payme's transaction id, Click's click_trans_id. */
  externalId: string;
  /** Click's payment id (click_paydoc_id). */
  paydocId: string | null;
  /** Tiyin, as the provider took it. */
  amount: number;
}

export interface CheckoutPort {
  /** Where the shopper pays an unpaid `payme`/`click` order (the provider's page, or the sandbox's), or null. */
  payLink(order: OrderRow, origin: string): string | null;
  /**
   * The state of the Click fiscal receipt of the order's completed (or since refunded) Click payment, read in
   * `db` (marking.ts reads it in its transaction, under the order's lock); null when there is none.
   */
  receiptState(db: DbOrTx, orderId: number): Promise<FiscalReceiptState | null>;
  /** The completed payment of each order that has one (at most one per order). */
  paymentsToRefund(orderIds: readonly number[]): Promise<Map<number, PaymentToRefund>>;
  /** Staff saved marking codes of the order (after the write committed): a Click receipt that waited for them may go now. */
  afterLabels(orderId: number): Promise<void>;
}
