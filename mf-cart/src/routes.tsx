// Exposed as cart/Routes: the cart page, mounted by the shell under /{lang}/cart.
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router';
import { NotFoundPage, type RemoteRoutesProps } from '@bozor/shared';
import { i18n } from './i18n';
import { CartStyles } from './components/cart/CartStyles';
import { CartPage } from './pages/CartPage';

export const contractVersion = __CONTRACT_VERSION__;

export default function CartRoutes({ basePath }: RemoteRoutesProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <CartStyles />
      <Routes>
        <Route path="cart" element={<CartPage basePath={basePath} />} />
        <Route path="*" element={<CartNotFound basePath={basePath} />} />
      </Routes>
    </I18nextProvider>
  );
}

function CartNotFound({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} i18n={i18n} homeHref={basePath} />;
}
