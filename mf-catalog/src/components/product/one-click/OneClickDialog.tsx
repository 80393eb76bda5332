// The "Buy in 1 click" form (issue 12): name and phone, the SMS code typed in the same form, then the order.
// A guest is signed in by the same calls as the sign-in dialog (`sendOtp`, which solves the API's puzzle
// through `withPuzzle`, then `verifyOtp` and `completeSignIn`, so the shell's auth store learns it); a
// signed-in shopper orders at once with their account's phone. The order (POST /api/orders/one-click) is
// paid on receipt and its delivery agreed when staff call; the shopper lands on its confirmation page.
import './strings';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import {
  $auth,
  $language,
  ApiError,
  Button,
  Dialog,
  Input,
  MASKS,
  Price,
  completeSignIn,
  formatPhone,
  getApi,
  isUzPhone,
  normalizePhone,
  useAfterNextRender,
  useCountdown,
} from '@bozor/shared';
import { ordersApi, type OneClickBody } from '@bozor/shared/api/orders';
import { CHECKOUT_STORAGE_KEYS } from '@bozor/shared/checkout-storage';
import type { ProductDetail } from '../../../api/types';
import type { ProductPurchase } from '../../../hooks/useProductPurchase';

const OTP_LENGTH = 5;
/** Used when the server does not say how long to wait (it normally sends retry_after). */
const RESEND_S = 60;
/** The checkout's confirmation page shows this copy of the order at once (mf-checkout state/persist.ts). */
const LAST_ORDER_KEY = CHECKOUT_STORAGE_KEYS.lastOrder;

/** The form's own few rules (the dialog, inputs and buttons are the shared design system's). */
const CSS = `
.bzc-oneclick { display: grid; gap: 12px; max-width: 420px; }
.bzc-oneclick p { margin: 0; }
.bzc-oneclick__item { display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.bzc-oneclick__form { display: grid; gap: 12px; }
.bzc-oneclick__row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; }
.bzc-oneclick__checkout { justify-self: start; }
`;

export interface OneClickDialogProps {
  product: ProductDetail;
  purchase: ProductPurchase;
  onClose: () => void;
}

/** One Idempotency-Key per order body: a retry (a lost answer, a double tap) places the order once. */
function useOrderKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body: OneClickBody): string => {
    const json = JSON.stringify(body);
    if (last.current?.body === json) return last.current.key;
    const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    last.current = { body: json, key: `oc-${random}` };
    return last.current.key;
  };
}

export default function OneClickDialog({ product, purchase, onClose }: OneClickDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useStore($auth);
  const lang = useStore($language);
  const [name, setName] = useState(() => auth.user?.name ?? '');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [error, setError] = useState<{ field: 'name' | 'phone' | 'code' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useCountdown();
  const keyFor = useOrderKey();
  const box = useRef<HTMLDivElement>(null);
  // The field to focus once its step has rendered: each step's form is a new element, so the focus
  // would drop to the page's body (each call focuses again, so a resend focuses the code again).
  const focusField = useRef('');
  const focusAfterRender = useAfterNextRender(() => box.current?.querySelector<HTMLElement>(`[data-testid="${focusField.current}"]`)?.focus());
  const focusTo = (testId: string) => {
    focusField.current = testId;
    focusAfterRender();
  };
  const { variant, quantity, price } = purchase;
  const signedIn = auth.isAuthenticated && Boolean(auth.user?.phone);

  const fail = (err: unknown, field: 'phone' | 'code' | 'form') => {
    if (!(err instanceof ApiError)) return setError({ field, text: t('oneClick.failed') });
    if (err.status === 0) return setError({ field, text: t('oneClick.offline') });
    if (err.code === 'OTP_EXPIRED' || err.code === 'OTP_TOO_MANY_ATTEMPTS') setCode('');
    // A 429 says how long to wait: the resend countdown restarts from there.
    if (err.status === 429 && err.retryAfter > 0) setLeft(err.retryAfter);
    const fieldMessage = err.code === 'VALIDATION_FAILED' ? (err.fields.phone ?? err.fields.otp ?? err.fields.name) : undefined;
    setError({ field, text: fieldMessage ?? (err.message || t('oneClick.failed')) });
  };

  // A field refused before anything is sent takes the focus, with its message: the shopper types there next.
  const checkName = (): boolean => {
    if (name.trim()) return true;
    setError({ field: 'name', text: t('oneClick.nameRequired') });
    focusTo('one-click-name');
    return false;
  };

  async function requestCode() {
    if (!checkName()) return;
    if (!isUzPhone(phone)) {
      setError({ field: 'phone', text: t('oneClick.phoneInvalid') });
      return focusTo('one-click-phone');
    }
    setBusy(true);
    setError(null);
    try {
      const res = (await getApi().sendOtp(`+${normalizePhone(phone)}`, 'individual')) as { retry_after?: number } | undefined;
      setStep('code');
      setCode('');
      setLeft(typeof res?.retry_after === 'number' ? res.retry_after : RESEND_S);
      focusTo('one-click-code');
    } catch (err) {
      // Asked again too soon for this number: the last code still works, so its input is shown.
      if (err instanceof ApiError && err.code === 'OTP_RESEND_TOO_SOON' && step === 'details') {
        setStep('code');
        setCode('');
      }
      // A failed resend may swap its button for the countdown: the code field keeps the focus, and the
      // message goes with it (the phone's field is not on the code step).
      const onCodeStep = step === 'code' || (err instanceof ApiError && err.code === 'OTP_RESEND_TOO_SOON');
      if (onCodeStep) focusTo('one-click-code');
      fail(err, onCodeStep ? 'code' : 'phone');
    } finally {
      setBusy(false);
    }
  }

  async function placeOrder() {
    const body: OneClickBody = { product_id: product.id, ...(variant ? { variant_id: variant.id } : {}), quantity, name: name.trim() };
    const order = await ordersApi(getApi()).oneClick(body, keyFor(body));
    try {
      sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
    } catch {
      /* the confirmation page then asks the API for it */
    }
    onClose();
    void navigate(`/${lang}/checkout/confirmed?order=${encodeURIComponent(order.number)}`);
  }

  async function confirmAndOrder() {
    if (!checkName()) return;
    if (code.length !== OTP_LENGTH) return setError({ field: 'code', text: t('oneClick.codeInvalid') });
    setBusy(true);
    setError(null);
    try {
      const { access_token } = await getApi().verifyOtp(`+${normalizePhone(phone)}`, code);
      await completeSignIn(access_token);
    } catch (err) {
      setBusy(false);
      // The refused (or cleared) code is typed again: its field has the focus and the error.
      focusTo('one-click-code');
      return fail(err, 'code');
    }
    try {
      await placeOrder();
    } catch (err) {
      // Signed in now: the form offers "Place the order" again with the account's phone.
      fail(err, 'form');
    } finally {
      setBusy(false);
    }
  }

  async function orderSignedIn() {
    if (!checkName()) return;
    setBusy(true);
    setError(null);
    try {
      await placeOrder();
    } catch (err) {
      fail(err, 'form');
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: 'name' | 'phone' | 'code') => (error?.field === field ? error.text : undefined);
  const nameInput = (
    <Input label={t('oneClick.name')} value={name} onChange={(v) => { setName(v); setError(null); }} autoComplete="given-name" name="name" testId="one-click-name" error={errorOf('name')} />
  );

  return (
    <Dialog open title={t('oneClick.title')} onClose={onClose} closeLabel={t('common:close')}>
      <style>{CSS}</style>
      <div ref={box} className="bzc-oneclick" data-testid="one-click-dialog">
        <p className="bzc-muted">{t('oneClick.lead')}</p>
        <p className="bzc-oneclick__item" data-testid="one-click-item">
          <span>
            {product.name}
            {variant?.options.length ? ` (${variant.options.map((o) => o.label).join(', ')})` : ''} × {quantity}
          </span>{' '}
          <strong>
            <Price amount={price * quantity} />
          </strong>
        </p>
        {signedIn ? (
          <form key="signed-in" className="bzc-oneclick__form" noValidate aria-busy={busy || undefined} onSubmit={(e) => { e.preventDefault(); void orderSignedIn(); }}>
            {nameInput}
            <p data-testid="one-click-your-phone">{t('oneClick.yourPhone', { phone: formatPhone(auth.user?.phone ?? '') })}</p>
            <Button type="submit" aria-disabled={busy || undefined} data-testid="one-click-order">{busy ? t('oneClick.placing') : t('oneClick.order')}</Button>
          </form>
        ) : step === 'details' ? (
          // Keyed forms: without keys React reuses the phone input's element for the code, and its mask
          // takes the phone's digits as a code.
          <form key="details" className="bzc-oneclick__form" noValidate aria-busy={busy || undefined} onSubmit={(e) => { e.preventDefault(); void requestCode(); }}>
            {nameInput}
            <Input label={t('oneClick.phone')} value={phone} onChange={(v) => { setPhone(v); setError(null); }} mask={MASKS.phone} placeholder="+998 __ ___ __ __" inputMode="tel" autoComplete="tel" testId="one-click-phone" error={errorOf('phone')} />
            {/* aria-disabled, not disabled: a disabled button loses the focus while the code is asked for */}
            <Button type="submit" aria-disabled={busy || undefined} data-testid="one-click-send-code">{t('oneClick.sendCode')}</Button>
          </form>
        ) : (
          <form key="code" className="bzc-oneclick__form" noValidate aria-busy={busy || undefined} onSubmit={(e) => { e.preventDefault(); void confirmAndOrder(); }}>
            {nameInput}
            <p role="status">{t('oneClick.codeSent', { phone: formatPhone(phone) })}</p>
            <Input label={t('oneClick.code')} value={code} onChange={(v) => { setCode(v); setError(null); }} mask={MASKS.otp} inputMode="numeric" autoComplete="one-time-code" testId="one-click-code" error={errorOf('code')} />
            <Button type="submit" disabled={!busy && code.length !== OTP_LENGTH} aria-disabled={busy || undefined} data-testid="one-click-confirm">{busy ? t('oneClick.placing') : t('oneClick.confirm')}</Button>
            <div className="bzc-oneclick__row">
              {left > 0 ? (
                <span aria-live="polite" data-testid="one-click-countdown">{t('oneClick.resendIn', { seconds: left })}</span>
              ) : (
                <Button variant="ghost" onClick={() => void requestCode()} aria-disabled={busy || undefined} data-testid="one-click-resend">{t('oneClick.resend')}</Button>
              )}
              <Button variant="ghost" onClick={() => { setStep('details'); setError(null); setCode(''); setLeft(0); focusTo('one-click-phone'); }}>{t('oneClick.changePhone')}</Button>
            </div>
          </form>
        )}
        {error?.field === 'form' ? (
          <p role="alert" className="bz-field__error" data-testid="one-click-error">{error.text}</p>
        ) : null}
        <button type="button" className="bz-btn bz-btn--ghost bzc-oneclick__checkout" data-testid="one-click-checkout" onClick={() => { onClose(); purchase.buyNow(); }}>
          {t('oneClick.checkout')}
        </button>
      </div>
    </Dialog>
  );
}
