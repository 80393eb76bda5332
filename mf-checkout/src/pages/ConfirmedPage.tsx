import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { $auth, Button, formatPhone, useAfterNextRender, useAnnouncePageName, useHydrated } from '@bozor/shared';
import type { AccountOrder } from '@bozor/shared/api/orders';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { ConfirmedOrderDetails } from '../components/confirmed/ConfirmedOrderDetails';
import { SignInCard } from '../components/SignInCard';
import { useDeliveryData } from '../hooks/useCheckoutData';
import { isProviderPayment, settling, useConfirmedOrder } from '../hooks/useConfirmedOrder';
import { useStepHeading } from '../hooks/useStepHeading';
import { formOwner } from '../state/persist';

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
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const number = params.get('order');
  const hydrated = useHydrated();
  // whose order is shown: none to a guest (its receiver and address are the account's), and what one
  // account loaded is not shown to the next
  const owner = formOwner(useStore($auth));
  const guest = hydrated && owner === null;
  const { order, failed, retry } = useConfirmedOrder(number, owner, hydrated);
  const { settings } = useDeliveryData();
  const checking = settling(order);
  // reached from "Place the order" or by signing in here: the focus goes to the heading, as the pressed button is gone
  const heading = useStepHeading<HTMLHeadingElement>();
  // "Try again" is replaced by the loading line: the focus goes to the heading rather than to the page's body
  const focusHeading = useAfterNextRender(() => heading.current?.focus());
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
              <Button
                variant="secondary"
                onClick={() => {
                  retry();
                  focusHeading();
                }}
                data-testid="confirmed-retry"
              >
                {t('retry')}
              </Button>
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
        {order ? <ConfirmedOrderDetails order={order} settings={settings} /> : null}
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

/**
 * A card payment the bank refused outright (insufficient funds, a card refused): the card was not charged,
 * as the API says (`payment_declined`, from the refusal it recorded). Any other failure (no answer, then
 * not confirmed) may have taken money that comes back, so the page keeps the careful wording.
 */
function declined(order: AccountOrder): boolean {
  return order.payment_method === 'card' && order.payment_declined === true;
}
