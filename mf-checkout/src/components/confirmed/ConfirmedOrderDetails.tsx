// The order on the confirmation page (pages/ConfirmedPage.tsx): number, where it goes and when, payment,
// receiver, the lines and the total.
import { useTranslation } from 'react-i18next';
import { Price, formatPhone } from '@bozor/shared';
import { type AccountOrder, type OrderItem, addressLines, deliveryFeeKind, orderItemOptions, storeLine } from '@bozor/shared/api/orders';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';

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

/** Under a line's name, the options it was bought with; nothing for a product without options. */
function LineOptions({ item }: { item: OrderItem }) {
  const options = orderItemOptions(item);
  return options ? <span className="co-muted co-line__options" data-testid="confirmed-item-options">{options}</span> : null;
}

/** To be paid when it is handed over (cash to the courier, cash or card at the store's till), and not paid yet. */
function payOnReceipt(order: AccountOrder): boolean {
  return order.payment_method === 'cash' && order.payment_status === 'pending' && order.status !== 'cancelled';
}

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

export function ConfirmedOrderDetails({ order, settings }: { order: AccountOrder; settings: DeliverySettingsData | null }) {
  const { t } = useTranslation();
  const cancelled = order.status === 'cancelled';
  const address = addressLines(order.delivery.address)
    .map((line) => (line.part === 'region' || line.part === 'city' || line.part === 'street' ? line.value : t(`confirmed.address.${line.part}`, { value: line.value })))
    .join(', ');
  // a cancelled order arrives never: no "when" (nor a pickup note that says how to pay)
  const estimate = settings && !cancelled ? estimateFor(order, settings, t) : null;
  return (
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
  );
}
