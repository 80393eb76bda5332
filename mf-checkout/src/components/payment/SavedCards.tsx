// The saved cards of the payment step (pages/PaymentPage.tsx, method "card"): choose one, remove one (asked
// first), or add one. What happened is read out by the status line; the focus follows what replaced the
// pressed button.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $checkoutForm, ApiError, Button, updateCheckoutForm } from '@bozor/shared';
import type { SavedCard } from '@bozor/shared/api/payments';
import { cardCalls } from '../../api/checkout';
import { AddCardForm } from './AddCardForm';

export const ADD_CARD = 'add-card-open';

export interface SavedCardsProps {
  /** The account's cards; null while loading. */
  cards: SavedCard[] | null;
  setCards: (cards: SavedCard[]) => void;
  /** The list could not be loaded. */
  loadFailed: boolean;
  /** A removal the API refused: the page says so as the order's error. */
  onRemoveFailed: (message: string) => void;
  /** A card removed (or gone already): the page drops a refusal that was about it. */
  onRemoved: (card: SavedCard) => void;
}

export function SavedCards({ cards, setCards, loadFailed, onRemoveFailed, onRemoved }: SavedCardsProps) {
  const { t } = useTranslation();
  const form = useStore($checkoutForm);
  const [adding, setAdding] = useState(false);
  // What happened to the saved cards ("Card added", "Card removed"), read out by the status line.
  const [notice, setNotice] = useState('');
  // The card whose Remove was pressed: its row asks "Remove this card? Yes / No".
  const [removing, setRemoving] = useState<number | null>(null);
  // Set while that card's DELETE is under way: a second tap on "Yes" (a double click) sends nothing more.
  // The ref answers a tap that comes before the list has re-rendered; the state greys the buttons out.
  const [removeBusy, setRemoveBusy] = useState(false);
  const removeSent = useRef(false);
  const list = useRef<HTMLFieldSetElement>(null);
  // The control to focus once it is on screen (a test id): set with the state change that replaces the
  // pressed button, so the focus never falls to the page.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    list.current?.querySelector<HTMLElement>(`[data-testid="${target}"]`)?.focus();
  });

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
        return onRemoveFailed(e instanceof ApiError ? e.message : t('failed'));
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
    onRemoved(c);
  }

  return (
    <fieldset ref={list} className="co-options" data-testid="saved-cards">
      <legend>{t('card.saved')}</legend>
      {cards === null && !loadFailed ? <p role="status">{t('loading')}</p> : null}
      {loadFailed ? <p role="alert" className="bz-field__error">{t('loadFailed')}</p> : null}
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
  );
}
