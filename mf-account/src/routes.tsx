// Exposed as account/Routes: account (profile, photo, logout) and account/orders.
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router';
import { NotFoundPage, type RemoteRoutesProps } from '@bozor/shared';
import { i18n } from './i18n';
import { AccountPage } from './pages/AccountPage';
import { OrdersPage } from './pages/OrdersPage';

export const contractVersion = __CONTRACT_VERSION__;

export default function AccountRoutes({ basePath }: RemoteRoutesProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Routes>
        <Route path="account" element={<AccountPage basePath={basePath} />} />
        <Route path="account/orders" element={<OrdersPage basePath={basePath} />} />
        <Route path="*" element={<AccountNotFound basePath={basePath} />} />
      </Routes>
    </I18nextProvider>
  );
}

function AccountNotFound({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} i18n={i18n} homeHref={basePath} />;
}
