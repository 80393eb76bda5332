import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { $checkoutForm, ApiError, Button, clearCart, normalizePhone, setOneClickBuyItem } from '@bozor/shared';
import { orderLines, type OrderBody } from '@bozor/shared/api/orders';
import type { SavedCard } from '@bozor/shared/api/payments';
import { cardCalls, orderCalls } from '../api/checkout';
import { OrderError, cancelledOrderIn, type CancelledOrder, type ErrorLink } from '../components/payment/OrderError';
import { PaymentMethods } from '../components/payment/PaymentMethods';
import { SavedCards } from '../components/payment/SavedCards';
import { Summary } from '../components/Summary';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { useCheckoutItems } from '../hooks/useCheckoutData';
import { usePaymentChoice } from '../hooks/usePaymentMethods';
import { deliveryBody } from '../hooks/useQuote';
import { recheckCart } from '../hooks/useCartChanges';
import { STEP_CHANGE, useStepHeading } from '../hooks/useStepHeading';
import { endAttempt, idempotencyKeyFor, resetCheckoutFormAfterOrder, saveLastOrder } from '../state/persist';

/** The focus target meaning the order's error message. */
const ORDER_ERROR = 'order-error';

/** Checkout, step 2: pay on receipt, by a saved / new card or on Payme's / Click's page (those the shop takes now), then place the order. */
export function PaymentPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useStore($checkoutForm);
  const { items, oneClick } = useCheckoutItems();
  // Only the methods the API takes now; a withdrawn choice falls back to cash.
  const { offered, known, method } = usePaymentChoice();
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const [cardsError, setCardsError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // Where the error leads: the unpaid-orders limit to My orders (where the unpaid ones are paid), a line
  // found short when placing the order back to the cart.
  const [errorLink, setErrorLink] = useState<ErrorLink>(null);
  // A refused card payment leaves a cancelled order in My orders: the error names it, so that entry is no surprise.
  const [cancelled, setCancelled] = useState<CancelledOrder | null>(null);
  // The saved card the bank refused (402): its message goes when the card is removed.
  const [refusedCard, setRefusedCard] = useState<number | null>(null);
  // Set once the order is placed: emptying the cart must not bounce the page to /cart on its way out.
  const placed = useRef(false);
  const heading = useStepHeading<HTMLHeadingElement>();
  const errorBlock = useRef<HTMLParagraphElement>(null);
  // The error message, to focus once it is on screen: set with the state change that shows it, so the
  // focus never falls to the page (the saved cards move the focus among themselves).
  const focusNext = useRef<typeof ORDER_ERROR | null>(null);
  useEffect(() => {
    if (focusNext.current !== ORDER_ERROR) return;
    focusNext.current = null;
    errorBlock.current?.focus();
  });

  useEffect(() => {
    cardCalls.cards().then(setCards, () => setCardsError(true));
  }, []);

  const delivery = deliveryBody();
  if (placed.current) return null;
  if (!delivery || items.length === 0) return <Navigate to={`${basePath}/${items.length === 0 ? 'cart' : 'checkout'}`} replace />;

  const card = cards?.[form.currentCard];

  /** An error tied to no field (and the order it left cancelled, if any): shown, and the focus goes to it. */
  const fail = (message: string, link: ErrorLink = null, cancelledOrder: CancelledOrder | null = null) => {
    setError(message);
    setErrorLink(link);
    setCancelled(cancelledOrder);
    focusNext.current = ORDER_ERROR;
  };

  async function placeOrder() {
    setError('');
    setRefusedCard(null);
    if (!method) return fail(t('payment.chooseMethod'));
    if (method === 'card' && !card) return fail(t('payment.chooseCard'));
    const body: OrderBody = {
      items: orderLines(items),
      one_click: oneClick,
      delivery: delivery!,
      receiver: { name: form.name.trim(), surname: form.surname.trim(), phone: `+${normalizePhone(form.phone)}` },
      payment: method === 'card' ? { method, card_id: card!.id } : { method },
    };
    setBusy(true);
    try {
      const order = await orderCalls.place(body, idempotencyKeyFor(body));
      endAttempt();
      saveLastOrder(order);
      placed.current = true;
      if (oneClick) setOneClickBuyItem(null);
      else clearCart();
      // the next checkout starts afresh, its receiver phone the account's own again
      resetCheckoutFormAfterOrder();
      // Payme and Click: the shopper pays on the provider's page, which sends them back to the confirmation.
      // Every other order goes there at once; the address names the order, so a reload or a language
      // switch shows it again.
      const confirmed = `${basePath}/checkout/confirmed?order=${encodeURIComponent(order.number)}`;
      if (order.pay_url) {
        // the browser's Back from the provider's page comes to this order (unpaid: Pay now), not to a
        // payment step whose cart is now empty
        window.history.replaceState(null, '', confirmed);
        window.location.assign(order.pay_url);
      } else void navigate(confirmed, { state: STEP_CHANGE });
    } catch (e) {
      if (e instanceof ApiError) {
        const cancelledOrder = cancelledOrderIn(e);
        // A refusal settles this attempt; a network error or a 5xx is retried with the same key. Not a 503
        // PAYMENT_UNAVAILABLE, nor any answer naming the order it cancelled: the same key would only answer
        // that refusal again, so paying again with the same card would never reach the bank.
        if (e.status === 402 || e.status === 409 || e.status === 422 || e.code === 'PAYMENT_UNAVAILABLE' || cancelledOrder) endAttempt();
        if (e.status === 402 && body.payment.card_id !== undefined) setRefusedCard(body.payment.card_id);
        const deliveryFields = Object.keys(e.fields).some((f) => f.startsWith('delivery.') || f.startsWith('receiver.'));
        // The unpaid-orders limit: the API's words (what the shopper can do, with the shop's own hold
        // times), and a link to My orders to pay one; the checkout's own words only when it sent none.
        if (e.code === 'TOO_MANY_OPEN_ORDERS') fail(e.message || t('payment.tooManyUnpaid'), 'orders');
        else if (e.code === 'OUT_OF_STOCK') {
          // Sold out (or run short) since the step opened: the cart is checked again at once, so the cart and
          // the summary lose or lower the line and say so; the message leads back to the cart. A 1-click item
          // is not the cart: its message is all there is.
          fail(e.message || t('payment.outOfStock'), oneClick ? null : 'cart');
          void recheckCart();
        } else fail(e.status === 0 ? t('payment.network') : deliveryFields ? t('payment.fixDelivery') : e.message || t('failed'), null, cancelledOrder);
      } else fail(t('failed'));
    } finally {
      setBusy(false);
    }
  }

  /** A card removed: a refusal that was about it goes with it. */
  function cardRemoved(c: SavedCard) {
    if (refusedCard !== c.id) return;
    setError('');
    setCancelled(null);
    setRefusedCard(null);
  }

  const cashText = delivery.type === 'pickup' ? t('payment.cashStore') : t('payment.cashCourier');
  return (
    <section className="co-page" data-testid="checkout-payment">
      <CheckoutStyles />
      <h1 ref={heading} tabIndex={-1}>{t('payment.title')}</h1>
      <div className="co-form">
        <PaymentMethods offered={offered} known={known} method={method} cashText={cashText} />

        {method === 'card' ? <SavedCards cards={cards} setCards={setCards} loadFailed={cardsError} onRemoveFailed={(message) => fail(message)} onRemoved={cardRemoved} /> : null}

        {error ? <OrderError ref={errorBlock} message={error} cancelled={cancelled} link={errorLink} basePath={basePath} /> : null}
        <div className="co-row">
          <Button variant="ghost" onClick={() => void navigate(`${basePath}/checkout`, { state: STEP_CHANGE })}>{t('payment.back')}</Button>
          {/* aria-disabled, not disabled: the pressed button keeps the focus while the order is placed */}
          <Button onClick={() => void placeOrder()} aria-disabled={busy || undefined} data-testid="place-order">{busy ? t('payment.placing') : t('payment.place')}</Button>
        </div>
      </div>
      <Summary items={items} basePath={basePath} />
    </section>
  );
}
