// Sign-in: the staff member's phone (+998 mask, as the shop's sign-in), then the SMS code with a resend
// countdown. The token is kept and the staff member goes back to the page they were sent away from.
// The keyboard focus follows: the code field once the code is sent (the pressed button is gone), the phone
// field when the number is to be changed, and the page's heading after signing in (Layout).
import { useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, Input, MASKS, formatPhone, normalizePhone, useAfterNextRender, useCountdown } from '@bozor/shared';
import { api } from '../api';
import { homeOf } from '../auth/access';
import { $staff, $token, startSession } from '../auth/session';
import { FOCUS_HEADING } from '../components/layout/Layout';
import { errorText } from '../components/common/States';
import { LanguageSwitcher } from '../components/layout/LanguageSwitcher';
import { codeSchema, OTP_LENGTH, phoneSchema } from '../forms/schemas';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useErrorsInLanguage } from '../hooks/useErrorsInLanguage';

/** Used when the API does not say how long to wait. */
const RESEND_S = 60;

/** Only a path inside the back office is a place to come back to (never another site). */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/sign-in') ? next : null;
}

export default function SignInPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('signIn.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useStore($token);
  const staff = useStore($staff);
  const [phone, setPhone] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [left, setLeft] = useCountdown();
  const phoneForm = useForm<{ phone: string }>({ resolver: zodResolver(useMemo(() => phoneSchema((k) => t(k, { lng: i18n.language })), [t, i18n.language])), defaultValues: { phone: '' } });
  // its own messages follow the language switch
  useErrorsInLanguage(phoneForm, i18n.language);
  const codeForm = useForm<{ otp: string }>({ resolver: zodResolver(useMemo(() => codeSchema((k) => t(k, { lng: i18n.language })), [t, i18n.language])), defaultValues: { otp: '' } });
  // its own messages follow the language switch
  useErrorsInLanguage(codeForm, i18n.language);
  const next = safeNext(params.get('next'));
  // the shared Input takes no ref: its field is found in its form
  const phoneBox = useRef<HTMLFormElement>(null);
  const codeBox = useRef<HTMLFormElement>(null);
  const focusPhone = useAfterNextRender(() => phoneBox.current?.querySelector('input')?.focus());
  const focusCode = useAfterNextRender(() => codeBox.current?.querySelector('input')?.focus());
  // signed in here (not a session found on arrival): the next page's heading takes the focus
  const signedInHere = useRef(false);

  if (token && staff) return <Navigate to={next ?? homeOf(staff.role)} replace state={signedInHere.current ? FOCUS_HEADING : undefined} />;

  const fail = (err: unknown) => {
    // a 429 says how long to wait: the countdown restarts from there
    if (err instanceof ApiError && err.status === 429 && err.retryAfter > 0) setLeft(err.retryAfter);
    const field = err instanceof ApiError && err.code === 'VALIDATION_FAILED' ? (err.fields.phone ?? err.fields.otp) : undefined;
    setError(field ?? errorText(err, t));
  };

  async function sendCode(value: string) {
    setError('');
    try {
      const answer = await api.sendOtp(`+${normalizePhone(value)}`);
      setPhone(value);
      codeForm.reset({ otp: '' });
      setLeft(typeof answer?.retry_after === 'number' ? answer.retry_after : RESEND_S);
      // "Get the code" (or "Send the code again") is gone: the code is what comes next
      focusCode();
    } catch (err) {
      // asked again too soon: the last code still works, so its field is shown
      if (err instanceof ApiError && err.status === 429 && phone === null && err.code === 'OTP_RESEND_TOO_SOON') {
        setPhone(value);
        focusCode();
      }
      fail(err);
    }
  }

  async function verify(otp: string) {
    if (!phone) return;
    setError('');
    try {
      const answer = await api.verifyOtp(`+${normalizePhone(phone)}`, otp);
      signedInHere.current = true;
      startSession(answer.token, answer.staff);
      void navigate(next ?? homeOf(answer.staff.role), { replace: true, state: FOCUS_HEADING });
    } catch (err) {
      fail(err);
    }
  }

  return (
    <main className="adm-signin">
      <div className="adm-card">
        <div className="adm-spread">
          <h1 style={{ margin: 0, fontSize: 22 }}>{t('signIn.title')}</h1>
          <LanguageSwitcher />
        </div>
        {phone === null ? (
          // keyed forms: React must not reuse the phone field (and its mask) for the code
          <form key="phone" ref={phoneBox} className="adm-form" noValidate onSubmit={phoneForm.handleSubmit((v) => sendCode(v.phone))}>
            <Controller
              control={phoneForm.control}
              name="phone"
              render={({ field, fieldState }) => (
                <Input
                  label={t('signIn.phone')}
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    setError('');
                  }}
                  mask={MASKS.phone}
                  placeholder="+998 __ ___ __ __"
                  inputMode="tel"
                  autoComplete="tel"
                  error={fieldState.error?.message ?? (error || undefined)}
                  testId="signin-phone"
                />
              )}
            />
            <Button type="submit" disabled={phoneForm.formState.isSubmitting}>
              {t('signIn.getCode')}
            </Button>
          </form>
        ) : (
          <form key="code" ref={codeBox} className="adm-form" noValidate onSubmit={codeForm.handleSubmit((v) => verify(v.otp))}>
            <p>{t('signIn.codeSent', { phone: formatPhone(phone) })}</p>
            <Controller
              control={codeForm.control}
              name="otp"
              render={({ field, fieldState }) => (
                <Input
                  label={t('signIn.code')}
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    setError('');
                  }}
                  mask={MASKS.otp}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  error={fieldState.error?.message ?? (error || undefined)}
                  testId="signin-code"
                />
              )}
            />
            <Button type="submit" disabled={codeForm.formState.isSubmitting || codeForm.watch('otp').length !== OTP_LENGTH}>
              {t('signIn.verify')}
            </Button>
            <div className="adm-spread">
              {left > 0 ? (
                <span aria-live="polite" data-testid="signin-countdown">
                  {t('signIn.resendIn', { seconds: left })}
                </span>
              ) : (
                <Button variant="ghost" onClick={() => void sendCode(phone)}>
                  {t('signIn.resend')}
                </Button>
              )}
              <Button
                variant="ghost"
                onClick={() => {
                  setPhone(null);
                  setError('');
                  setLeft(0);
                  focusPhone();
                }}
              >
                {t('signIn.changePhone')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
