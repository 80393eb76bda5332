import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { $checkoutForm, ApiError, Button, clearCart, normalizePhone, setOneClickBuyItem, updateCheckoutForm } from '@bozor/shared';
import { orderLines, type OrderBody } from '@bozor/shared/api/orders';
import type { SavedCard } from '@bozor/shared/api/payments';
import { cardCalls, orderCalls } from '../api/checkout';
import { AddCardForm } from '../components/payment/AddCardForm';
import { PaymentMethods } from '../components/payment/PaymentMethods';
import { Summary } from '../components/Summary';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { useCheckoutItems } from '../hooks/useCheckoutData';
import { usePaymentChoice } from '../hooks/usePaymentMethods';
import { deliveryBody } from '../hooks/useQuote';
import { recheckCart } from '../hooks/useCartChanges';
import { STEP_CHANGE, useStepHeading } from '../hooks/useStepHeading';
import { endAttempt, idempotencyKeyFor, resetCheckoutFormAfterOrder, saveLastOrder } from '../state/persist';

/** Where the order's error links to, besides saying what went wrong. */
type ErrorLink = 'orders' | 'cart' | null;

/**
 * The order a refused card payment left cancelled, and whether the card was surely not charged (`refused`: the
 * bank or the card said no) or the payment was only not confirmed (money taken, if any, comes back).
 */
interface CancelledOrder {
  number: string;
  refused: boolean;
}

/**
 * Refusals in which the card was not charged (docs/api.md "POST /api/orders/"): insufficient funds, a decline,
 * a receipt Payme could not even create, and the card errors (422). Any other answer naming a cancelled order
 * (`PAYMENT_NOT_CONFIRMED`, or a code this build does not know) keeps the careful wording.
 */
const NOT_CHARGED = new Set(['INSUFFICIENT_FUNDS', 'PAYMENT_DECLINED', 'PAYMENT_UNAVAILABLE']);

/**
 * What the checkout tells of the order an error names, when it names one: the API's `order_number`, which the
 * shell's client hands on as `orderNumber` (an older shell's client leaves it undefined: the refusal alone).
 */
function cancelledOrderIn(e: ApiError): CancelledOrder | null {
  const number = e.orderNumber;
  if (!number) return null;
  return { number, refused: NOT_CHARGED.has(e.code) || e.status === 422 };
}

/** The focus target meaning the order's error message. */
const ORDER_ERROR = 'order-error';
const ADD_CARD = 'add-card-open';

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
  const [adding, setAdding] = useState(false);
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
  // What happened to the saved cards ("Card added", "Card removed"), read out by the status line.
  const [notice, setNotice] = useState('');
  // The card whose Remove was pressed: its row asks "Remove this card? Yes / No".
  const [removing, setRemoving] = useState<number | null>(null);
  // Set while that card's DELETE is under way: a second tap on "Yes" (a double click) sends nothing more.
  // The ref answers a tap that comes before the page has re-rendered; the state greys the buttons out.
  const [removeBusy, setRemoveBusy] = useState(false);
  const removeSent = useRef(false);
  const heading = useStepHeading<HTMLHeadingElement>();
  const page = useRef<HTMLElement>(null);
  const errorBlock = useRef<HTMLParagraphElement>(null);
  // The control to focus once it is on screen (a test id, or the error message): set with the state
  // change that replaces the pressed button, so the focus never falls to the page.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === ORDER_ERROR) errorBlock.current?.focus();
    else page.current?.querySelector<HTMLElement>(`[data-testid="${target}"]`)?.focus();
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

  /** "No": the card stays, the focus goes back to its Remove. */
  function keepCard(index: number) {
    setRemoving(null);
    focusNext.current = `card-remove-${index}`;
  }

  /** "Yes": the card is removed, said so, and the focus goes to the next card (or to "Add a card" when none is left). */
  async function removeCard(c: SavedCard, index: number) {
    if (removeSent.current) return;
    removeSent.current = true;
    setRemoveBusy(true);
    try {
      await cardCalls.removeCard(c.id);
    } catch (e) {
      // 404: the card is no longer the account's (removed in another tab): what was asked for is done
      if (!(e instanceof ApiError && e.status === 404)) {
        setRemoving(null);
        return fail(e instanceof ApiError ? e.message : t('failed'));
      }
    } finally {
      removeSent.current = false;
      setRemoveBusy(false);
    }
    const next = (cards ?? []).filter((x) => x.id !== c.id);
    setCards(next);
    setRemoving(null);
    updateCheckoutForm({ currentCard: 0 });
    setNotice(t('card.removed', { card: c.number }));
    focusNext.current = next.length > 0 ? `card-${Math.min(index, next.length - 1)}` : ADD_CARD;
    // the refusal was about this card: it goes with it
    if (refusedCard === c.id) {
      setError('');
      setCancelled(null);
      setRefusedCard(null);
    }
  }

  const cashText = delivery.type === 'pickup' ? t('payment.cashStore') : t('payment.cashCourier');
  return (
    <section ref={page} className="co-page" data-testid="checkout-payment">
      <CheckoutStyles />
      <h1 ref={heading} tabIndex={-1}>{t('payment.title')}</h1>
      <div className="co-form">
        <PaymentMethods offered={offered} known={known} method={method} cashText={cashText} />

        {method === 'card' ? (
          <fieldset className="co-options" data-testid="saved-cards">
            <legend>{t('card.saved')}</legend>
            {cards === null && !cardsError ? <p role="status">{t('loading')}</p> : null}
            {cardsError ? <p role="alert" className="bz-field__error">{t('loadFailed')}</p> : null}
            {cards?.length === 0 ? <p className="co-muted">{t('card.none')}</p> : null}
            {cards?.map((c, index) => (
              <div key={c.id} className="co-row">
                <label className="co-option">
                  <input type="radio" name="currentCard" checked={form.currentCard === index} onChange={() => updateCheckoutForm({ currentCard: index })} data-testid={`card-${index}`} />
                  <span>
                    <strong>{c.number}</strong>
                    <small className="co-muted">{[c.type, c.expire].filter(Boolean).join(' · ')}</small>
                  </span>
                </label>
                {removing === c.id ? (
                  <span role="group" className="co-row" aria-labelledby={`remove-card-${c.id}`} data-testid={`card-remove-ask-${index}`}>
                    <span id={`remove-card-${c.id}`}>{t('card.removeAsk', { card: c.number })}</span>
                    {/* aria-disabled, not disabled, while the card is being removed: "Yes" keeps the focus until the next card takes it */}
                    <Button variant="secondary" onClick={() => void removeCard(c, index)} aria-disabled={removeBusy || undefined} data-testid={`card-remove-yes-${index}`}>{t('card.removeYes')}</Button>
                    <Button variant="ghost" onClick={() => keepCard(index)} aria-disabled={removeBusy || undefined} data-testid={`card-remove-no-${index}`}>{t('card.removeNo')}</Button>
                  </span>
                ) : (
                  <Button
                    variant="ghost"
                    aria-label={t('card.removeLabel', { card: c.number })}
                    onClick={() => {
                      setRemoving(c.id);
                      setNotice('');
                      // "No" first: a second Enter keeps the card
                      focusNext.current = `card-remove-no-${index}`;
                    }}
                    data-testid={`card-remove-${index}`}
                  >
                    {t('card.remove')}
                  </Button>
                )}
              </div>
            ))}
            {adding ? (
              <AddCardForm
                onCancel={() => {
                  setAdding(false);
                  focusNext.current = ADD_CARD;
                }}
                onAdded={(added) => {
                  const next = [...(cards ?? []).filter((x) => x.id !== added.id), added];
                  setCards(next);
                  updateCheckoutForm({ currentCard: next.length - 1 });
                  setAdding(false);
                  setNotice(t('card.added', { card: added.number }));
                  // the new card, chosen: the next Tab reaches "Place the order"
                  focusNext.current = `card-${next.length - 1}`;
                }}
              />
            ) : (
              <Button
                variant="secondary"
                onClick={() => {
                  setAdding(true);
                  setNotice('');
                }}
                data-testid={ADD_CARD}
              >
                {t('card.add')}
              </Button>
            )}
            <p role="status" className="co-muted" data-testid="cards-status">{notice}</p>
          </fieldset>
        ) : null}

        {error ? (
          <p ref={errorBlock} role="alert" tabIndex={-1} className="bz-error-block" data-testid="order-error">
            {error}
            {cancelled ? (
              <>
                {/* under the refusal: which order it cancelled, what became of the money, and where it is */}{' '}
                <span className="co-error-more" data-testid="order-error-cancelled">
                  {t(cancelled.refused ? 'payment.cancelledNotCharged' : 'payment.cancelledNotConfirmed', { number: cancelled.number })}{' '}
                  <Link to={`${basePath}/account/orders?order=${encodeURIComponent(cancelled.number)}`} data-testid="order-error-cancelled-order">
                    {t('payment.cancelledOrderLink', { number: cancelled.number })}
                  </Link>
                </span>
              </>
            ) : null}
            {errorLink === 'orders' ? (
              <>
                {' '}
                <Link to={`${basePath}/account/orders`} data-testid="order-error-my-orders">{t('payment.toMyOrders')}</Link>
              </>
            ) : errorLink === 'cart' ? (
              <>
                {' '}
                <Link to={`${basePath}/cart`} data-testid="order-error-cart">{t('cartChanges.toCart')}</Link>
              </>
            ) : null}
          </p>
        ) : null}
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
