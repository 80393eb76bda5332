import { AppError } from '../../errors.js';
import { type Lang } from '../../i18n/lang.js';
import { type AuthContext } from '../auth/index.js';
import { type OrderPartDeps } from './order-deps.js';
import { type OrderPricing, type PricedLines } from './order-pricing.js';
import { type OrderViews } from './order-views.js';
import { type OrderWriting } from './order-writing.js';
import { type OneClickBody } from './orders.schema.js';
import { oneClickSmsText } from './orders.text.js';

/** "Buy in 1 click" from the product page. */
export function createOneClickOrders(
  deps: OrderPartDeps<'clock' | 'limits' | 'sms' | 'log'>,
  parts: { pricing: Pick<OrderPricing, 'priceLines'>; writing: OrderWriting; views: Pick<OrderViews, 'dto'> },
) {
  const { pricing, writing, views } = parts;

  return {
    /**
     * "Buy in 1 click": one variant for the signed-in shopper, by name and their verified phone only. Paid
     * on receipt; delivery `phone` (staff agree it when they call to confirm). Written like any order
     * (`place`: caps, stock reserved, Idempotency-Key) and held like any cash order: the cash-hold expiry
     * gives the stock back if staff never confirm it. The cart is left as it is.
     */
    async createOneClick(auth: AuthContext, body: OneClickBody, key: string, lang: Lang, origin: string) {
      const hash = writing.requestHash(body);
      const earlier = await writing.earlier(auth, key, hash, lang, origin);
      if (earlier) return earlier;
      // The phone staff call: the account's, proven by the sign-in code (a legal entity's account too).
      const phone = auth.customer.phone;
      if (!phone) throw new AppError('VALIDATION_FAILED', 422, { fields: { phone: 'required' } });
      const line = { product_id: body.product_id, ...(body.variant_id ? { variant_id: body.variant_id } : {}), quantity: body.quantity };
      let q: PricedLines;
      try {
        q = await pricing.priceLines([line], auth.customer.userType, lang);
      } catch (err) {
        // The single line's fields by the body's own names (`items.0.quantity` means nothing here).
        if (err instanceof AppError && err.code === 'PRODUCT_UNAVAILABLE') throw new AppError('PRODUCT_UNAVAILABLE', 422, { fields: { product_id: 'invalid' } });
        if (err instanceof AppError && err.code === 'QUANTITY_LIMIT') throw new AppError('QUANTITY_LIMIT', 422, { ...err.options, fields: { quantity: 'quantity_limit' } });
        throw err;
      }
      const now = deps.clock.now();
      const placed = await writing.place(auth, { ...q, storeId: null }, key, hash, lang, origin, {
        paymentMethod: 'cash',
        cardId: null,
        deliveryType: 'phone',
        address: null,
        storeId: null,
        receiverName: body.name,
        receiverSurname: '',
        receiverPhone: phone,
        // Agreed by phone: the fee (if any) is settled with the courier or at the till, as staff tell the shopper.
        deliveryFee: 0,
        paymentCheckAt: null,
        stockHeldUntil: new Date(now.getTime() + deps.limits.cashHoldH * 3600_000),
        oneClick: true,
      });
      if (placed.replayed) return placed.answer;
      await deps.sms
        .send({ phone, text: oneClickSmsText(placed.order.number, lang) })
        .catch((err: unknown) => deps.log.warn({ err, order: placed.order.number }, 'order SMS not sent'));
      return { order: await views.dto(placed.order, lang), outcome: 'created' as const };
    },
  };
}
