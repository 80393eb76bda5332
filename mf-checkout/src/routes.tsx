// Exposed as checkout/Routes: checkout, checkout/payment and checkout/confirmed (spec §2, §5 guards).
import { useStore } from '@nanostores/react';
import { I18nextProvider } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { $auth, $cart, $oneClickBuyItem, NotFoundPage, type RemoteRoutesProps } from '@bozor/shared';
import { i18n } from './i18n';
import { CheckoutStep } from './pages/CheckoutStep';

export const contractVersion = __CONTRACT_VERSION__;

export default function CheckoutRoutes({ basePath }: RemoteRoutesProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Routes>
        <Route path="checkout" element={<RequireCheckout basePath={basePath} needsCart><CheckoutStep step="delivery" basePath={basePath} /></RequireCheckout>} />
        <Route path="checkout/payment" element={<RequireCheckout basePath={basePath}><CheckoutStep step="payment" basePath={basePath} /></RequireCheckout>} />
        <Route path="checkout/confirmed" element={<CheckoutStep step="confirmed" basePath={basePath} />} />
        <Route path="*" element={<CheckoutNotFound basePath={basePath} />} />
      </Routes>
    </I18nextProvider>
  );
}

/**
 * Spec §5: checkout needs a signed-in user and a non-empty cart or a one-click item, else → /cart;
 * checkout/payment needs a signed-in user.
 */
export function RequireCheckout({ basePath, needsCart = false, children }: { basePath: string; needsCart?: boolean; children: React.ReactNode }) {
  const auth = useStore($auth);
  const cart = useStore($cart);
  const oneClick = useStore($oneClickBuyItem);
  if (!auth.isAuthenticated) return <Navigate to={`${basePath}/cart`} replace />;
  if (needsCart && cart.length === 0 && !oneClick) return <Navigate to={`${basePath}/cart`} replace />;
  return <>{children}</>;
}

function CheckoutNotFound({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} i18n={i18n} homeHref={basePath} />;
}
