// The sections of one order in My orders (OrderDetail.tsx): its facts (date, status, delivery, payment,
// receiver), its lines and totals, and its history.
import { useTranslation } from 'react-i18next';
import { Price, formatDateTime, formatPhone } from '@bozor/shared';
import { type AccountOrder, type OrderStatusChange, addressLines, deliveryFeeKind, orderHistorySteps, orderItemOptions, storeLine } from '@bozor/shared/api/orders';
import { UnpaidNote } from './UnpaidNote';
import { paymentBeingChecked } from './useFollowed';

/** Express is paid in the courier's app and a 1-click order's delivery agreed by phone: their 0 is not "free". */
function DeliveryFee({ order }: { order: AccountOrder }) {
  const { t } = useTranslation();
  switch (deliveryFeeKind(order)) {
    case 'courier_app':
      return <>{t('orders.feeCourierApp')}</>;
    case 'by_phone':
      return <>{t('orders.deliveryTypes.phone')}</>;
    case 'free':
      return <>{t('orders.feeFree')}</>;
    case 'amount':
      return <Price amount={order.delivery_fee} />;
  }
}

/** The payment's state as the shopper reads it: an order cancelled before any money came owes nothing. */
function paymentKey(order: { status: string; payment_status: string }): string {
  return order.status === 'cancelled' && order.payment_status === 'pending' ? 'not_paid' : order.payment_status;
}

/** A date and time in the page's language. */
function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => formatDateTime(iso, i18n.language);
}

/** Date, status, delivery, payment (followed while being checked; a refund under way) and receiver. */
export function OrderFacts({ order }: { order: AccountOrder }) {
  const { t } = useTranslation();
  const date = useDate();
  const checking = paymentBeingChecked(order);
  const address = (value: Record<string, unknown> | null | undefined) =>
    addressLines(value)
      .map((line) => (line.part === 'region' || line.part === 'city' || line.part === 'street' ? line.value : t(`orders.address.${line.part}`, { value: line.value })))
      .join(', ');
  return (
    <dl className="acc-dl">
      <dt>{t('orders.date')}</dt>
      <dd>{date(order.created_at)}</dd>
      <dt>{t('orders.status')}</dt>
      <dd data-testid="order-status">{order.status_label ?? order.status}</dd>
      <dt>{t('orders.delivery')}</dt>
      <dd data-testid="order-delivery">
        {t(`orders.deliveryTypes.${order.delivery.type}`)}
        {/* the store's address in brackets, as on the checkout's confirmation */}
        {storeLine(order.delivery.store) ? `, ${storeLine(order.delivery.store)}` : null}
        {order.delivery.address ? `, ${address(order.delivery.address)}` : null}
      </dd>
      <dt>{t('orders.payment')}</dt>
      {/* told when a payment being checked settles (the page follows it by itself) */}
      <dd data-testid="order-payment" aria-live="polite">
        {t(`orders.paymentMethods.${order.payment_method}`)} — {t(`orders.paymentStatuses.${paymentKey(order)}`, { defaultValue: order.payment_status })}
        <UnpaidNote order={order} />
        {checking ? (
          <span className="acc-block acc-muted" data-testid="order-checking">
            {t('orders.checkingNote')}
          </span>
        ) : null}
        {/* a refund under way: who returns the money and by when (a date already past is not repeated) */}
        {order.refund ? (
          <span className="acc-block" data-testid="order-refund">
            {order.refund.text}
            {order.refund.due_at && !order.refund.overdue ? ` ${t('orders.refundDue', { date: date(order.refund.due_at) })}` : null}
          </span>
        ) : null}
      </dd>
      <dt>{t('orders.receiver')}</dt>
      <dd data-testid="order-receiver">
        {[order.receiver.name, order.receiver.surname].filter(Boolean).join(' ')},{' '}
        {/* the number on one line at 360 px ("+998" / "90 555 10 03" reads as two things), as amounts are */}
        <span className="acc-nowrap" data-testid="order-receiver-phone">{formatPhone(order.receiver.phone)}</span>
      </dd>
    </dl>
  );
}

/** The lines bought, the delivery fee and the total. */
export function OrderLines({ order }: { order: AccountOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <h3>{t('orders.items')}</h3>
      <ul className="acc-list">
        {order.items.map((item, index) => {
          // the variant bought ("single, beige"), as the cart said it: two colours of one product are two lines
          const options = orderItemOptions(item);
          return (
            // two lines may share a product and a name (two colours): the line's place keeps them apart
            <li key={`${index}:${item.variant_id ?? item.sku ?? item.product_id}`} className="acc-row" data-testid="order-item">
              <span className="acc-item">
                <span>{item.name}</span>
                {options ? <span className="acc-muted" data-testid="order-item-options">{options}</span> : null}
              </span>
              <span>× {item.quantity}</span>
              <Price amount={item.total} />
            </li>
          );
        })}
      </ul>
      <dl className="acc-dl">
        <dt>{t('orders.deliveryFee')}</dt>
        <dd data-testid="order-delivery-fee">
          <DeliveryFee order={order} />
        </dd>
        <dt>{t('orders.total')}</dt>
        <dd><Price amount={order.total} /></dd>
      </dl>
    </>
  );
}

/** The status history: a change of the payment alone is a step of its own. */
export function OrderHistory({ order }: { order: AccountOrder }) {
  const { t } = useTranslation();
  const date = useDate();
  /** A step of the history's payment, in words: the API's ("Paid"), else this page's. */
  const paymentWords = (entry: OrderStatusChange) =>
    entry.payment_status_label ?? t(`orders.paymentStatuses.${paymentKey({ status: entry.status, payment_status: entry.payment_status ?? '' })}`, { defaultValue: entry.payment_status });
  return (
    <>
      <h3>{t('orders.history')}</h3>
      <ol className="acc-list" data-testid="order-history">
        {/* a change of the payment alone is a step of its own ("Paid 11:10"), said in words */}
        {orderHistorySteps(order.statuses ?? []).map(({ entry, status, payment }) => (
          <li key={`${entry.status}-${entry.payment_status ?? ''}-${entry.at}`}>
            <strong>{[status ? (entry.label ?? entry.status) : '', payment ? paymentWords(entry) : ''].filter(Boolean).join(' — ')}</strong>{' '}
            <span className="acc-muted">{date(entry.at)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
