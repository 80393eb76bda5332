// My cards: the saved cards, each with Remove (asked once more), outside any checkout — seeing or removing a
// card does not take a cart and a delivery step first. Cards are added where they are used, at payment.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, getApi, useAsync } from '@bozor/shared';
import { type SavedCard, paymentsApi } from '@bozor/shared/api/payments';
import { ListSection, useSectionFocus } from '../ListSection';

export function SavedCards() {
  const { t } = useTranslation();
  const id = useId();
  const { data, loading, error, reload } = useAsync('cards', async () => paymentsApi(getApi()).cards());
  const [removed, setRemoved] = useState<number[]>([]);
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // a second tap on "Yes, remove" while the first is under way sends nothing (state may not have re-rendered yet)
  const sending = useRef(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  // after a step of the removal: the element that takes the focus once it is on screen (the pressed button is gone)
  const focus = useSectionFocus();
  const cards = data?.filter((c) => !removed.includes(c.id)) ?? null;

  async function remove(card: SavedCard, index: number) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailure('');
    try {
      await paymentsApi(getApi()).removeCard(card.id);
    } catch (err) {
      // 404: removed already (another tab, the checkout) — it is gone either way, which is what was asked
      if (!(err instanceof ApiError && err.status === 404)) {
        setFailure(err instanceof ApiError && err.status !== 0 && err.message ? err.message : t('signIn.failed'));
        focus.focusNext(`card-remove-yes-${index}`);
        return;
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
    const left = (cards ?? []).filter((c) => c.id !== card.id);
    setRemoved((r) => [...r, card.id]);
    setAsking(null);
    setNotice(t('cards.removed', { card: card.number }));
    // the next card's Remove (the one that took this one's place), else the last one's, else the heading
    focus.focusNext(left.length > 0 ? `card-remove-${Math.min(index, left.length - 1)}` : 'heading');
  }

  return (
    <ListSection
      focus={focus}
      title={t('cards.title')}
      testId="saved-cards"
      loading={loading && !data}
      failed={Boolean(error)}
      reload={reload}
      notice={notice}
      noticeTestId="cards-status"
    >
      {cards?.length === 0 ? <p className="acc-muted" data-testid="cards-none">{t('cards.none')}</p> : null}
      {cards && cards.length > 0 ? (
        <ul className="acc-list">
          {cards.map((c, index) => (
            <li key={c.id} className="acc-row acc-between" data-testid="saved-card">
              <span className="acc-item">
                <strong>{c.number}</strong>
                <span className="acc-muted">{[c.type, c.expire].filter(Boolean).join(' · ')}</span>
              </span>
              {asking === c.id ? (
                <span role="group" className="acc-row" aria-labelledby={`${id}-ask-${c.id}`}>
                  <span id={`${id}-ask-${c.id}`}>{t('cards.removeAsk', { card: c.number })}</span>
                  {/* aria-disabled while the card is being removed: the pressed button keeps the focus, a second tap does nothing */}
                  <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => void remove(c, index)} data-testid={`card-remove-yes-${index}`}>
                    {t('cards.removeYes')}
                  </Button>
                  <Button
                    variant="ghost"
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      setAsking(null);
                      setFailure('');
                      focus.focusNext(`card-remove-${index}`);
                    }}
                    data-testid={`card-remove-no-${index}`}
                  >
                    {t('cards.removeNo')}
                  </Button>
                  {failure ? (
                    <span role="alert" className="bz-field__error acc-block" data-testid="card-remove-error">
                      {failure}
                    </span>
                  ) : null}
                </span>
              ) : (
                <Button
                  variant="ghost"
                  aria-label={t('cards.removeLabel', { card: c.number })}
                  onClick={() => {
                    setAsking(c.id);
                    setNotice('');
                    setFailure('');
                    // "No" first: a second Enter keeps the card
                    focus.focusNext(`card-remove-no-${index}`);
                  }}
                  data-testid={`card-remove-${index}`}
                >
                  {t('cards.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </ListSection>
  );
}
