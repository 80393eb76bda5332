import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { $checkoutForm, ApiError, Button, clearCart, normalizePhone, resetCheckoutForm, setOneClickBuyItem, updateCheckoutForm } from '@bozor/shared';
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
import { endAttempt, idempotencyKeyFor, saveLastOrder } from '../state/persist';

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
  // The saved card the bank refused (402): its message goes when the card is removed.
  const [refusedCard, setRefusedCard] = useState<number | null>(null);
  // Set once the order is placed: emptying the cart must not bounce the page to /cart on its way out.
  const placed = useRef(false);

  useEffect(() => {
    cardCalls.cards().then(setCards, () => setCardsError(true));
  }, []);

  const delivery = deliveryBody();
  if (placed.current) return null;
  if (!delivery || items.length === 0) return <Navigate to={`${basePath}/${items.length === 0 ? 'cart' : 'checkout'}`} replace />;

  const card = cards?.[form.currentCard];

  async function placeOrder() {
    setError('');
    setRefusedCard(null);
    if (!method) return setError(t('payment.chooseMethod'));
    if (method === 'card' && !card) return setError(t('payment.chooseCard'));
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
      resetCheckoutForm();
      // Payme and Click: the shopper pays on the provider's page, which sends them back to the confirmation.
      // Every other order goes there at once; the address names the order, so a reload or a language
      // switch shows it again.
      const confirmed = `${basePath}/checkout/confirmed?order=${encodeURIComponent(order.number)}`;
      if (order.pay_url) {
        // the browser's Back from the provider's page comes to this order (unpaid: Pay now), not to a
        // payment step whose cart is now empty
        window.history.replaceState(null, '', confirmed);
        window.location.assign(order.pay_url);
      } else void navigate(confirmed);
    } catch (e) {
      if (e instanceof ApiError) {
        // A refusal settles this attempt; a network error or a 5xx is retried with the same key.
        if (e.status === 402 || e.status === 409 || e.status === 422) endAttempt();
        if (e.status === 402 && body.payment.card_id !== undefined) setRefusedCard(body.payment.card_id);
        const deliveryFields = Object.keys(e.fields).some((f) => f.startsWith('delivery.') || f.startsWith('receiver.'));
        setError(e.status === 0 ? t('payment.network') : deliveryFields ? t('payment.fixDelivery') : e.message || t('failed'));
      } else setError(t('failed'));
    } finally {
      setBusy(false);
    }
  }

  const cashText = delivery.type === 'pickup' ? t('payment.cashStore') : t('payment.cashCourier');
  return (
    <section className="co-page" data-testid="checkout-payment">
      <CheckoutStyles />
      <h1>{t('payment.title')}</h1>
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
                <Button
                  variant="ghost"
                  aria-label={t('card.removeLabel', { card: c.number })}
                  onClick={() =>
                    void cardCalls.removeCard(c.id).then(
                      () => {
                        setCards(cards.filter((x) => x.id !== c.id));
                        updateCheckoutForm({ currentCard: 0 });
                        // the refusal was about this card: it goes with it
                        if (refusedCard === c.id) {
                          setError('');
                          setRefusedCard(null);
                        }
                      },
                      (e: unknown) => setError(e instanceof ApiError ? e.message : t('failed')),
                    )
                  }
                >
                  {t('card.remove')}
                </Button>
              </div>
            ))}
            {adding ? (
              <AddCardForm
                onCancel={() => setAdding(false)}
                onAdded={(added) => {
                  const next = [...(cards ?? []).filter((x) => x.id !== added.id), added];
                  setCards(next);
                  updateCheckoutForm({ currentCard: next.length - 1 });
                  setAdding(false);
                }}
              />
            ) : (
              <Button variant="secondary" onClick={() => setAdding(true)} data-testid="add-card-open">{t('card.add')}</Button>
            )}
          </fieldset>
        ) : null}

        {error ? <p role="alert" className="bz-error-block" data-testid="order-error">{error}</p> : null}
        <div className="co-row">
          <Button variant="ghost" onClick={() => void navigate(`${basePath}/checkout`)}>{t('payment.back')}</Button>
          <Button onClick={() => void placeOrder()} disabled={busy} data-testid="place-order">{busy ? t('payment.placing') : t('payment.place')}</Button>
        </div>
      </div>
      <Summary items={items} />
    </section>
  );
}
