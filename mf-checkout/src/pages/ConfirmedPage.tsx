import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Price, formatPhone, useAnnouncePageName, useHydrated } from '@bozor/shared';
import { type AccountOrder, addressLines, deliveryFeeKind } from '@bozor/shared/api/orders';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import { orderCalls } from '../api/checkout';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { useDeliveryData } from '../hooks/useCheckoutData';
import { useStepHeading } from '../hooks/useStepHeading';
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
 * payment and receiver. The address names the order (`?order=BZ-…`), so a reload or a language switch
 * asks the API for it again; the copy kept at placing is shown meanwhile. A Payme/Click order not paid
 * yet says so, with the way to pay it as the main button; the page follows the payment until it settles.
 */
export function ConfirmedPage({ basePath }: { basePath: string }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const number = params.get('order');
  // the server's page has no kept copy: it is read once the browser has taken the page over
  const hydrated = useHydrated();
  const kept = useMemo(() => (hydrated && number ? keptOrder(number) : null), [hydrated, number]);
  const [fresh, setFresh] = useState<AccountOrder | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const order = fresh && fresh.number === number ? fresh : kept;
  const { settings } = useDeliveryData();
  const checking = settling(order);
  // reached from "Place the order": the focus goes to the heading, as the pressed button is gone
  const heading = useStepHeading<HTMLHeadingElement>();
  useEffect(() => {
    if (!number) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: AccountOrder | null = null;
    // followed for ten minutes at most: a tab left open does not poll for the hour an unpaid order waits
    let polls = 0;
    const again = () => {
      if (++polls <= CHECKING_MAX_POLLS) timer = setTimeout(() => void load(), CHECKING_POLL_MS);
    };
    const load = () =>
      orderCalls.get(number).then(
        (loaded) => {
          if (!live) return;
          latest = loaded;
          setFresh(loaded);
          setFailed(false);
          saveLastOrder(loaded);
          // While the payment is being settled, the page follows it by itself.
          if (settling(loaded)) again();
        },
        // the kept copy stays on screen; a payment being settled is asked about again
        () => {
          if (!live) return;
          const known = latest ?? keptOrder(number);
          if (!known) setFailed(true);
          if (settling(known)) again();
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [number, i18n.language, attempt]);

  // Only a settled order is "confirmed": a Payme/Click order not paid yet, or a cancelled one, says so.
  const unpaid = order !== null && isProviderPayment(order) && order.payment_status === 'pending' && order.status !== 'cancelled';
  const cancelled = order?.status === 'cancelled';
  const loading = !order && number !== null;
  // a 1-click order is confirmed by staff on the phone: until then it is placed, not confirmed
  const callFirst = order?.one_click === true && order.status === 'new';
  const title = loading
    ? t('confirmed.orderTitle', { number })
    : cancelled
      ? t('confirmed.cancelledTitle')
      : unpaid
        ? t('confirmed.unpaidTitle')
        : callFirst
          ? t('confirmed.oneClickTitle')
          : t('confirmed.title');
  const lead = loading || cancelled ? null : unpaid ? t('confirmed.unpaidText') : t('confirmed.thanks');
  // the browser tab says the same as the heading (the shell's route title is "Order confirmed!" whatever the order)
  useAnnouncePageName(title);
  const address = addressLines(order?.delivery.address)
    .map((line) => (line.part === 'region' || line.part === 'city' || line.part === 'street' ? line.value : t(`confirmed.address.${line.part}`, { value: line.value })))
    .join(', ');
  const estimate = order && settings ? estimateFor(order, settings, t) : null;
  return (
    <section className="co-page" data-testid="checkout-confirmed">
      <CheckoutStyles />
      <div className="co-card">
        <h1 ref={heading} tabIndex={-1} data-testid="confirmed-title">{title}</h1>
        {lead ? <p data-testid="confirmed-lead">{lead}</p> : null}
        {loading ? (
          failed ? (
            <div role="alert" className="bz-error-block">
              <p>{t('loadFailed')}</p>
              <Button variant="secondary" onClick={() => {
                  setFailed(false);
                  setAttempt((n) => n + 1);
                }}>{t('retry')}</Button>
            </div>
          ) : (
            <p aria-busy="true">{t('loading')}</p>
          )
        ) : null}
        <p role="status" aria-live="polite" className={checking ? 'co-notice' : undefined} data-testid="confirmed-checking">
          {/* "checking" only while the bank's answer is awaited; a Payme/Click order back from the provider's page
              (paid, cancelled or left there) is simply not paid yet until the provider's callback says otherwise */}
          {checking ? t(order?.payment_status === 'checking' ? 'confirmed.checking' : 'confirmed.awaitingPayment') : order?.payment_status === 'failed' && order.status === 'cancelled' ? t('confirmed.notPaid') : null}
        </p>
        {unpaid && order?.pay_url ? (
          <div className="co-row">
            <a className="bz-btn" href={order.pay_url} data-testid="confirmed-pay">
              {t('confirmed.payNow')}
            </a>
          </div>
        ) : null}
        {callFirst ? (
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

/** Paid on the provider's own page (Payme, Click): unpaid until its callback comes. */
function isProviderPayment(order: AccountOrder): boolean {
  return order.payment_method === 'payme' || order.payment_method === 'click';
}

/** A payment still to be settled: a card being checked, or a Payme/Click payment whose callback has not come yet. */
function settling(order: AccountOrder | null): boolean {
  return order?.payment_status === 'checking' || (order !== null && isProviderPayment(order) && order.payment_status === 'pending' && order.status !== 'cancelled');
}

/** The copy of this order kept when it was placed (none for another order). */
function keptOrder(number: string): AccountOrder | null {
  const kept = readLastOrder<AccountOrder>();
  return kept?.number === number ? kept : null;
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
