// "Notify me when in stock" under a sold-out variant's disabled Buy buttons (issue 12), loaded only when
// such a variant is shown. A guest is asked to sign in (the shell's sign-in dialog) and the alert is made
// as soon as they are in; a signed-in shopper's tap makes it at once. Afterwards it says where the SMS
// will go and offers to cancel — the same after a reload, from the shopper's list of alerts.
import './strings';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { $auth, formatPhone, showToast } from '@bozor/shared';
import { $alertOutcome, $alerts, cancelAlert, isAlertLimit, refresh, requestAlert } from './alertsStore';

export interface NotifyMeProps {
  variantId: number;
}

export default function NotifyMe({ variantId }: NotifyMeProps) {
  const { t } = useTranslation();
  const auth = useStore($auth);
  const { waiting, busy } = useStore($alerts);
  const outcome = useStore($alertOutcome);
  const notifyRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const handled = useRef(outcome?.seq ?? 0);

  useEffect(() => {
    if (auth.isAuthenticated) void refresh();
  }, [auth.isAuthenticated, auth.token]);

  // After a tap (or a sign-in that made the alert) the button it replaced had the focus: give it to the new one.
  useEffect(() => {
    if (!outcome || outcome.seq === handled.current || outcome.variant !== variantId) return;
    handled.current = outcome.seq;
    (outcome.outcome === 'added' ? cancelRef : notifyRef).current?.focus();
  }, [outcome, variantId]);

  const signedIn = auth.isAuthenticated;
  const knowing = signedIn && waiting === null;
  const subscribed = signedIn && !!waiting?.includes(variantId);
  const working = busy === variantId;
  const fail = (err: unknown) => showToast(isAlertLimit(err) ? t('notify.tooMany') : err instanceof Error && err.message ? err.message : t('notify.failed'), 'error');
  const phone = auth.user?.phone ? formatPhone(auth.user.phone) : '';

  return (
    <div className="bzc-notify" data-testid="notify" data-state={subscribed ? 'subscribed' : knowing ? 'loading' : 'idle'}>
      <p role="status" className="bzc-notify__status" data-testid="notify-status">
        {subscribed ? (phone ? t('notify.subscribedPhone', { phone }) : t('notify.subscribed')) : ''}
      </p>
      {subscribed ? (
        <button
          ref={cancelRef}
          type="button"
          className="bz-btn bz-btn--ghost"
          data-testid="notify-cancel"
          disabled={working}
          aria-busy={working || undefined}
          onClick={() => cancelAlert(variantId).catch(fail)}
        >
          {t('notify.cancel')}
        </button>
      ) : (
        <>
          <button
            ref={notifyRef}
            type="button"
            className="bz-btn bz-btn--secondary"
            data-testid="notify-me"
            disabled={working || knowing}
            aria-busy={working || knowing || undefined}
            aria-describedby="notify-hint"
            onClick={() => requestAlert(variantId).catch(fail)}
          >
            {t('notify.button')}
          </button>
          <p id="notify-hint" className="bzc-muted bzc-notify__hint">
            {signedIn ? t('notify.hint') : t('notify.hintGuest')}
          </p>
        </>
      )}
    </div>
  );
}
