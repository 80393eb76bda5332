// Exposed as checkout/Routes: checkout, checkout/payment and checkout/confirmed (docs/product.md "Routes", "Form masks and page guards").
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { $auth, $cart, $oneClickBuyItem, Button, NotFoundPage, openSignIn, type RemoteRoutesProps } from '@bozor/shared';
import { i18n } from './i18n';
import { DeliveryPage } from './pages/DeliveryPage';
import { PaymentPage } from './pages/PaymentPage';
import { ConfirmedPage } from './pages/ConfirmedPage';
import { CheckoutStyles } from './components/CheckoutStyles';
import { persistCheckoutForm } from './state/persist';

export const contractVersion = __CONTRACT_VERSION__;

export default function CheckoutRoutes({ basePath }: RemoteRoutesProps) {
  persistCheckoutForm();
  return (
    <I18nextProvider i18n={i18n}>
      <Routes>
        <Route path="checkout" element={<RequireCheckout basePath={basePath} needsCart><DeliveryPage basePath={basePath} /></RequireCheckout>} />
        <Route path="checkout/payment" element={<RequireCheckout basePath={basePath}><PaymentPage basePath={basePath} /></RequireCheckout>} />
        <Route path="checkout/confirmed" element={<ConfirmedPage basePath={basePath} />} />
        <Route path="*" element={<CheckoutNotFound basePath={basePath} />} />
      </Routes>
    </I18nextProvider>
  );
}

/**
 * docs/product.md "Form masks and page guards": checkout needs a non-empty cart or a one-click item, else → /cart; checkout and
 * checkout/payment need a signed-in user — a guest is asked to sign in here and stays on the page,
 * which opens as soon as the sign-in completes.
 */
function RequireCheckout({ basePath, needsCart = false, children }: { basePath: string; needsCart?: boolean; children: React.ReactNode }) {
  const auth = useStore($auth);
  const cart = useStore($cart);
  const oneClick = useStore($oneClickBuyItem);
  if (needsCart && cart.length === 0 && !oneClick) return <Navigate to={`${basePath}/cart`} replace />;
  if (!auth.isAuthenticated) return <SignInRequired />;
  return <>{children}</>;
}

function SignInRequired() {
  const { t } = useTranslation();
  return (
    <section className="co-page" data-testid="checkout-sign-in">
      <CheckoutStyles />
      <div className="co-card">
        <h1>{t('signInRequired.title')}</h1>
        <p>{t('signInRequired.text')}</p>
        <Button onClick={openSignIn} data-testid="checkout-sign-in-button">{t('signInRequired.button')}</Button>
      </div>
    </section>
  );
}

function CheckoutNotFound({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} i18n={i18n} homeHref={basePath} />;
}
