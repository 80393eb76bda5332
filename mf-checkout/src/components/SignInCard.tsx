import { useTranslation } from 'react-i18next';
import { Button, openSignIn } from '@bozor/shared';

/**
 * What a guest is asked on a page that needs an account: why, and "Sign in", which opens the shell's
 * sign-in dialog. The page shows its content by itself once the sign-in completes.
 * `framed`: a card of its own (a step's page), or a part of the page's card (the confirmation).
 */
export function SignInCard({ title, text, framed = true }: { title: string; text: string; framed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={framed ? 'co-card' : undefined} data-testid="sign-in-card">
      <h2 className="co-h2">{title}</h2>
      <p>{text}</p>
      <Button onClick={openSignIn} data-testid="checkout-sign-in-button">{t('signInRequired.button')}</Button>
    </div>
  );
}
