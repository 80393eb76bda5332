import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, Input, MASKS, useCountdown } from '@bozor/shared';
import type { SavedCard } from '@bozor/shared/api/payments';
import { cardNumberValid } from '@bozor/shared-runtime/card-number';
import { cardCalls } from '../../api/checkout';
import { expiryProblem, formatCardPhone } from './cardRules';

const CODE_MASK = '######';

/** The card refusals of the API (docs/api.md "Saved cards") and the input each is about. */
const CARD_REFUSALS: Partial<Record<string, 'number' | 'expire' | 'code'>> = {
  CARD_INVALID: 'number',
  CARD_NOT_FOUND: 'number',
  CARD_EXPIRED: 'expire',
  CARD_CODE_INVALID: 'code',
  CARD_CODE_EXPIRED: 'code',
};

type Field = 'number' | 'expire' | 'code';
/** Where the keyboard focus goes after a render: an input (by its test id) or the form's own message. */
type FocusTarget = Field | 'form';
const FIELD_TEST_IDS: Record<Field, string> = { number: 'card-number', expire: 'card-expiry', code: 'card-code' };

/**
 * Add a card: number and expiry → the bank texts a 6-digit code to the card's phone → confirm. The
 * inputs carry no `name` (docs/architecture.md "Security rules") and the number is dropped as soon as it was sent.
 * The keyboard focus follows the steps: the number when the form opens, the code once it was sent, and
 * the wrong field (or the message of an error tied to none) after a refusal; Enter in a step submits it,
 * Escape or Cancel closes the form (the page puts the focus back on "Add a card").
 */
export function AddCardForm({ onAdded, onCancel }: { onAdded: (card: SavedCard) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [expire, setExpire] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<{ card: SavedCard; phone: string } | null>(null);
  const [errors, setErrors] = useState<{ number?: string; expire?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useCountdown();
  const box = useRef<HTMLDivElement>(null);
  const formMessage = useRef<HTMLParagraphElement>(null);
  // set with the state change that shows the target; focused once it is on screen
  const focusNext = useRef<FocusTarget | null>('number');
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'form') formMessage.current?.focus();
    else box.current?.querySelector<HTMLElement>(`[data-testid="${FIELD_TEST_IDS[target]}"]`)?.focus();
  });

  /** The errors shown, the focus on the first wrong field (or on the form's message). */
  const showErrors = (next: { number?: string; expire?: string; code?: string; form?: string }, onCode = false) => {
    setErrors(next);
    const field = (['number', 'expire', 'code'] as const).find((k) => next[k] && (k === 'code') === onCode);
    focusNext.current = field ?? (next.form ? 'form' : null);
  };

  const failed = (e: unknown) => {
    if (e instanceof ApiError) {
      // A 429 says how long the bank's cooldown still runs: the countdown restarts from there.
      if (e.status === 429 && e.retryAfter > 0) setLeft(e.retryAfter);
      // Too many wrong codes: the pending card is gone, so the form starts again from the number.
      const locked = e.code === 'CARD_CODE_LOCKED';
      if (locked) {
        setPending(null);
        setCode('');
      }
      // The server's per-field messages (in the shopper's language) go next to their inputs. A card
      // refusal names its field with only the generic "not valid": its own message says what is wrong.
      const f = { ...e.fields };
      const field = CARD_REFUSALS[e.code];
      if (field && e.message) f[field] = e.message;
      showErrors(
        {
          number: f.number,
          expire: f.expire,
          code: f.code,
          form: f.number || f.expire || f.code ? undefined : e.message || t('failed'),
        },
        pending !== null && !locked,
      );
    } else showErrors({ form: t('failed') });
  };

  async function create() {
    const expiry = expiryProblem(expire);
    const e = {
      // the API's own rule, so the form refuses exactly what POST /api/payments/card/create would
      number: cardNumberValid(number) ? undefined : t('card.numberInvalid'),
      // a well-typed date in the past is an expired card, not a typing mistake
      expire: expiry === 'expired' ? t('card.expired') : expiry === 'format' ? t('card.expiryInvalid') : undefined,
    };
    showErrors(e);
    if (e.number || e.expire) return;
    setBusy(true);
    try {
      const res = await cardCalls.createCard(number, expire);
      setPending({ card: res.card, phone: res.phone });
      setNumber('');
      setLeft(res.wait || 60);
      focusNext.current = 'code';
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!pending || busy) return;
    setBusy(true);
    try {
      const res = await cardCalls.resendCardCode(pending.card.id);
      setPending({ ...pending, phone: res.phone });
      setLeft(res.wait || 60);
      setErrors({});
      // the countdown takes the pressed button's place: the shopper goes on at the code
      focusNext.current = 'code';
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!pending) return;
    if (!/^\d{6}$/.test(code)) return showErrors({ code: t('card.codeInvalid') }, true);
    setBusy(true);
    try {
      onAdded(await cardCalls.confirmCard(pending.card.id, code));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  /** Enter in a step's fields submits the step (a form of its own: the page around it has none). */
  const submit = (action: () => Promise<void>) => (ev: FormEvent) => {
    ev.preventDefault();
    void action();
  };
  const onKeyDown = (ev: KeyboardEvent) => {
    if (ev.key !== 'Escape') return;
    ev.preventDefault();
    onCancel();
  };

  return (
    <div ref={box} className="co-card" data-testid="add-card" onKeyDown={onKeyDown}>
      <h3>{t('card.add')}</h3>
      {!pending ? (
        <form noValidate onSubmit={submit(create)} data-testid="card-create-form">
          <Input label={t('card.number')} value={number} onChange={setNumber} mask={MASKS.cardNumber} inputMode="numeric" autoComplete="cc-number" placeholder="0000 0000 0000 0000" error={errors.number} testId="card-number" />
          <Input label={t('card.expiry')} value={expire} onChange={setExpire} mask={MASKS.cardExpiry} inputMode="numeric" autoComplete="cc-exp" placeholder={t('card.expiryPlaceholder')} error={errors.expire} testId="card-expiry" />
          <div className="co-row">
            {/* aria-disabled, not disabled: the pressed button keeps the focus while the code is asked for */}
            <Button type="submit" aria-disabled={busy || undefined} data-testid="card-create">{t('card.getCode')}</Button>
            <Button variant="ghost" onClick={onCancel} data-testid="card-cancel">{t('card.cancel')}</Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={submit(confirm)} data-testid="card-confirm-form">
          <p data-testid="card-code-sent">{t('card.codeSent', { phone: formatCardPhone(pending.phone), card: pending.card.number })}</p>
          <Input label={t('card.code')} value={code} onChange={setCode} mask={CODE_MASK} inputMode="numeric" autoComplete="one-time-code" error={errors.code} testId="card-code" />
          <div className="co-row">
            {/* never disabled: Enter in the code field submits the form, and a short code is explained */}
            <Button type="submit" aria-disabled={busy || undefined} data-testid="card-confirm">{t('card.confirm')}</Button>
            {left > 0 ? (
              <span aria-live="polite" data-testid="card-resend-countdown">{t('card.resendIn', { seconds: left })}</span>
            ) : (
              <Button variant="ghost" onClick={() => void resend()} disabled={busy} data-testid="card-resend">{t('card.resend')}</Button>
            )}
            <Button variant="ghost" onClick={onCancel} data-testid="card-cancel">{t('card.cancel')}</Button>
          </div>
        </form>
      )}
      {errors.form ? <p ref={formMessage} role="alert" tabIndex={-1} className="bz-field__error" data-testid="card-form-error">{errors.form}</p> : null}
      <p className="co-muted">{t('card.poweredBy')}</p>
    </div>
  );
}
