import { performance } from 'node:perf_hooks';
import { type FastifyBaseLogger } from 'fastify';
import { type PaymentProvider, type ReceiptRequest, type ReceiptState, PaymentError } from '../../providers/payments/payment.js';

/**
 * The provider's receipt methods for one order, each logged with its outcome: method, receipt id,
 * order number, result or error kind, and duration. Staff reconstruct a disputed payment from these
 * lines, so every call is logged, successful or not. Never the card token (nor, anywhere, a number).
 */
export function createReceiptCalls(deps: { payments: PaymentProvider; log: FastifyBaseLogger }) {
  async function logged<T>(method: string, order: string, receipt: string | undefined, work: () => Promise<T>, result: (value: T) => Record<string, unknown>): Promise<T> {
    const started = performance.now();
    const base = { provider: deps.payments.name, method, order, ...(receipt ? { receipt } : {}) };
    try {
      const value = await work();
      deps.log.info({ ...base, ...result(value), ms: Math.round(performance.now() - started) }, 'payment provider call');
      return value;
    } catch (err) {
      const kind = err instanceof PaymentError ? err.kind : 'UNEXPECTED';
      // The error's message names the method and the provider's code or "network error"; it holds no card data.
      const detail = err instanceof Error ? err.message : String(err);
      deps.log.warn({ ...base, result: 'error', kind, detail, ms: Math.round(performance.now() - started) }, 'payment provider call failed');
      throw err;
    }
  }
  const stateResult = (s: ReceiptState) => ({ result: s.status, state: s.state });

  return {
    create: (order: string, request: ReceiptRequest) =>
      logged('receipts.create', order, undefined, () => deps.payments.createReceipt(request), (r) => ({ result: 'created', receipt: r.receiptId, amount: request.amount })),
    pay: (order: string, receiptId: string, token: string) => logged('receipts.pay', order, receiptId, () => deps.payments.payReceipt(receiptId, token), () => ({ result: 'paid' })),
    check: (order: string, receiptId: string) => logged('receipts.check', order, receiptId, () => deps.payments.checkReceipt(receiptId), stateResult),
    cancel: (order: string, receiptId: string) => logged('receipts.cancel', order, receiptId, () => deps.payments.cancelReceipt(receiptId), stateResult),
  };
}

export type ReceiptCalls = ReturnType<typeof createReceiptCalls>;
