import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $auth, Button, RemoteInfo, logout, openSignIn, useAfterNextRender, useFocusOnSignIn } from '@bozor/shared';
import { ProfileForm } from '../components/profile/ProfileForm';
import { PhotoUpload } from '../components/profile/PhotoUpload';
import { dropProfileDraft } from '../components/profile/draft';
import { SavedCards } from '../components/cards/SavedCards';
import { StockAlerts } from '../components/alerts/StockAlerts';
import { AccountStyles } from '../components/AccountStyles';
import { useFocusOnSignOut } from '../components/useFocusOnSignOut';

/**
 * Account: My profile (edit), Upload photo, My cards (remove), the "notify me" alerts (cancel), a link to My
 * orders, Logout. Sections of this one page rather than pages of their own: no new route for the shell.
 */
export function AccountPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const auth = useStore($auth);
  const heading = useFocusOnSignIn<HTMLHeadingElement>();
  // Logout swaps the profile for the sign-in prompt: the pressed button is gone, the heading takes the focus
  const focusHeading = useAfterNextRender(() => heading.current?.focus());
  // and so does a session that ended elsewhere, found out by a Save or an upload
  useFocusOnSignOut(heading);
  const owner = auth.user ? String(auth.user.id ?? auth.user.phone) : '';
  return (
    <section data-testid="account-page" className="acc-page">
      <AccountStyles />
      <h1 ref={heading} tabIndex={-1}>{t('profile.title')}</h1>
      {auth.isAuthenticated && auth.user ? (
        <>
          <nav className="acc-row">
            <Link to={`${basePath}/account/orders`} data-testid="account-orders-link">{t('orders.title')}</Link>
            <Button
              variant="secondary"
              onClick={() => {
                // signing out here is meant: what was typed and not saved goes too
                dropProfileDraft();
                void logout().then(focusHeading);
              }}
              data-testid="logout"
            >
              {t('profile.logout')}
            </Button>
          </nav>
          <ProfileForm key={owner} user={auth.user} />
          <PhotoUpload photoUrl={auth.user.photo_url} />
          {/* another account signing in here starts them afresh */}
          <SavedCards key={`cards-${owner}`} />
          <StockAlerts key={`alerts-${owner}`} basePath={basePath} />
        </>
      ) : (
        <SignInPrompt />
      )}
      <div>
        <RemoteInfo name={__REMOTE_NAME__} version={__REMOTE_VERSION__} publicPath={() => (typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '')} />
      </div>
    </section>
  );
}

/** A guest's card: sign in to see the page (which then focuses its heading: `useFocusOnSignIn`). */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <div className="acc-card">
      <p>{t('signInPrompt')}</p>
      <Button onClick={openSignIn}>{t('signIn.open')}</Button>
    </div>
  );
}
