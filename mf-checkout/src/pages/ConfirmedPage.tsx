import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Price, formatPhone } from '@bozor/shared';
import { type AccountOrder, addressLines, deliveryFeeKind } from '@bozor/shared/api/orders';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import { orderCalls } from '../api/checkout';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { useDeliveryData } from '../hooks/useCheckoutData';
import { readLastOrder, saveLastOrder } from '../state/persist';

/** The delivery line of the summary: express is paid in the courier's app, a 1-click order's delivery agreed by phone. */
function DeliveryFee({ order }: { order: AccountOrder }) {
  const { t } = useTranslation();
  switch (deliveryFeeKind(order)) {
    case 'courier_app':
      return <>{t('summary.expressFee')}</>;
    case 'by_phone':
      return <>{t('delivery.types.phone')}</>;
    case 'free':
      return <>{t('summary.free')}</>;
    case 'amount':
      return <Price amount={order.delivery_fee} />;
  }
}

/**
 * "Order confirmed!": the order just placed — number, items, where it goes (address or store) and when,
 * payment and receiver. It shows what was kept at placing at once, then asks the API again in the page's
 * language (statuses and product names follow a language switch).
 */
export function ConfirmedPage({ basePath }: { basePath: string }) {
  const { t, i18n } = useTranslation();
  // Back from Payme's or Click's page, the address names the order (`?order=BZ-…`).
  const [params] = useSearchParams();
  const [order, setOrder] = useState(() => readLastOrder<AccountOrder>());
  const { settings } = useDeliveryData();
  const number = params.get('order') ?? order?.number;
  // A payment still to be settled: a card being checked, or a Payme/Click payment whose callback has not come yet.
  const settling = (o: AccountOrder | null) =>
    o?.payment_status === 'checking' || ((o?.payment_method === 'payme' || o?.payment_method === 'click') && o.payment_status === 'pending' && o.status !== 'cancelled');
  const checking = settling(order);
  useEffect(() => {
    if (!number) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // followed for ten minutes at most: a tab left open does not poll for the hour an unpaid order waits
    let polls = 0;
    const again = () => {
      if (++polls <= CHECKING_MAX_POLLS) timer = setTimeout(() => void load(), CHECKING_POLL_MS);
    };
    const load = () =>
      orderCalls.get(number).then(
        (fresh) => {
          if (!live) return;
          setOrder(fresh);
          saveLastOrder(fresh);
          // While the payment is being settled, the page follows it by itself.
          if (settling(fresh)) again();
        },
        // the kept copy stays on screen; a payment being checked is asked about again
        () => {
          if (live && checking) again();
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // one follow-up per order and language: whether the kept copy was being settled is read when it starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [number, i18n.language]);

  const address = addressLines(order?.delivery.address)
    .map((line) => (line.part === 'region' || line.part === 'city' || line.part === 'street' ? line.value : t(`confirmed.address.${line.part}`, { value: line.value })))
    .join(', ');
  const estimate = order && settings ? estimateFor(order, settings, t) : null;
  return (
    <section className="co-page" data-testid="checkout-confirmed">
      <CheckoutStyles />
      <div className="co-card">
        <h1>{t('confirmed.title')}</h1>
        <p>{t('confirmed.thanks')}</p>
        <p role="status" aria-live="polite" className={checking ? 'co-notice' : undefined} data-testid="confirmed-checking">
          {checking ? t(order?.payment_status === 'checking' ? 'confirmed.checking' : 'confirmed.awaiting') : order?.payment_status === 'failed' && order.status === 'cancelled' ? t('confirmed.notPaid') : null}
        </p>
        {order?.one_click && order.status === 'new' ? (
          <p className="co-notice" data-testid="confirmed-one-click">
            {t('confirmed.oneClickCall', { phone: formatPhone(order.receiver.phone) })}
          </p>
        ) : null}
        {order ? (
          <>
            <dl className="co-dl">
              <dt>{t('confirmed.number')}</dt>
              <dd data-testid="confirmed-number">{order.number}</dd>
              <dt>{t('confirmed.delivery')}</dt>
              <dd data-testid="confirmed-delivery">
                {t(`delivery.types.${order.delivery.type}`)}
                {order.delivery.store?.name ? `, ${order.delivery.store.name}` : ''}
                {order.delivery.store?.address ? ` (${order.delivery.store.address})` : ''}
                {address ? `: ${address}` : ''}
              </dd>
              {estimate ? (
                <>
                  <dt>{t('confirmed.when')}</dt>
                  <dd data-testid="confirmed-estimate">{estimate}</dd>
                </>
              ) : null}
              <dt>{t('confirmed.payment')}</dt>
              <dd data-testid="confirmed-payment">
                {order.payment_method === 'cash' ? t('payment.onReceipt') : order.payment_method === 'card' ? t('payment.card') : t(`confirmed.methods.${order.payment_method}`)}
                {/* "pay on receipt" says it all until something happens to the payment */}
                {order.payment_method !== 'cash' || order.payment_status !== 'pending'
                  ? ` — ${t(`confirmed.paymentStatuses.${order.payment_status}`, { defaultValue: order.payment_status })}`
                  : null}
              </dd>
              {order.pay_url && order.payment_status === 'pending' && order.status !== 'cancelled' ? (
                <dd className="co-span">
                  <a className="bz-btn" href={order.pay_url} data-testid="confirmed-pay">
                    {t('confirmed.payNow')}
                  </a>
                </dd>
              ) : null}
              <dt>{t('confirmed.receiver')}</dt>
              <dd data-testid="confirmed-receiver">
                {[order.receiver.name, order.receiver.surname].filter(Boolean).join(' ')}, {formatPhone(order.receiver.phone)}
              </dd>
            </dl>
            {order.items?.length ? (
              <>
                <h2 className="co-h2">{t('confirmed.items')}</h2>
                <ul className="co-lines" data-testid="confirmed-items">
                  {order.items.map((item) => (
                    <li key={`${item.product_id}-${item.name}`} className="co-line">
                      <span>{item.name}</span>
                      <span>× {item.quantity}</span>
                      <Price amount={item.total} />
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <dl className="co-dl">
              {typeof order.delivery_fee === 'number' ? (
                <>
                  <dt>{t('summary.delivery')}</dt>
                  <dd data-testid="confirmed-delivery-fee">
                    <DeliveryFee order={order} />
                  </dd>
                </>
              ) : null}
              <dt>{t('summary.total')}</dt>
              <dd data-testid="confirmed-total">
                <Price amount={order.total} />
              </dd>
            </dl>
          </>
        ) : null}
        <div className="co-row">
          <Link to={`${basePath}/account/orders`} data-testid="to-my-orders">{t('confirmed.myOrders')}</Link>
          <Link to={basePath}>{t('confirmed.continue')}</Link>
        </div>
      </div>
    </section>
  );
}

/** How often a payment being checked is asked about again. */
const CHECKING_POLL_MS = 4000;
const CHECKING_MAX_POLLS = 150;

/** When the order arrives: the region's days for a courier, the shop's notes for express and pickup. */
function estimateFor(order: AccountOrder, settings: DeliverySettingsData, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  switch (order.delivery.type) {
    case 'courier': {
      const region = settings.regions.find((r) => r.slug === order.delivery.address?.region);
      return region?.days ? t('confirmed.days', { days: region.days }) : null;
    }
    case 'express':
      return settings.express.note || null;
    case 'pickup':
      return settings.pickup.note || null;
    case 'phone':
      // "Buy in 1 click": agreed when staff call (the notice above says so).
      return null;
  }
}
