// "Not paid yet" with the way to pay, for an order waiting on the shopper's Payme or Click payment.
import { useTranslation } from 'react-i18next';
import type { AccountOrder } from '@bozor/shared/api/orders';

/**
 * A Payme or Click order the shopper has not paid yet (the API sends its `pay_url` only then): said plainly,
 * with the way to pay — the order waits for the payment, which the list's status alone does not tell.
 */
export function UnpaidNote({ order }: { order: Pick<AccountOrder, 'pay_url' | 'status'> }) {
  const { t } = useTranslation();
  if (!order.pay_url || order.status === 'cancelled') return null;
  return (
    <span className="acc-row" data-testid="order-unpaid">
      <strong>{t('orders.notPaidYet')}</strong>
      <a className="bz-btn" href={order.pay_url}>
        {t('orders.payNow')}
      </a>
    </span>
  );
}
