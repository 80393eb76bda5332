// The product page's parts that wait until the page is up (issue 12): the "Delivery and pickup" section
// and "Notify me when in stock". Their code is loaded on demand (not part of the catalogue's first
// render); on the server and while hydrating they are a placeholder of their size, so nothing moves.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $checkoutForm, useHydrated } from '@bozor/shared';
import { loadAvailability } from '../../api/availability';

const ProductAvailability = lazy(() => import('./availability/ProductAvailability'));
const NotifyMe = lazy(() => import('./availability/NotifyMe'));

/** The availability section's shape while loading: as tall as three stores, so nothing below it jumps. */
export function AvailabilitySkeleton({ label }: { label?: string }) {
  return (
    <div className="bzc-avail__skeleton" data-testid="availability-loading">
      {label ? <span className="bzc-sr">{label}</span> : null}
      <div className="bzc-skeleton" style={{ height: 20, width: '70%' }} aria-hidden="true" />
      <div className="bzc-skeleton" style={{ height: 72 }} aria-hidden="true" />
      <div className="bzc-skeleton" style={{ height: 72 }} aria-hidden="true" />
      <div className="bzc-skeleton" style={{ height: 72 }} aria-hidden="true" />
    </div>
  );
}

/** Before the section's code is there (and in the server's HTML, which is the page itself and not busy). */
function AvailabilityPlaceholder() {
  const { t } = useTranslation();
  return (
    <section className="bzc-avail" aria-labelledby="avail-title" data-testid="product-availability">
      <h2 id="avail-title">{t('availability.title')}</h2>
      <AvailabilitySkeleton label={t('availability.loading')} />
    </section>
  );
}

/** Stock per pickup store and the delivery estimate for the chosen variant. */
export function AvailabilitySlot({ slug, variantId, basePath }: { slug: string; variantId: number | null; basePath: string }) {
  const hydrated = useHydrated();
  // the answer is asked for while the section's code loads, not after
  useEffect(() => {
    if (hydrated) loadAvailability(slug, $checkoutForm.get().region || 'tashkent').catch(() => undefined);
  }, [hydrated, slug]);
  if (!hydrated) return <AvailabilityPlaceholder />;
  return (
    <Suspense fallback={<AvailabilityPlaceholder />}>
      <ProductAvailability slug={slug} variantId={variantId} basePath={basePath} />
    </Suspense>
  );
}

/** "Notify me when in stock" for a sold-out variant; the placeholder keeps its button's room. */
export function NotifySlot({ variantId }: { variantId: number }) {
  const hydrated = useHydrated();
  const placeholder = <div className="bzc-notify" aria-hidden="true" />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotifyMe variantId={variantId} />
    </Suspense>
  );
}
