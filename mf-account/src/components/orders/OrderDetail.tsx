import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError, Price, formatDateTime, formatPhone, getApi, useAsync } from '@bozor/shared';
import { type AccountOrder, type OrderStatusChange, addressLines, deliveryFeeKind, orderHistorySteps, orderItemOptions, ordersApi, storeLine } from '@bozor/shared/api/orders';
import { UnpaidNote } from './UnpaidNote';
import { paymentBeingChecked, useFollowedWhile } from './useFollowed';
import { LoadFailed } from '../ListSection';

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

/** The navigation state of a link that opens an order from the list: its heading then takes the focus. */
export const OPEN_ORDER = { openOrder: true } as const;

/**
 * The navigation state of "Back to my orders": the list, once shown, gives the focus to this order's row
 * (or its heading when the order is not on the page) — the pressed link is gone with the order.
 */
export function backFromOrder(number: string) {
  return { fromOrder: number };
}

function isOpenOrder(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { openOrder?: unknown }).openOrder === true;
}

/** The payment's state as the shopper reads it: an order cancelled before any money came owes nothing. */
function paymentKey(order: { status: string; payment_status: string }): string {
  return order.status === 'cancelled' && order.payment_status === 'pending' ? 'not_paid' : order.payment_status;
}

/**
 * One order: items, delivery, payment, receiver and the status history. Opened from the list (the pressed
 * link is gone), its heading takes the focus once the order is there, or the message when it cannot be shown;
 * after "Try again", the same. A card payment being checked is followed until it settles. A refund under way
 * says, in the API's words, who returns the money and by when.
 */
export function OrderDetail({ number, listHref }: { number: string; listHref: string }) {
  const { t, i18n } = useTranslation();
  // asked again when the language changes: statuses and product names come translated from the API
  const load = () => ordersApi(getApi()).get(number);
  const { data, loading, error, reload } = useAsync(`${number}|${i18n.language}`, load);
  const order = useFollowedWhile(data, loading, load, paymentBeingChecked);
  const checking = order !== null && paymentBeingChecked(order);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const address = (value: Record<string, unknown> | null | undefined) =>
    addressLines(value)
      .map((line) => (line.part === 'region' || line.part === 'city' || line.part === 'street' ? line.value : t(`orders.address.${line.part}`, { value: line.value })))
      .join(', ');
  const opened = isOpenOrder(useLocation().state);
  const heading = useRef<HTMLHeadingElement>(null);
  const problem = useRef<HTMLElement>(null);
  const focused = useRef(false);
  const shown = order ? 'order' : error ? 'error' : null;
  // "Try again" goes away while the order loads: what comes instead takes the focus (the order's heading, or
  // the problem again), so that it does not fall to the page's body
  const retried = useRef<'pressed' | 'loading' | null>(null);
  useEffect(() => {
    if (retried.current === 'pressed' && !shown) retried.current = 'loading';
    if (retried.current === 'loading' && shown) {
      retried.current = null;
      (shown === 'order' ? heading : problem).current?.focus();
      return;
    }
    if (!opened || focused.current || !shown) return;
    focused.current = true;
    (shown === 'order' ? heading : problem).current?.focus();
  });
  /** A step of the history's payment, in words: the API's ("Paid"), else this page's. */
  const paymentWords = (entry: OrderStatusChange) =>
    entry.payment_status_label ?? t(`orders.paymentStatuses.${paymentKey({ status: entry.status, payment_status: entry.payment_status ?? '' })}`, { defaultValue: entry.payment_status });
  return (
    <section data-testid="order-detail" className="acc-form">
      <Link to={listHref} state={backFromOrder(number)}>{t('orders.back')}</Link>
      {loading && !order ? <p role="status">{t('loading')}</p> : null}
      {error instanceof ApiError && error.status === 404 ? (
        // Unknown, mistyped or another shopper's number: the API answers the same 404 for all three.
        <p ref={(el) => void (problem.current = el)} role="alert" tabIndex={-1} className="bz-error-block" data-testid="order-not-found">
          {t('orders.notFound', { number })}
        </p>
      ) : error ? (
        <LoadFailed
          focusable
          innerRef={(el) => void (problem.current = el)}
          onRetry={() => {
            retried.current = 'pressed';
            reload();
          }}
        />
      ) : null}
      {order ? (
        <>
          <h2 ref={heading} tabIndex={-1} data-testid="order-number">{t('orders.number', { number: order.number })}</h2>
          {order.one_click && order.status === 'new' ? (
            <p role="note" data-testid="order-one-click">{t('orders.oneClickCall')}</p>
          ) : null}
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
      ) : null}
    </section>
  );
}
