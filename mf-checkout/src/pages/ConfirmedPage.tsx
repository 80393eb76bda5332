import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price, formatPhone } from '@bozor/shared';
import type { PlacedOrder } from '@bozor/shared/api/orders';
import { CheckoutStyles } from '../components/CheckoutStyles';
import { readLastOrder } from '../state/persist';

/** "Order confirmed!": number, delivery method, payment method, receiver of the order just placed. */
export function ConfirmedPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const order = readLastOrder<PlacedOrder>();
  return (
    <section className="co-page" data-testid="checkout-confirmed">
      <CheckoutStyles />
      <div className="co-card">
        <h1>{t('confirmed.title')}</h1>
        <p>{t('confirmed.thanks')}</p>
        {order ? (
          <dl className="co-dl">
            <dt>{t('confirmed.number')}</dt>
            <dd data-testid="confirmed-number">{order.number}</dd>
            <dt>{t('confirmed.delivery')}</dt>
            <dd data-testid="confirmed-delivery">
              {t(`delivery.types.${order.delivery.type}`)}
              {order.delivery.store?.name ? `, ${order.delivery.store.name}` : ''}
            </dd>
            <dt>{t('confirmed.payment')}</dt>
            <dd data-testid="confirmed-payment">{order.payment_method === 'card' ? t('payment.card') : t('payment.onReceipt')}</dd>
            <dt>{t('confirmed.receiver')}</dt>
            <dd data-testid="confirmed-receiver">
              {order.receiver.name} {order.receiver.surname}, {formatPhone(order.receiver.phone)}
            </dd>
            <dt>{t('summary.total')}</dt>
            <dd><Price amount={order.total} /></dd>
          </dl>
        ) : null}
        <div className="co-row">
          <Link to={`${basePath}/account/orders`} data-testid="to-my-orders">{t('confirmed.myOrders')}</Link>
          <Link to={basePath}>{t('confirmed.continue')}</Link>
        </div>
      </div>
    </section>
  );
}
