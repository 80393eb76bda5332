import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, MASKS } from '@bozor/shared';
import { CheckoutError, checkoutApi, type SavedCard } from '../../api/checkout';
import { expiryValid, luhnValid } from './cardRules';

const CODE_MASK = '######';

/**
 * Add a card: number and expiry → the bank texts a 6-digit code to the card's phone → confirm. The
 * inputs carry no `name` (DESIGN.md security rules) and the number is dropped as soon as it was sent.
 */
export function AddCardForm({ onAdded, onCancel }: { onAdded: (card: SavedCard) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [expire, setExpire] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<{ card: SavedCard; phone: string } | null>(null);
  const [errors, setErrors] = useState<{ number?: string; expire?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  const failed = (e: unknown) => {
    if (e instanceof CheckoutError) {
      const f = e.fields;
      setErrors({
        number: f.number ? t('card.numberInvalid') : undefined,
        expire: f.expire ? t('card.expiryInvalid') : undefined,
        code: f.code ? t('card.codeInvalid') : undefined,
        form: f.number || f.expire || f.code ? undefined : e.message || t('failed'),
      });
    } else setErrors({ form: t('failed') });
  };

  async function create() {
    const e = {
      number: luhnValid(number) ? undefined : t('card.numberInvalid'),
      expire: expiryValid(expire) ? undefined : t('card.expiryInvalid'),
    };
    setErrors(e);
    if (e.number || e.expire) return;
    setBusy(true);
    try {
      const res = await checkoutApi.createCard(number, expire);
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
      const res = await checkoutApi.resendCardCode(pending.card.id);
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
      const res = await checkoutApi.confirmCard(pending.card.id, code);
      onAdded(res.card);
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
              <span aria-live="polite">{t('card.resendIn', { seconds: left })}</span>
            ) : (
              <Button variant="ghost" onClick={() => void resend()} disabled={busy}>{t('card.resend')}</Button>
            )}
          </div>
        </>
      )}
      {errors.form ? <p role="alert" className="bz-field__error">{errors.form}</p> : null}
      <p className="co-muted">{t('card.poweredBy')}</p>
    </div>
  );
}
