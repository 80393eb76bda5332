// The payment step's error (pages/PaymentPage.tsx): what went wrong placing the order, the order a refused
// card payment left cancelled, and where to go about it.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '@bozor/shared';

/** Where the order's error links to, besides saying what went wrong. */
export type ErrorLink = 'orders' | 'cart' | null;

/**
 * The order a refused card payment left cancelled, and whether the card was surely not charged (`refused`: the
 * bank or the card said no) or the payment was only not confirmed (money taken, if any, comes back).
 */
export interface CancelledOrder {
  number: string;
  refused: boolean;
}

/**
 * Refusals in which the card was not charged (docs/api.md "POST /api/orders/"): insufficient funds, a decline,
 * a receipt Payme could not even create, and the card errors (422). Any other answer naming a cancelled order
 * (`PAYMENT_NOT_CONFIRMED`, or a code this build does not know) keeps the careful wording.
 */
const NOT_CHARGED = new Set(['INSUFFICIENT_FUNDS', 'PAYMENT_DECLINED', 'PAYMENT_UNAVAILABLE']);

/**
 * What the checkout tells of the order an error names, when it names one: the API's `order_number`, which the
 * shell's client hands on as `orderNumber` (an older shell's client leaves it undefined: the refusal alone).
 */
export function cancelledOrderIn(e: ApiError): CancelledOrder | null {
  const number = e.orderNumber;
  if (!number) return null;
  return { number, refused: NOT_CHARGED.has(e.code) || e.status === 422 };
}

export interface OrderErrorProps {
  message: string;
  cancelled: CancelledOrder | null;
  link: ErrorLink;
  basePath: string;
  /** The message takes the focus when it appears. */
  ref: Ref<HTMLParagraphElement>;
}

export function OrderError({ message, cancelled, link, basePath, ref }: OrderErrorProps) {
  const { t } = useTranslation();
  return (
    <p ref={ref} role="alert" tabIndex={-1} className="bz-error-block" data-testid="order-error">
      {message}
      {cancelled ? (
        <>
          {/* under the refusal: which order it cancelled, what became of the money, and where it is */}{' '}
          <span className="co-error-more" data-testid="order-error-cancelled">
            {t(cancelled.refused ? 'payment.cancelledNotCharged' : 'payment.cancelledNotConfirmed', { number: cancelled.number })}{' '}
            <Link to={`${basePath}/account/orders?order=${encodeURIComponent(cancelled.number)}`} data-testid="order-error-cancelled-order">
              {t('payment.cancelledOrderLink', { number: cancelled.number })}
            </Link>
          </span>
        </>
      ) : null}
      {link === 'orders' ? (
        <>
          {' '}
          <Link to={`${basePath}/account/orders`} data-testid="order-error-my-orders">{t('payment.toMyOrders')}</Link>
        </>
      ) : link === 'cart' ? (
        <>
          {' '}
          <Link to={`${basePath}/cart`} data-testid="order-error-cart">{t('cartChanges.toCart')}</Link>
        </>
      ) : null}
    </p>
  );
}
