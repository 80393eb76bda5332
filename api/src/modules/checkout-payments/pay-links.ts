import { type Config } from '../../config.js';
import { type Lang } from '../../i18n/lang.js';
import { type OrderRow } from '../orders/index.js';

/**
 * An order number exactly as the shop issues it and a pay link carries it (Payme's `ac.order_id`, Click's
 * `transaction_param`, which Click sends back as `merchant_trans_id`). The providers' callbacks take only
 * this: `orders.find` also takes the row id and any letter case, which no pay link ever names.
 */
export const isOrderNumber = (ref: string): boolean => /^BZ-\d+$/.test(ref);

/** The storefront's confirmation page, where the provider sends the shopper back. */
export const returnUrl = (origin: string, lang: Lang, number: string): string => `${origin}/${lang}/checkout/confirmed?order=${encodeURIComponent(number)}`;

/**
 * Where the shopper pays a `payme` or `click` order. Payme: its checkout page with the base64 of
 * `m=<merchant id>;ac.order_id=<order>;a=<tiyin>;c=<return url>;l=<lang>` (Payme, "Инициализация платежа",
 * GET). Click: `my.click.uz/services/pay` with service_id, merchant_id, amount (N.NN so'm),
 * transaction_param (our merchant_trans_id) and return_url (Click, "Установка кнопки оплаты").
 * In the sandbox: the API's own test pages, which play the provider.
 */
export function payUrl(order: OrderRow, checkout: Config['checkout'], origin: string): string | null {
  const back = returnUrl(origin, order.lang, order.number);
  if (order.paymentMethod === 'payme' && checkout.payme) {
    if (checkout.sandbox) return `${origin}/api/sandbox/payme?${new URLSearchParams({ order: order.number, a: String(order.total * 100), lang: order.lang })}`;
    const params = `m=${checkout.payme.merchantId};ac.order_id=${order.number};a=${order.total * 100};c=${back};l=${order.lang}`;
    return `${checkout.payme.checkoutUrl}/${Buffer.from(params).toString('base64')}`;
  }
  if (order.paymentMethod === 'click' && checkout.click) {
    const amount = `${order.total}.00`;
    if (checkout.sandbox) return `${origin}/api/sandbox/click?${new URLSearchParams({ order: order.number, amount, lang: order.lang })}`;
    const query = new URLSearchParams({ service_id: checkout.click.serviceId, merchant_id: checkout.click.merchantId, amount, transaction_param: order.number, return_url: back });
    return `${checkout.click.payUrl}?${query}`;
  }
  return null;
}
