import { type PaymentErrorKind, type PaymentProvider, PaymentError, type ProviderCard, type ReceiptState, type ReceiptStatus } from './payment.js';

export interface PaymeOptions {
  baseUrl: string;
  merchantId: string;
  key: string;
  /** How long one call may take before its outcome counts as unknown (PAYME_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * Payme receipt states (developer.help.paycom.uz, "Методы Subscribe API" → "Состояния чека"):
 * 0 created, waiting for payment; 1 first checks, transaction created in the merchant's billing;
 * 2 debiting the card; 3 closing the transaction in the merchant's billing; 4 paid; 5 held;
 * 6 hold command received; 20 paused for manual intervention; 21 queued for cancellation;
 * 30 queued for closing the transaction in the merchant's billing; 50 cancelled.
 * Anything not listed counts as still in progress, so the shop keeps asking rather than guessing.
 */
export function receiptStatus(state: number): ReceiptStatus {
  switch (state) {
    case 0:
      return 'unpaid';
    case 4:
      return 'paid';
    case 21:
      return 'cancelling';
    case 50:
      return 'cancelled';
    default:
      return 'processing';
  }
}
const toState = (state: number): ReceiptState => ({ status: receiptStatus(state), state });

interface RpcError {
  code: number;
  message: unknown;
  data?: unknown;
}

/**
 * Payme error codes the shop tells apart (Subscribe API); anything else is a decline.
 * -31300…-31399 are card errors, -31400…-31499 code errors, -31600…-31699 receipt/payment errors.
 */
function classify(error: RpcError): PaymentErrorKind {
  switch (error.code) {
    case -31300:
    case -31301:
    case -31302:
      return 'CARD_INVALID';
    case -31303:
    case -31304:
      return 'CARD_EXPIRED';
    case -31400:
      return 'CARD_NOT_FOUND';
    case -31103:
    case -31401:
      return 'CARD_CODE_INVALID';
    case -31101:
    case -31402:
      return 'CARD_CODE_EXPIRED';
    case -31630:
      return 'INSUFFICIENT_FUNDS';
    case -32400:
    case -32300:
      return 'PROVIDER_UNAVAILABLE';
    default:
      return 'PAYMENT_DECLINED';
  }
}

/**
 * Payme Subscribe API over JSON-RPC 2.0. Card methods authenticate with `X-Auth: {id}` (the
 * front-end form), receipt methods with `X-Auth: {id}:{key}` (back end only).
 * The card number passes through once, to cards.create, and is never logged or kept.
 */
export function createPaymePaymentProvider(options: PaymeOptions, fetchImpl: typeof fetch = fetch): PaymentProvider {
  let nextId = 1;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(method: string, params: unknown, withKey: boolean): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(options.baseUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Auth': withKey ? `${options.merchantId}:${options.key}` : options.merchantId,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new PaymentError('PROVIDER_UNAVAILABLE', `${method}: network error`, { cause: err });
    }
    if (!res.ok) throw new PaymentError('PROVIDER_UNAVAILABLE', `${method}: HTTP ${res.status}`);
    const body = (await res.json().catch(() => null)) as { result?: T; error?: RpcError } | null;
    if (!body) throw new PaymentError('PROVIDER_UNAVAILABLE', `${method}: not JSON`);
    if (body.error) throw new PaymentError(classify(body.error), `${method}: ${body.error.code}`);
    if (body.result === undefined) throw new PaymentError('PROVIDER_UNAVAILABLE', `${method}: no result`);
    return body.result;
  }

  interface PaymeCard {
    number: string;
    expire: string;
    token: string;
    verify: boolean;
    type?: string;
  }
  const toCard = (card: PaymeCard): ProviderCard => ({
    token: card.token,
    number: card.number,
    expire: card.expire,
    verified: card.verify,
    type: card.type ?? null,
  });

  return {
    name: 'payme',
    async createCard(number, expire) {
      const result = await call<{ card: PaymeCard }>('cards.create', { card: { number, expire: expire.replace('/', '') }, save: true }, false);
      return toCard(result.card);
    },
    async sendVerifyCode(token) {
      const result = await call<{ sent: boolean; phone: string; wait: number }>('cards.get_verify_code', { token }, false);
      return { phone: result.phone, waitS: Math.ceil(result.wait / 1000) };
    },
    async verifyCard(token, code) {
      const result = await call<{ card: PaymeCard }>('cards.verify', { token, code }, false);
      return toCard(result.card);
    },
    async removeCard(token) {
      await call<{ success: boolean }>('cards.remove', { token }, true);
    },
    async createReceipt(request) {
      const result = await call<{ receipt: { _id: string } }>(
        'receipts.create',
        {
          amount: request.amount,
          account: { order_id: request.orderId },
          detail: {
            receipt_type: 0,
            ...(request.shipping ? { shipping: request.shipping } : {}),
            items: request.items.map((item) => ({
              title: item.title,
              price: item.price,
              count: item.count,
              code: item.code,
              package_code: item.packageCode,
              vat_percent: item.vatPercent,
            })),
          },
        },
        true,
      );
      return { receiptId: result.receipt._id };
    },
    async payReceipt(receiptId, token) {
      const result = await call<{ receipt: { _id: string; state: number } }>('receipts.pay', { id: receiptId, token }, true);
      const status = receiptStatus(result.receipt.state);
      if (status === 'paid') return { paid: true };
      if (status === 'cancelled') throw new PaymentError('PAYMENT_DECLINED', `receipt state ${result.receipt.state}`);
      // Still being processed (or held for a person): not a refusal, the money may yet move.
      throw new PaymentError('PROVIDER_UNAVAILABLE', `receipts.pay: receipt state ${result.receipt.state}`);
    },
    async checkReceipt(receiptId) {
      const result = await call<{ state: number }>('receipts.check', { id: receiptId }, true);
      if (typeof result.state !== 'number') throw new PaymentError('PROVIDER_UNAVAILABLE', 'receipts.check: no state');
      return toState(result.state);
    },
    async cancelReceipt(receiptId) {
      const result = await call<{ receipt: { state: number } }>('receipts.cancel', { id: receiptId }, true);
      if (typeof result.receipt?.state !== 'number') throw new PaymentError('PROVIDER_UNAVAILABLE', 'receipts.cancel: no state');
      return toState(result.receipt.state);
    },
  };
}
