import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price } from '@bozor/shared';
import type { DeliveryTerms } from '../../hooks/useDeliveryTerms';

/** Totals, the delivery-fee text against the free-delivery threshold, and the way to checkout. */
export function CartSummary({ total, count, delivery, basePath }: { total: number; count: number; delivery: DeliveryTerms | null; basePath: string }) {
  const { t } = useTranslation();
  return (
    <aside className="bzk-summary" aria-label={t('summary')}>
      <p className="bzk-summary__row">
        <span>{t('items', { count })}</span>
        <span data-testid="cart-total">
          <Price amount={total} />
        </span>
      </p>
      {delivery ? (
        <p className="bzk-muted" data-testid="delivery-text">
          {total >= delivery.freeFrom ? (
            t('delivery.free')
          ) : (
            <>
              {t('delivery.fee')} <Price amount={delivery.fee} />. {t('delivery.freeFromBefore')}
              <Price amount={delivery.freeFrom} />
              {/* uz puts the amount first and joins "-dan" to it: "1 000 000 soʻmdan bepul…" */}
              {t('delivery.freeFromAfter')} ({t('delivery.left')}{' '}
              <Price amount={delivery.freeFrom - total} />)
            </>
          )}
        </p>
      ) : null}
      <Link className="bz-btn" to={`${basePath}/checkout`} data-testid="go-to-checkout">
        {t('toCheckout')}
      </Link>
    </aside>
  );
}
