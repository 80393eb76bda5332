import { createHash } from 'node:crypto';

export interface ClickMerchantOptions {
  apiUrl: string;
  serviceId: string;
  merchantUserId: string;
  secretKey: string;
  timeoutMs?: number;
}

/** Click Merchant API's `Auth` header: `merchant_user_id:sha1(timestamp + secret_key):timestamp`. */
export function clickAuthHeader(options: Pick<ClickMerchantOptions, 'merchantUserId' | 'secretKey'>, nowMs = Date.now()): string {
  const timestamp = String(Math.floor(nowMs / 1000));
  return `${options.merchantUserId}:${createHash('sha1').update(timestamp + options.secretKey).digest('hex')}:${timestamp}`;
}

/** Click's answer to a payment call: `error_code` 0 is success, negative a refusal (docs.click.uz, Merchant API). */
export interface ClickPaymentAnswer {
  errorCode: number;
  errorNote: string;
  /** `payment_status` of a status call: 2 paid; below 0 cancelled (reversed) or failed; anything else in progress. */
  paymentStatus: number | null;
}

/**
 * Click Merchant API calls for a payment Click took (`payment_id`: Click's click_paydoc_id):
 * `DELETE {apiUrl}/payment/reversal/:service_id/:payment_id` refunds it (only online card payments of the
 * current month; the card's bank may refuse) and `GET {apiUrl}/payment/status/:service_id/:payment_id`
 * tells where it stands. A time-out, a dropped connection, a 5xx or an answer that is not Click's JSON
 * throws: the outcome is unknown, and the caller asks again later.
 */
export function createClickMerchant(options: ClickMerchantOptions, fetchImpl: typeof fetch = fetch) {
  async function call(method: 'GET' | 'DELETE', what: 'reversal' | 'status', paymentId: string): Promise<ClickPaymentAnswer> {
    const url = `${options.apiUrl}/payment/${what}/${encodeURIComponent(options.serviceId)}/${encodeURIComponent(paymentId)}`;
    const res = await fetchImpl(url, {
      method,
      // Click lists Accept, Auth and Content-Type as required headers of every Merchant API call, bodiless ones too.
      headers: { accept: 'application/json', 'content-type': 'application/json', Auth: clickAuthHeader(options) },
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const answer = (await res.json().catch(() => null)) as { error_code?: unknown; error_note?: unknown; payment_status?: unknown } | null;
    if (res.status >= 500 || typeof answer?.error_code !== 'number') throw new Error(`click payment/${what}: HTTP ${res.status}`);
    return {
      errorCode: answer.error_code,
      errorNote: typeof answer.error_note === 'string' ? answer.error_note : '',
      paymentStatus: typeof answer.payment_status === 'number' ? answer.payment_status : null,
    };
  }
  return {
    reversal: (paymentId: string) => call('DELETE', 'reversal', paymentId),
    status: (paymentId: string) => call('GET', 'status', paymentId),
  };
}

export type ClickMerchant = ReturnType<typeof createClickMerchant>;

/** The sandbox's Click (PAYMENT_PROVIDER=sandbox, no real credentials): every reversal succeeds. */
export function createSandboxClickMerchant(): ClickMerchant {
  const reversed = new Set<string>();
  return {
    async reversal(paymentId) {
      reversed.add(paymentId);
      return { errorCode: 0, errorNote: 'Success', paymentStatus: null };
    },
    async status(paymentId) {
      return { errorCode: 0, errorNote: 'Success', paymentStatus: reversed.has(paymentId) ? -99 : 2 };
    },
  };
}
