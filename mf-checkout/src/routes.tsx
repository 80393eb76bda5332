// Exposed as checkout/Routes: checkout, checkout/payment and checkout/confirmed (docs/product.md "Routes", "Form masks and page guards").
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { $auth, $cart, $cartSyncing, $oneClickBuyItem, NotFoundPage, useHydrated, useSignedInHere, type RemoteRoutesProps } from '@bozor/shared';
import { lazy, Suspense, useEffect } from 'react';
import { i18n } from './i18n';
import { ConfirmedPage } from './pages/ConfirmedPage';
import { CheckoutStyles } from './components/CheckoutStyles';
import { SignInCard } from './components/SignInCard';
import { formOwner, persistCheckoutForm } from './state/persist';
import { SignedInHereContext } from './hooks/useStepHeading';
import { forgetCartChanges } from './hooks/useCartChanges';

export const contractVersion = __CONTRACT_VERSION__;

// The two steps (their forms, react-hook-form and the delivery rules' zod) load only when a signed-in
// shopper with something to order reaches them: a guest, who sees the sign-in card, never downloads them.
// docs/decisions.md "Lighthouse: less JavaScript after load".
const DeliveryPage = lazy(() => import('./pages/DeliveryPage').then((m) => ({ default: m.DeliveryPage })));
const PaymentPage = lazy(() => import('./pages/PaymentPage').then((m) => ({ default: m.PaymentPage })));

export default function CheckoutRoutes({ basePath }: RemoteRoutesProps) {
  persistCheckoutForm();
  // what the check of the cart found is said on both steps, until the checkout is left
  useEffect(() => forgetCartChanges, []);
  return (
    <I18nextProvider i18n={i18n}>
      <Routes>
        <Route path="checkout" element={<RequireCheckout basePath={basePath} title="delivery.title" needsCart><DeliveryPage basePath={basePath} /></RequireCheckout>} />
        <Route path="checkout/payment" element={<RequireCheckout basePath={basePath} title="payment.title"><PaymentPage basePath={basePath} /></RequireCheckout>} />
        <Route path="checkout/confirmed" element={<Confirmed basePath={basePath} />} />
        <Route path="*" element={<CheckoutNotFound basePath={basePath} />} />
      </Routes>
    </I18nextProvider>
  );
}

type StepTitle = 'delivery.title' | 'payment.title';

/**
 * docs/product.md "Form masks and page guards": checkout needs a non-empty cart or a one-click item, else → /cart; checkout and
 * checkout/payment need a signed-in user — a guest is asked to sign in here and stays on the page,
 * which opens as soon as the sign-in completes, its heading taking the focus. Who is signed in and what the cart holds are known only
 * in the browser: the server (and the render that takes its page over) show the step's frame.
 */
function RequireCheckout({ basePath, title, needsCart = false, children }: { basePath: string; title: StepTitle; needsCart?: boolean; children: React.ReactNode }) {
  const auth = useStore($auth);
  const cart = useStore($cart);
  const oneClick = useStore($oneClickBuyItem);
  // a signed-in shopper's cart is still coming from the server (filled on another device, perhaps)
  const syncing = useStore($cartSyncing);
  const hydrated = useHydrated();
  const signedInHere = useSignedInHere();
  if (!hydrated) return <StepFrame title={title} />;
  if (needsCart && cart.length === 0 && !oneClick) return syncing ? <StepFrame title={title} /> : <Navigate to={`${basePath}/cart`} replace />;
  if (!auth.isAuthenticated) return <SignInRequired title={title} />;
  // another account signing in (in another tab) starts the step again, with its own receiver
  return (
    <SignedInHereContext.Provider value={signedInHere}>
      <Suspense key={formOwner(auth) ?? ''} fallback={<StepFrame title={title} />}>
        {children}
      </Suspense>
    </SignedInHereContext.Provider>
  );
}

/** A step's title and a loading line, until the browser knows who is ordering what. */
function StepFrame({ title }: { title: StepTitle }) {
  const { t } = useTranslation();
  return (
    <section className="co-page" data-testid="checkout-frame">
      <CheckoutStyles />
      <h1>{t(title)}</h1>
      <p aria-busy="true">{t('loading')}</p>
    </section>
  );
}

/** The step's title stays; a card asks the guest to sign in. */
function SignInRequired({ title }: { title: StepTitle }) {
  const { t } = useTranslation();
  return (
    <section className="co-page" data-testid="checkout-sign-in">
      <CheckoutStyles />
      <h1>{t(title)}</h1>
      <SignInCard title={t('signInRequired.title')} text={t('signInRequired.text')} />
    </section>
  );
}

/**
 * The confirmation asks a guest to sign in too (back from Payme's or Click's app in a browser that is not
 * signed in); signing in there swaps the card's button for the order, so the page's heading takes the focus.
 */
function Confirmed({ basePath }: { basePath: string }) {
  const signedInHere = useSignedInHere();
  return (
    <SignedInHereContext.Provider value={signedInHere}>
      <ConfirmedPage basePath={basePath} />
    </SignedInHereContext.Provider>
  );
}

function CheckoutNotFound({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} i18n={i18n} homeHref={basePath} />;
}
