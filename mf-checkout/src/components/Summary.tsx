import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $checkoutForm, Price, cartLineKey, type CartItem } from '@bozor/shared';
import type { Quote } from '@bozor/shared/api/delivery';
import { optionText } from '@bozor/shared/api/cart';
import { orderLines } from '@bozor/shared/api/orders';
import { useQuote } from '../hooks/useQuote';
import { useCartChanges } from '../hooks/useCartChanges';

/** A line of the quote as the API answers it: its variant and stock come too (absent from an older API). */
type QuoteLine = Quote['items'][number] & { variant_id?: number; total_quanity?: number };

/** The quote's line for a cart line: the same variant (the same product when either names none). */
function quoteLineOf(quote: Quote | null, item: CartItem): QuoteLine | undefined {
  const [asked] = orderLines([item]);
  const lines: QuoteLine[] = quote?.items ?? [];
  return lines.find((q) => String(q.product_id) === String(asked?.product_id) && (asked?.variant_id === undefined || q.variant_id === undefined || q.variant_id === asked.variant_id));
}

/**
 * Order summary from the server: goods, delivery fee (or why there is none) and the total; above them, what
 * the check of the cart removed or lowered, with a link back to the cart. A line the quote finds short
 * (`in_stock: false`: sold out, or fewer left than asked, since the cart was checked) is marked so, not
 * shown as if it could be bought; placing the order then checks the cart again.
 */
export function Summary({ items, basePath }: { items: CartItem[]; basePath: string }) {
  const { t } = useTranslation();
  const changes = useCartChanges();
  const form = useStore($checkoutForm);
  const { quote, loading, error, regionNeeded } = useQuote(items);
  const fee = () => {
    // a kept region the shop no longer offers (or none yet): no fee until one is chosen
    if (regionNeeded) return t('summary.chooseRegion');
    if (!quote) return '…';
    switch (form.deliveryType) {
      case 'express':
        return t('summary.expressFee');
      case 'pickup':
        return t('summary.free');
      case 'courier':
        return quote.delivery_fee === 0 ? t('summary.free') : <Price amount={quote.delivery_fee} />;
      default:
        return t('summary.chooseMethod');
    }
  };
  return (
    <aside className="co-card" aria-labelledby="co-summary" aria-busy={loading} data-testid="checkout-summary">
      <h2 id="co-summary">{t('summary.title')}</h2>
      {/* always there, so what the check finds is announced */}
      <div role="status" data-testid="cart-changes-status">
        {changes.length > 0 ? (
          <div className="co-notice" data-testid="checkout-cart-changes">
            <p>{t('cartChanges.title')}</p>
            <ul>
              {changes.map((c) => (
                <li key={`${c.key}-${c.change}`}>{t(`cartChanges.${c.change}`, { name: c.name, count: c.max })}</li>
              ))}
            </ul>
            <Link to={`${basePath}/cart`} data-testid="cart-changes-link">{t('cartChanges.toCart')}</Link>
          </div>
        ) : null}
      </div>
      <ul className="co-lines">
        {items.map((i, index) => {
          const line = quoteLineOf(quote, i);
          const left = line?.total_quanity ?? 0;
          // two colours of one product are two lines of one name: the options, worded as the cart words
          // them (in the language they were added in; the quote has none), tell them apart
          const options = optionText(i.attributes);
          return (
            // the line's variant keys it; the place in the list too, so a cart that somehow holds one
            // variant twice still renders both
            <li key={`${index}-${cartLineKey(i)}`} data-testid="summary-line">
              {/* the server's name is in the page language; the cart keeps the one it was added in */}
              <span>{line?.name ?? i.name}</span> <span className="co-muted">× {i.quantity}</span>
              {line?.in_stock === false ? (
                <>
                  {' '}
                  <strong className="bz-field__error" data-testid="summary-line-short">{left > 0 ? t('summary.short', { count: left }) : t('summary.soldOut')}</strong>
                </>
              ) : null}
              {options ? (
                <>
                  {' '}
                  <span className="co-muted co-line__options" data-testid="summary-line-options">{options}</span>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? <p role="alert" className="bz-field__error">{error}</p> : null}
      <dl className="co-dl">
        <dt>{t('summary.items')}</dt>
        <dd data-testid="summary-items">{quote ? <Price amount={quote.items_total} /> : '…'}</dd>
        <dt>{t('summary.delivery')}</dt>
        <dd data-testid="summary-fee">{fee()}</dd>
        {quote && form.deliveryType === 'courier' && !regionNeeded && quote.delivery_fee > 0 ? (
          <dd className="co-muted co-span">{t('summary.freeFromBefore')}
            <Price amount={quote.free_delivery_threshold} />
            {/* uz puts the amount first and joins "-dan" to it: "1 000 000 soʻmdan bepul…" */}
            {t('summary.freeFromAfter')}
          </dd>
        ) : null}
        <dt><strong>{t('summary.total')}</strong></dt>
        <dd data-testid="summary-total">{quote ? <Price amount={form.deliveryType ? quote.total : quote.items_total} /> : '…'}</dd>
      </dl>
    </aside>
  );
}
