import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price } from '@bozor/shared';
import type { DeliveryTerms } from '../../hooks/useDeliveryTerms';
import { useRoomAbovePanel } from '../../hooks/useRoomAbovePanel';

/**
 * Totals, the delivery-fee text against the free-delivery threshold, and the way to checkout. On a phone
 * the panel sticks to the bottom of the screen; the page keeps room above it for the focused control.
 */
export function CartSummary({ total, count, delivery, basePath }: { total: number; count: number; delivery: DeliveryTerms | null; basePath: string }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  useRoomAbovePanel(panel);
  return (
    <aside ref={panel} className="bzk-summary" aria-label={t('summary')} data-testid="cart-summary">
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
              {/* delivery_sum is the fee staff announce here (docs/back-office.md "Delivery"), not what the checkout
                  charges: that is the region's tariff by weight (docs/api.md "GET /api/settings/delivery"), Tashkent
                  city's the lowest. So it is said as the least a courier costs, "from" */}
              {t('delivery.courierBefore')}
              <Price amount={delivery.fee} />
              {t('delivery.courierAfter')} {t('delivery.freeFromBefore')}
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
