// The product page's "Delivery and pickup" section (issue 12), loaded after the page is up (it is not
// part of the first render): the courier estimate for the shopper's region and express, then every pickup
// store with the chosen variant's stock there ("In stock: 7", "Few left: 2", "10+", "Not in this store")
// and when it can be picked up. The answer covers every variant, so choosing another one asks nothing.
import './strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { $accountType, $checkoutForm, $language, Price, formatSum, type Lang } from '@bozor/shared';
import { loadAvailability, type Availability, type VariantAvailability } from '../../../api/availability';
import { useAsync } from '@bozor/shared';
import { AvailabilitySkeleton } from '../ProductExtras';
import { dayLabel } from './days';

export interface ProductAvailabilityProps {
  slug: string;
  /** The chosen variant (null for a product without variants). */
  variantId: number | null;
  basePath: string;
}

export default function ProductAvailability({ slug, variantId, basePath }: ProductAvailabilityProps) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const account = useStore($accountType);
  const region = useStore($checkoutForm).region || 'tashkent';
  const [attempt, setAttempt] = useState(0);
  const { data, loading, error } = useAsync(`${slug}|${region}|${lang}|${account}|${attempt}`, () => loadAvailability(slug, region, attempt > 0));

  return (
    <section className="bzc-avail" aria-labelledby="avail-title" data-testid="product-availability" aria-busy={loading || undefined}>
      <h2 id="avail-title">{t('availability.title')}</h2>
      {loading ? (
        <AvailabilitySkeleton label={t('availability.loading')} />
      ) : error || !data ? (
        <div role="alert" className="bzc-avail__error" data-testid="availability-error">
          <p>{t('availability.failed')}</p>
          <button type="button" className="bz-btn bz-btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('error.retry')}
          </button>
        </div>
      ) : (
        <AvailabilityView data={data} variant={data.variants.find((v) => v.id === variantId) ?? data.variants[0]} lang={lang} basePath={basePath} />
      )}
    </section>
  );
}

function AvailabilityView({ data, variant, lang, basePath }: { data: Availability; variant: VariantAvailability | undefined; lang: Lang; basePath: string }) {
  const { t } = useTranslation();
  const day = (d: string) => dayLabel(d, data.today, lang, t);
  const courier = variant?.courier;
  const inStock = variant?.in_stock ?? false;
  return (
    <>
      {inStock && courier && data.courier ? (
        <ul className="bzc-avail__delivery">
          <li data-testid="availability-courier">
            <strong>{t('availability.courier', { region: data.courier.region.name })}</strong>{' '}
            {courier.from && courier.to ? (courier.from === courier.to ? day(courier.from) : t('availability.range', { from: day(courier.from), to: day(courier.to) })) : null}
            <br />
            <span className="bzc-muted" data-testid="availability-courier-fee">
              {courier.fee === 0 ? t('availability.free') : <Price amount={courier.fee} />}
              {courier.fee === 0 ? null : `, ${t('availability.freeFrom', { sum: formatSum(data.courier.free_from, lang) })}`}
            </span>
          </li>
          {data.express.available ? (
            <li data-testid="availability-express">
              {data.express.note}
            </li>
          ) : null}
        </ul>
      ) : null}
      <h3 className="bzc-avail__subtitle">{t('availability.pickup')}</h3>
      {!inStock ? (
        <p className="bzc-muted" data-testid="availability-none">
          {t('availability.none')}
        </p>
      ) : null}
      {data.stores.length === 0 ? (
        <p className="bzc-muted" data-testid="availability-no-stores">
          {t('availability.noStores')}
        </p>
      ) : inStock ? (
        <>
          <ul className="bzc-avail__stores">
            {data.stores.map((store) => {
              const stock = variant?.stores.find((s) => s.store_id === store.id);
              const level = stock?.level ?? 'out';
              const count = stock ? (stock.more ? `${stock.quantity}+` : String(stock.quantity)) : '0';
              return (
                <li key={store.id} className="bzc-avail__store" data-testid="availability-store" data-store={store.slug} data-level={level}>
                  <div className="bzc-avail__head">
                    <strong>{store.name}</strong>
                    <span className={`bzc-stock bzc-stock--${level}`} data-testid="availability-store-stock">
                      {level === 'out' ? t('availability.storeOut') : t(level === 'few' ? 'availability.storeFew' : 'availability.storeIn', { count })}
                    </span>
                  </div>
                  <div className="bzc-muted">
                    {store.address}
                    {store.landmark ? ` · ${store.landmark}` : ''}
                  </div>
                  <div className="bzc-muted">{store.hours}</div>
                  {stock?.pickup ? (
                    <div className="bzc-avail__pickup" data-testid="availability-store-pickup">
                      {dayPickup(stock.pickup, data.today, lang, t)}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <p className="bzc-muted bzc-avail__rule">{t('availability.rule', { time: data.pickup.same_day_before })}</p>
        </>
      ) : null}
      <Link className="bzc-avail__all" to={`${basePath}/markets`}>
        {t('availability.allStores')}
      </Link>
    </>
  );
}

function dayPickup(day: string, today: string, lang: Lang, t: (key: string, options?: Record<string, unknown>) => string): string {
  const label = dayLabel(day, today, lang, t);
  if (day === today) return t('availability.pickupToday');
  return label === t('availability.tomorrow') ? t('availability.pickupTomorrow') : t('availability.pickupOn', { date: label });
}
