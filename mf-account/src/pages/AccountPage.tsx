import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $auth, Button, formatPhone, logout, openSignIn } from '@bozor/shared';
import { RemoteInfo } from '../components/RemoteInfo';

/** My profile (placeholder for the account issue): who is signed in, orders link, logout. */
export function AccountPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const auth = useStore($auth);
  return (
    <section data-testid="account-page" style={{ padding: 16 }}>
      <h1>{t('profile.title')}</h1>
      {auth.isAuthenticated ? (
        <>
          <p data-testid="account-phone">{formatPhone(auth.user?.phone ?? '')}</p>
          <Link to={`${basePath}/account/orders`}>{t('orders.title')}</Link>{' '}
          <Button variant="secondary" onClick={() => void logout()} data-testid="logout">
            {t('profile.logout')}
          </Button>
        </>
      ) : (
        <Button onClick={openSignIn}>{t('signIn.open')}</Button>
      )}
      <div>
        <RemoteInfo />
      </div>
    </section>
  );
}
