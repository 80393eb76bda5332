import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { $auth, ApiError, Button, Price, formatPhone, useAfterNextRender, useAnnouncePageName, useHydrated } from '@bozor/shared';
import { type AccountOrder, type OrderItem, addressLines, deliveryFeeKind, orderItemOptions, storeLine } from '@bozor/shared/api/orders';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import { orderCalls } from '../api/checkout';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { SignInCard } from '../components/SignInCard';
import { useDeliveryData } from '../hooks/useCheckoutData';
import { useStepHeading } from '../hooks/useStepHeading';
import { formOwner, readLastOrder, saveLastOrder } from '../state/persist';

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
 * yet says so, with the way to pay it as the main button, and a card payment the bank is still checking
 * says it is being checked; the page follows the payment until it settles.
 * An order is its account's: a guest is asked to sign in (and the order opens once they have), another
 * account is told the order is not among its orders. An address naming no order (a bookmark, a link cut
 * short) says so and leads to My orders: the copy kept at placing stands in only for the order it names.
 */
export function ConfirmedPage({ basePath }: { basePath: string }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const number = params.get('order');
  // the server's page has no kept copy: it is read once the browser has taken the page over
  const hydrated = useHydrated();
  // whose order is shown: none to a guest (its receiver and address are the account's), and what one
  // account loaded is not shown to the next
  const owner = formOwner(useStore($auth));
  const guest = hydrated && owner === null;
  const kept = useMemo(() => (hydrated && number && owner !== null ? keptOrder(number) : null), [hydrated, number, owner]);
  const [fresh, setFresh] = useState<{ order: AccountOrder; owner: string } | null>(null);
  const [failure, setFailure] = useState<{ kind: LoadFailure; owner: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const order = fresh && fresh.order.number === number && fresh.owner === owner ? fresh.order : kept;
  const failed = failure && failure.owner === owner ? failure.kind : null;
  const { settings } = useDeliveryData();
  const checking = settling(order);
  // reached from "Place the order" or by signing in here: the focus goes to the heading, as the pressed button is gone
  const heading = useStepHeading<HTMLHeadingElement>();
  // "Try again" is replaced by the loading line: the focus goes to the heading rather than to the page's body
  const focusHeading = useAfterNextRender(() => heading.current?.focus());
  useEffect(() => {
    // a guest's request would only be refused: the page asks them to sign in, and loads once they have
    if (!number || owner === null) return;
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
          setFresh({ order: loaded, owner });
          setFailure(null);
          saveLastOrder(loaded);
          // While the payment is being settled, the page follows it by itself.
          if (settling(loaded)) again();
        },
        // the kept copy stays on screen; a payment being settled is asked about again, unless the answer
        // was "sign in" or "not this account's", which asking again would not change
        (error: unknown) => {
          if (!live) return;
          const kind = loadFailure(error);
          const known = latest ?? keptOrder(number);
          if (!known || kind === 'sign-in') setFailure({ kind, owner });
          if (kind === 'failed' && settling(known)) again();
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [number, owner, i18n.language, attempt]);

  // Only a settled order is "confirmed": a Payme/Click order not paid yet, a card payment the bank has not
  // answered yet (it may still end cancelled), or a cancelled one, says so.
  const unpaid = order !== null && isProviderPayment(order) && order.payment_status === 'pending' && order.status !== 'cancelled';
  const paymentChecking = order?.payment_status === 'checking' && order.status !== 'cancelled';
  const cancelled = order?.status === 'cancelled';
  const loading = !order && number !== null;
  // a 1-click order is confirmed by staff on the phone: until then it is placed, not confirmed
  const callFirst = order?.one_click === true && order.status === 'new';
  // every order lands here with its number: without one there is nothing to confirm
  const noOrder = number === null;
  const title = noOrder
    ? t('confirmed.noOrderTitle')
    : loading
      ? t('confirmed.orderTitle', { number })
      : cancelled
        ? t('confirmed.cancelledTitle')
        : unpaid
          ? t('confirmed.unpaidTitle')
          : paymentChecking
            ? t('confirmed.checkingTitle')
            : callFirst
              ? t('confirmed.oneClickTitle')
              : t('confirmed.title');
  const lead = noOrder || loading || cancelled ? null : unpaid ? t('confirmed.unpaidText') : paymentChecking ? t('confirmed.checkingText') : t('confirmed.thanks');
  // the browser tab says the same as the heading (the shell's route title is "Order confirmed!" whatever the order)
  useAnnouncePageName(title);
  const address = addressLines(order?.delivery.address)
    .map((line) => (line.part === 'region' || line.part === 'city' || line.part === 'street' ? line.value : t(`confirmed.address.${line.part}`, { value: line.value })))
    .join(', ');
  // a cancelled order arrives never: no "when" (nor a pickup note that says how to pay)
  const estimate = order && settings && !cancelled ? estimateFor(order, settings, t) : null;
  const notFound = loading && failed === 'not-found';
  return (
    <section className="co-page" data-testid="checkout-confirmed">
      <CheckoutStyles />
      <div className="co-card">
        <h1 ref={heading} tabIndex={-1} data-testid="confirmed-title">{title}</h1>
        {lead ? <p data-testid="confirmed-lead">{lead}</p> : null}
        {noOrder ? (
          <div data-testid="confirmed-no-order">
            <p>{t('confirmed.noOrderText')}</p>
            <div className="co-row">
              <Link to={`${basePath}/account/orders`} data-testid="to-my-orders">{t('confirmed.myOrders')}</Link>
              <Link to={`${basePath}/catalog`} data-testid="to-catalog">{t('confirmed.toCatalog')}</Link>
            </div>
          </div>
        ) : null}
        {loading ? (
          guest || failed === 'sign-in' ? (
            <SignInCard framed={false} title={t('confirmed.signInTitle')} text={t('confirmed.signInText', { number })} />
          ) : notFound ? (
            <div role="alert" className="bz-error-block" data-testid="confirmed-not-found">
              <p>{t('confirmed.notFound', { number })}</p>
              <div className="co-row">
                <Link to={`${basePath}/account/orders`} data-testid="to-my-orders">{t('confirmed.myOrders')}</Link>
                <Link to={`${basePath}/catalog`} data-testid="to-catalog">{t('confirmed.toCatalog')}</Link>
              </div>
            </div>
          ) : failed === 'failed' ? (
            <div role="alert" className="bz-error-block" data-testid="confirmed-load-failed">
              <p>{t('loadFailed')}</p>
              <Button variant="secondary" onClick={() => {
                  setFailure(null);
                  setAttempt((n) => n + 1);
                  focusHeading();
                }} data-testid="confirmed-retry">{t('retry')}</Button>
            </div>
          ) : (
            <p aria-busy="true">{t('loading')}</p>
          )
        ) : null}
        <p role="status" aria-live="polite" className={checking ? 'co-notice' : undefined} data-testid="confirmed-checking">
          {/* "checking" only while the bank's answer is awaited; a Payme/Click order back from the provider's page
              (paid, cancelled or left there) is simply not paid yet until the provider's callback says otherwise */}
          {checking
            ? t(order?.payment_status === 'checking' ? 'confirmed.checking' : 'confirmed.awaitingPayment')
            : order?.payment_status === 'failed' && order.status === 'cancelled'
              ? t(declined(order) ? 'confirmed.declined' : 'confirmed.notPaid')
              : null}
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
                {storeLine(order.delivery.store) ? `, ${storeLine(order.delivery.store)}` : ''}
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
                  {/* two colours of one product are two lines: the options tell them apart, and the place in the list keys them */}
                  {order.items.map((item, index) => (
                    <li key={`${index}-${item.product_id ?? ''}`} className="co-line" data-testid="confirmed-item">
                      <span>
                        {item.name}
                        <LineOptions item={item} />
                      </span>
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
        {/* the "not among your orders" and "no order named" messages have these links of their own */}
        {notFound || noOrder ? null : (
          <div className="co-row">
            <Link to={`${basePath}/account/orders`} data-testid="to-my-orders">{t('confirmed.myOrders')}</Link>
            <Link to={basePath}>{t('confirmed.continue')}</Link>
          </div>
        )}
      </div>
    </section>
  );
}

/** Why the order could not be read: no session (sign in), not this account's order, or anything else (try again). */
type LoadFailure = 'sign-in' | 'not-found' | 'failed';

function loadFailure(error: unknown): LoadFailure {
  if (!(error instanceof ApiError)) return 'failed';
  // the checkout's client signs the shopper out on a 401: the page then asks them to sign in
  if (error.status === 401) return 'sign-in';
  // the API answers 404 for another account's number as for an unknown one
  if (error.status === 403 || error.status === 404) return 'not-found';
  return 'failed';
}

/** To be paid when it is handed over (cash to the courier, cash or card at the store's till), and not paid yet. */
function payOnReceipt(order: AccountOrder): boolean {
  return order.payment_method === 'cash' && order.payment_status === 'pending' && order.status !== 'cancelled';
}

/** Paid on the provider's own page (Payme, Click): unpaid until its callback comes. */
function isProviderPayment(order: AccountOrder): boolean {
  return order.payment_method === 'payme' || order.payment_method === 'click';
}

/** A payment still to be settled: a card being checked, or a Payme/Click payment whose callback has not come yet. */
function settling(order: AccountOrder | null): boolean {
  return order?.payment_status === 'checking' || (order !== null && isProviderPayment(order) && order.payment_status === 'pending' && order.status !== 'cancelled');
}

/**
 * A card payment the bank refused outright (insufficient funds, a card refused): the card was not charged,
 * as the API says (`payment_declined`, from the refusal it recorded). Any other failure (no answer, then
 * not confirmed) may have taken money that comes back, so the page keeps the careful wording.
 */
function declined(order: AccountOrder): boolean {
  return order.payment_method === 'card' && order.payment_declined === true;
}

/** Under a line's name, the options it was bought with; nothing for a product without options. */
function LineOptions({ item }: { item: OrderItem }) {
  const options = orderItemOptions(item);
  return options ? <span className="co-muted co-line__options" data-testid="confirmed-item-options">{options}</span> : null;
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
      // the shop's note says how to pay at the store: only for an order still to be paid there, never
      // for one paid by card or on Payme's / Click's page; that one is told of the SMS every status
      // change sends ("ready for pickup" among them)
      return payOnReceipt(order) ? settings.pickup.note || t('confirmed.pickupReady') : t('confirmed.pickupReady');
    case 'phone':
      // "Buy in 1 click": agreed when staff call (the notice above says so).
      return null;
  }
}
