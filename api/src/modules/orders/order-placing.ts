import { AppError } from '../../errors.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type AuthContext } from '../auth/index.js';
import { type OrderPartDeps } from './order-deps.js';
import { receiptFor } from './order-lines.js';
import { type Line, type OrderPricing } from './order-pricing.js';
import { type OrderViews } from './order-views.js';
import { type OrderWriting, namingOrder } from './order-writing.js';
import { type CreateOrderBody, type DeliveryInput } from './orders.schema.js';

/** Checkout: the delivery quote and placing an order from the cart (prices, delivery fee, stock and payment decided here). */
export function createOrderPlacing(
  deps: OrderPartDeps<'clock' | 'checkout' | 'limits' | 'cards' | 'orderPayments' | 'cart'>,
  parts: { pricing: OrderPricing; writing: OrderWriting; views: Pick<OrderViews, 'dto'> },
) {
  const { pricing, writing, views } = parts;

  return {
    async quote(auth: AuthContext | null, lines: Line[], delivery: DeliveryInput, lang: Lang) {
      const accountType = auth?.customer.userType ?? 'individual';
      const q = await pricing.price(lines, delivery, accountType, lang);
      return {
        currency: 'UZS' as const,
        items: q.priced.map(({ line, variant }) => ({
          product_id: variant.product_id,
          variant_id: variant.variant_id,
          name: pick(variant.name, lang),
          price: variant.price,
          quantity: line.quantity,
          total: variant.price * line.quantity,
          in_stock: variant.total_quantity >= line.quantity,
          total_quanity: variant.total_quantity,
        })),
        items_total: q.itemsTotal,
        weight: q.weight,
        delivery_type: delivery.type,
        delivery_fee: q.fee,
        fargoDeliveryPrice: q.fee,
        free_delivery_threshold: q.freeDeliveryThreshold,
        total: q.itemsTotal + q.fee,
      };
    },

    /**
     * Places an order. Stock is reserved in one transaction (rows locked in variant order);
     * a card is charged only after that transaction commits; a failed charge gives the stock
     * back and cancels the order. The same Idempotency-Key returns the same order.
     */
    async create(auth: AuthContext, body: CreateOrderBody, key: string, lang: Lang, origin: string) {
      const hash = writing.requestHash(body);
      const earlier = await writing.earlier(auth, key, hash, lang, origin);
      if (earlier) return earlier;
      const method = body.payment.method;
      // Offered only when configured (always in the sandbox): the shopper must have somewhere to pay.
      if ((method === 'payme' || method === 'click') && !deps.checkout[method]) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'payment.method': 'invalid' } });
      if (method === 'card' && !deps.cards.taken) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'payment.method': 'invalid' } });

      const card = body.payment.method === 'card' ? (body.payment.card_id ? await deps.cards.verifiedCard(auth, body.payment.card_id) : undefined) : undefined;
      if (body.payment.method === 'card' && !card) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'payment.card_id': body.payment.card_id ? 'invalid' : 'required' } });

      const q = await pricing.price(body.items, body.delivery, auth.customer.userType, lang);
      const now = deps.clock.now();
      const d = body.delivery;
      const placed = await writing.place(auth, q, key, hash, lang, origin, {
        paymentMethod: body.payment.method,
        cardId: card?.id ?? null,
        deliveryType: d.type,
        address:
          d.type === 'pickup'
            ? null
            : { region: d.region ?? 'tashkent', city: d.city, address: d.address ?? '', flat: d.flat, entrance: d.entrance, floor: d.floor, intercom: d.intercom, comment: d.comment, location: d.location ?? null },
        storeId: q.storeId,
        receiverName: body.receiver.name,
        receiverSurname: body.receiver.surname,
        receiverPhone: body.receiver.phone,
        deliveryFee: q.fee,
        // An unpaid payme/click order gives its stock back after this (checkout-payments/expiry.ts).
        paymentCheckAt: method === 'payme' || method === 'click' ? new Date(now.getTime() + deps.checkout.ttlS * 1000) : null,
        // An unconfirmed cash order gives its stock back after this (cash-hold.ts); confirming it clears it.
        stockHeldUntil: method === 'cash' ? new Date(now.getTime() + deps.limits.cashHoldH * 3600_000) : null,
      });
      if (placed.replayed) return placed.answer;
      let order = placed.order;

      if (card) {
        const charging = order;
        order = await deps.orderPayments.charge(charging, receiptFor(charging, q.priced, q.fee), card.token).catch((err: unknown) => {
          throw namingOrder(err, charging.number);
        });
        // Outcome unknown: the stock stays held and the cart as it is; the reconciler settles the payment
        // and texts the shopper either way.
        if (order.paymentStatus !== 'paid') return writing.replay(order, lang, origin);
      }
      if (method === 'payme' || method === 'click') {
        // The goods are held for the shopper, who now pays on the provider's page (`pay_url`). The SMS
        // "Received" goes out when the provider says the money moved.
        if (!body.one_click) await deps.cart.clear(auth.customer.id);
        return { order: await views.dto(order, lang, undefined, origin), outcome: 'created' as const };
      }
      // No text: the shopper reads the order on the page that placed it and in My orders (orders.text.ts TEXTED_STATUSES).
      if (!body.one_click) await deps.cart.clear(auth.customer.id);
      return { order: await views.dto(order, lang), outcome: 'created' as const };
    },
  };
}
