// One order of My orders: items, delivery, payment, receiver and the status history (OrderSections.tsx), loaded
// and followed by useOrder, focused by useOrderFocus.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@bozor/shared';
import { OrderFacts, OrderHistory, OrderLines } from './OrderSections';
import { useOrder, useOrderFocus } from './useOrderDetail';
import { LoadFailed } from '../ListSection';

export { OPEN_ORDER } from './useOrderDetail';

/**
 * The navigation state of "Back to my orders": the list, once shown, gives the focus to this order's row
 * (or its heading when the order is not on the page) — the pressed link is gone with the order.
 */
export function backFromOrder(number: string) {
  return { fromOrder: number };
}

/**
 * One order: items, delivery, payment, receiver and the status history. Opened from the list (the pressed
 * link is gone), its heading takes the focus once the order is there, or the message when it cannot be shown;
 * after "Try again", the same. A card payment being checked is followed until it settles. A refund under way
 * says, in the API's words, who returns the money and by when.
 */
export function OrderDetail({ number, listHref }: { number: string; listHref: string }) {
  const { t } = useTranslation();
  const { order, loading, error, reload } = useOrder(number);
  const { heading, problemRef, retrying } = useOrderFocus(order ? 'order' : error ? 'error' : null);
  return (
    <section data-testid="order-detail" className="acc-form">
      <Link to={listHref} state={backFromOrder(number)}>{t('orders.back')}</Link>
      {loading && !order ? <p role="status">{t('loading')}</p> : null}
      {error instanceof ApiError && error.status === 404 ? (
        // Unknown, mistyped or another shopper's number: the API answers the same 404 for all three.
        <p ref={problemRef} role="alert" tabIndex={-1} className="bz-error-block" data-testid="order-not-found">
          {t('orders.notFound', { number })}
        </p>
      ) : error ? (
        <LoadFailed
          focusable
          innerRef={problemRef}
          onRetry={() => {
            retrying();
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
          <OrderFacts order={order} />
          <OrderLines order={order} />
          <OrderHistory order={order} />
        </>
      ) : null}
    </section>
  );
}
