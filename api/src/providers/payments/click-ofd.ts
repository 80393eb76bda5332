import { clickAuthHeader } from './click-merchant.js';

/** One goods line for Click's OFD (docs.click.uz, "Фискализация данных" → Item), money in tiyin. */
export interface OfdItem {
  /** Name, at most 63 characters. */
  name: string;
  /** MXIK (ИКПУ), 17 digits. */
  spic: string;
  packageCode: string;
  /** Price of one unit. */
  unitPrice: number;
  count: number;
  vatPercent: number;
  /** Marking codes of the units, if the goods are marked. */
  labels: string[];
}

export interface ClickOfdOptions {
  apiUrl: string;
  serviceId: string;
  merchantUserId: string;
  secretKey: string;
  /** The seller's TIN (9 digits) or PINFL (14): Click's CommissionInfo is required and takes one of them. */
  tin: string;
  timeoutMs?: number;
}

/**
 * Click Merchant API's fiscalisation: `POST {apiUrl}/payment/ofd_data/submit_items` with
 * `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp`. Click registers the receipt with the
 * tax office's OFD for a payment it took (`payment_id`, Click's click_paydoc_id).
 */
export function createClickOfd(options: ClickOfdOptions, fetchImpl: typeof fetch = fetch) {
  return {
    async submitItems(paymentId: string, items: OfdItem[], receivedCard: number): Promise<{ errorCode: number; errorNote: string }> {
      const commission = options.tin.length === 14 ? { PINFL: options.tin } : { TIN: options.tin };
      const body = {
        service_id: Number(options.serviceId),
        payment_id: Number(paymentId),
        items: items.map((i) => {
          const price = i.unitPrice * i.count;
          return {
            Name: i.name.slice(0, 63),
            SPIC: i.spic,
            PackageCode: i.packageCode,
            GoodPrice: i.unitPrice,
            Price: price,
            Amount: i.count,
            // VAT included in the price: price × rate / (100 + rate), in tiyin.
            VAT: Math.round((price * i.vatPercent) / (100 + i.vatPercent)),
            VATPercent: i.vatPercent,
            CommissionInfo: commission,
            ...(i.labels.length > 0 ? { Labels: i.labels } : {}),
          };
        }),
        received_ecash: 0,
        received_cash: 0,
        received_card: receivedCard,
      };
      const res = await fetchImpl(`${options.apiUrl}/payment/ofd_data/submit_items`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', Auth: clickAuthHeader(options) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const answer = (await res.json().catch(() => null)) as { error_code?: number; error_note?: string } | null;
      if (!res.ok || typeof answer?.error_code !== 'number') throw new Error(`click ofd submit_items: HTTP ${res.status}`);
      return { errorCode: answer.error_code, errorNote: answer.error_note ?? '' };
    },
  };
}

export type ClickOfd = ReturnType<typeof createClickOfd>;
