// Exposed as account/SignInDialog: the two-step sign-in (phone, then the 5-digit code with a resend
// countdown). Opened through the shared $signInOpen atom, so any part of the page can ask for it.
import { useEffect, useState } from 'react';
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
  getApi,
  isUzPhone,
  normalizePhone,
  type RemoteWidgetProps,
} from '@bozor/shared';
import { i18n } from '../i18n';

export const contractVersion = __CONTRACT_VERSION__;
const RESEND_S = 60;

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
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  const fail = (err: unknown) => setError(err instanceof ApiError ? err.message : t('signIn.failed'));

  async function requestCode() {
    if (!isUzPhone(phone)) return setError(t('signIn.phoneInvalid'));
    setBusy(true);
    setError('');
    try {
      await getApi().sendOtp(`+${normalizePhone(phone)}`, 'individual');
      setStep('code');
      setLeft(RESEND_S);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
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
      {auth.isAuthenticated ? (
        <p>{t('signIn.already')}</p>
      ) : step === 'phone' ? (
        <form onSubmit={(e) => { e.preventDefault(); void requestCode(); }}>
          <Input label={t('signIn.phone')} value={phone} onChange={setPhone} mask={MASKS.phone} inputMode="tel" autoComplete="tel" error={error || undefined} testId="signin-phone" />
          <Button type="submit" disabled={busy}>{t('signIn.getCode')}</Button>
        </form>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void verify(); }}>
          <Input label={t('signIn.code')} value={code} onChange={setCode} mask={MASKS.otp} inputMode="numeric" autoComplete="one-time-code" error={error || undefined} testId="signin-code" />
          <Button type="submit" disabled={busy || code.length !== 5}>{t('signIn.verify')}</Button>{' '}
          {left > 0 ? (
            <span>{t('signIn.resendIn', { seconds: left })}</span>
          ) : (
            <Button variant="ghost" onClick={() => void requestCode()}>{t('signIn.resend')}</Button>
          )}
        </form>
      )}
    </Dialog>
  );
}
