import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $auth, Button, RemoteInfo, logout, openSignIn, useAfterNextRender, useFocusOnSignIn } from '@bozor/shared';
import { ProfileForm } from '../components/profile/ProfileForm';
import { PhotoUpload } from '../components/profile/PhotoUpload';
import { AccountStyles } from '../components/AccountStyles';

/** Account: My profile (edit), Upload photo, a link to My orders, Logout. */
export function AccountPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const auth = useStore($auth);
  const heading = useFocusOnSignIn<HTMLHeadingElement>();
  // Logout swaps the profile for the sign-in prompt: the pressed button is gone, the heading takes the focus
  const focusHeading = useAfterNextRender(() => heading.current?.focus());
  return (
    <section data-testid="account-page" className="acc-page">
      <AccountStyles />
      <h1 ref={heading} tabIndex={-1}>{t('profile.title')}</h1>
      {auth.isAuthenticated && auth.user ? (
        <>
          <nav className="acc-row">
            <Link to={`${basePath}/account/orders`} data-testid="account-orders-link">{t('orders.title')}</Link>
            <Button variant="secondary" onClick={() => void logout().then(focusHeading)} data-testid="logout">
              {t('profile.logout')}
            </Button>
          </nav>
          <ProfileForm key={String(auth.user.id ?? auth.user.phone)} user={auth.user} />
          <PhotoUpload photoUrl={auth.user.photo_url} />
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
