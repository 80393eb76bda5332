// Exposed as account/SignInDialog: the two-step sign-in (phone, then the 5-digit code with a resend
// countdown). Opened through the shared $signInOpen atom, so any part of the page can ask for it.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  $auth,
  $signInOpen,
  ApiError,
  Button,
  Dialog,
  Input,
  MASKS,
  closeSignIn,
  completeSignIn,
  formatPhone,
  getApi,
  isUzPhone,
  normalizePhone,
  useAfterNextRender,
  useCountdown,
  type RemoteWidgetProps,
} from '@bozor/shared';
import { i18n } from '../i18n';
import { AccountStyles } from './AccountStyles';

export const contractVersion = __CONTRACT_VERSION__;
/** Used when the server does not say how long to wait (it normally sends retry_after). */
const RESEND_S = 60;
const OTP_LENGTH = 5;

type UserType = 'individual' | 'legal';

export default function SignInDialog(props: RemoteWidgetProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <SignInFlow {...props} />
    </I18nextProvider>
  );
}

function SignInFlow(_props: RemoteWidgetProps) {
  const { t } = useTranslation();
  const open = useStore($signInOpen);
  const auth = useStore($auth);
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [userType, setUserType] = useState<UserType>('individual');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useCountdown();
  // The step's field takes the focus when a code was sent (the phone's form, with the button pressed, is
  // gone; a resend's button gives way to the countdown) and when the shopper goes back to the phone.
  const form = useRef<HTMLFormElement>(null);
  const focusField = useAfterNextRender(() => form.current?.querySelector<HTMLInputElement>('input:not([type="radio"])')?.focus());
  // opened: straight to the field to type in (the dialog's title is still what a screen reader names it by)
  useEffect(() => {
    if (open && !auth.isAuthenticated) focusField();
    // only when it opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const fail = (err: unknown) => {
    if (err instanceof ApiError) {
      if (err.code === 'OTP_EXPIRED' || err.code === 'OTP_TOO_MANY_ATTEMPTS') setCode('');
      // A 429 says how long to wait: the "Resend code in …" countdown restarts from there.
      if (err.status === 429 && err.retryAfter > 0) setLeft(err.retryAfter);
      // A failed validation's own message is only "check the data": its field message (in the shopper's
      // language) says what is wrong. Other codes (wrong, expired code…) say it best in their message.
      const fieldMessage = err.code === 'VALIDATION_FAILED' ? (err.fields.phone ?? err.fields.otp) : undefined;
      setError(fieldMessage ?? (err.message || t('signIn.failed')));
    } else setError(t('signIn.failed'));
  };

  async function requestCode() {
    if (!isUzPhone(phone)) return setError(t('signIn.phoneInvalid'));
    setBusy(true);
    setError('');
    try {
      const res = (await getApi().sendOtp(`+${normalizePhone(phone)}`, userType)) as { retry_after?: number } | undefined;
      setStep('code');
      setCode('');
      setLeft(typeof res?.retry_after === 'number' ? res.retry_after : RESEND_S);
      focusField();
    } catch (err) {
      // Asked again too soon for this number: the last code still works, so its input is shown.
      if (err instanceof ApiError && err.code === 'OTP_RESEND_TOO_SOON' && step === 'phone') {
        setStep('code');
        setCode('');
        focusField();
      }
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (code.length !== OTP_LENGTH) return setError(t('signIn.codeInvalid'));
    setBusy(true);
    setError('');
    try {
      const { access_token } = await getApi().verifyOtp(`+${normalizePhone(phone)}`, code);
      await completeSignIn(access_token);
      closeSignIn();
      setStep('phone');
      setCode('');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} title={t('signIn.title')} onClose={closeSignIn} closeLabel={t('common:close')}>
      <AccountStyles />
      {auth.isAuthenticated ? (
        <p data-testid="signin-already">{t('signIn.already')}</p>
      ) : step === 'phone' ? (
        // Keyed forms: without keys React reuses the phone input's element for the code, and its mask
        // takes the phone's digits as a code (clearing any error with them).
        <form key="phone" ref={form} className="acc-form" noValidate onSubmit={(e) => { e.preventDefault(); void requestCode(); }}>
          <fieldset className="acc-radios">
            <legend>{t('signIn.userType')}</legend>
            {(['individual', 'legal'] as const).map((type) => (
              <label key={type}>
                <input type="radio" name="user_type" value={type} checked={userType === type} onChange={() => setUserType(type)} data-testid={`signin-type-${type}`} />{' '}
                {t(`signIn.types.${type}`)}
              </label>
            ))}
          </fieldset>
          <Input label={t('signIn.phone')} value={phone} onChange={(v) => { setPhone(v); setError(''); }} mask={MASKS.phone} placeholder="+998 __ ___ __ __" inputMode="tel" autoComplete="tel" error={error || undefined} testId="signin-phone" />
          <Button type="submit" disabled={busy} data-testid="signin-get-code">{t('signIn.getCode')}</Button>
        </form>
      ) : (
        <form key="code" ref={form} className="acc-form" noValidate onSubmit={(e) => { e.preventDefault(); void verify(); }}>
          <p>{t('signIn.codeSent', { phone: formatPhone(phone) })}</p>
          <Input label={t('signIn.code')} value={code} onChange={(v) => { setCode(v); setError(''); }} mask={MASKS.otp} inputMode="numeric" autoComplete="one-time-code" error={error || undefined} testId="signin-code" />
          <Button type="submit" disabled={busy || code.length !== OTP_LENGTH} data-testid="signin-verify">{t('signIn.verify')}</Button>
          <div className="acc-row">
            {left > 0 ? (
              <span aria-live="polite" data-testid="signin-countdown">{t('signIn.resendIn', { seconds: left })}</span>
            ) : (
              <Button variant="ghost" onClick={() => void requestCode()} disabled={busy} data-testid="signin-resend">{t('signIn.resend')}</Button>
            )}
            {/* The countdown belongs to the number: another number may ask at once (the server says if not). */}
            <Button variant="ghost" onClick={() => { setStep('phone'); setError(''); setCode(''); setLeft(0); focusField(); }}>{t('signIn.changePhone')}</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
