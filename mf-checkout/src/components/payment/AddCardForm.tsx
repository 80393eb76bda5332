import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, Input, MASKS, useCountdown } from '@bozor/shared';
import type { SavedCard } from '@bozor/shared/api/payments';
import { cardNumberValid } from '@bozor/shared-runtime/card-number';
import { cardCalls } from '../../api/checkout';
import { expiryProblem } from './cardRules';

const CODE_MASK = '######';

/** The card refusals of the API (docs/api.md "Saved cards") and the input each is about. */
const CARD_REFUSALS: Partial<Record<string, 'number' | 'expire' | 'code'>> = {
  CARD_INVALID: 'number',
  CARD_NOT_FOUND: 'number',
  CARD_EXPIRED: 'expire',
  CARD_CODE_INVALID: 'code',
  CARD_CODE_EXPIRED: 'code',
};

/**
 * Add a card: number and expiry → the bank texts a 6-digit code to the card's phone → confirm. The
 * inputs carry no `name` (docs/architecture.md "Security rules") and the number is dropped as soon as it was sent.
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

  const failed = (e: unknown) => {
    if (e instanceof ApiError) {
      // A 429 says how long the bank's cooldown still runs: the countdown restarts from there.
      if (e.status === 429 && e.retryAfter > 0) setLeft(e.retryAfter);
      // Too many wrong codes: the pending card is gone, so the form starts again from the number.
      if (e.code === 'CARD_CODE_LOCKED') {
        setPending(null);
        setCode('');
      }
      // The server's per-field messages (in the shopper's language) go next to their inputs. A card
      // refusal names its field with only the generic "not valid": its own message says what is wrong.
      const f = { ...e.fields };
      const field = CARD_REFUSALS[e.code];
      if (field && e.message) f[field] = e.message;
      setErrors({
        number: f.number,
        expire: f.expire,
        code: f.code,
        form: f.number || f.expire || f.code ? undefined : e.message || t('failed'),
      });
    } else setErrors({ form: t('failed') });
  };

  async function create() {
    const expiry = expiryProblem(expire);
    const e = {
      // the API's own rule, so the form refuses exactly what POST /api/payments/card/create would
      number: cardNumberValid(number) ? undefined : t('card.numberInvalid'),
      // a well-typed date in the past is an expired card, not a typing mistake
      expire: expiry === 'expired' ? t('card.expired') : expiry === 'format' ? t('card.expiryInvalid') : undefined,
    };
    setErrors(e);
    if (e.number || e.expire) return;
    setBusy(true);
    try {
      const res = await cardCalls.createCard(number, expire);
      setPending({ card: res.card, phone: res.phone });
      setNumber('');
      setLeft(res.wait || 60);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!pending) return;
    setBusy(true);
    try {
      const res = await cardCalls.resendCardCode(pending.card.id);
      setPending({ ...pending, phone: res.phone });
      setLeft(res.wait || 60);
      setErrors({});
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!pending) return;
    if (!/^\d{6}$/.test(code)) return setErrors({ code: t('card.codeInvalid') });
    setBusy(true);
    try {
      onAdded(await cardCalls.confirmCard(pending.card.id, code));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="co-card" data-testid="add-card">
      <h3>{t('card.add')}</h3>
      {!pending ? (
        <>
          <Input label={t('card.number')} value={number} onChange={setNumber} mask={MASKS.cardNumber} inputMode="numeric" autoComplete="cc-number" placeholder="0000 0000 0000 0000" error={errors.number} testId="card-number" />
          <Input label={t('card.expiry')} value={expire} onChange={setExpire} mask={MASKS.cardExpiry} inputMode="numeric" autoComplete="cc-exp" placeholder={t('card.expiryPlaceholder')} error={errors.expire} testId="card-expiry" />
          <div className="co-row">
            <Button onClick={() => void create()} disabled={busy} data-testid="card-create">{t('card.getCode')}</Button>
            <Button variant="ghost" onClick={onCancel}>{t('card.cancel')}</Button>
          </div>
        </>
      ) : (
        <>
          <p data-testid="card-code-sent">{t('card.codeSent', { phone: pending.phone, card: pending.card.number })}</p>
          <Input label={t('card.code')} value={code} onChange={setCode} mask={CODE_MASK} inputMode="numeric" autoComplete="one-time-code" error={errors.code} testId="card-code" />
          <div className="co-row">
            <Button onClick={() => void confirm()} disabled={busy || code.length !== 6} data-testid="card-confirm">{t('card.confirm')}</Button>
            {left > 0 ? (
              <span aria-live="polite" data-testid="card-resend-countdown">{t('card.resendIn', { seconds: left })}</span>
            ) : (
              <Button variant="ghost" onClick={() => void resend()} disabled={busy} data-testid="card-resend">{t('card.resend')}</Button>
            )}
          </div>
        </>
      )}
      {errors.form ? <p role="alert" className="bz-field__error">{errors.form}</p> : null}
      <p className="co-muted">{t('card.poweredBy')}</p>
    </div>
  );
}
