import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $cart, $cartCount, $cartTotal, Button, cartLineKey, clearCart } from '@bozor/shared';
import { CartChanges } from '../components/cart/CartChanges';
import { CartLine } from '../components/cart/CartLine';
import { CartSummary } from '../components/cart/CartSummary';
import { RemoteInfo } from '../components/RemoteInfo';
import { useCartCheck } from '../hooks/useCartCheck';
import { useDeliveryTerms } from '../hooks/useDeliveryTerms';

/** The cart: checked lines, totals, delivery text, the way to checkout; an empty state when there is nothing. */
export function CartPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const items = useStore($cart);
  const total = useStore($cartTotal);
  const count = useStore($cartCount);
  const check = useCartCheck();
  const delivery = useDeliveryTerms();
  return (
    <section data-testid="cart-page" className="bzk-page">
      <h1>{t('title')}</h1>
      {check.checking ? (
        <div aria-busy="true" data-testid="cart-checking">
          <p className="bzk-muted">{t('checking')}</p>
          {items.map((i) => (
            <div key={cartLineKey(i)} className="bzk-skeleton" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="bzk-empty">
          <CartChanges changes={check.changes} />
          <p data-testid="cart-empty">{t('common:empty.cart')}</p>
          <Link className="bz-btn" to={`${basePath}/catalog`}>
            {t('toCatalog')}
          </Link>
        </div>
      ) : (
        <>
          <CartChanges changes={check.changes} />
          {check.failed ? (
            <p className="bzk-muted" role="status">
              {t('checkFailed')}
            </p>
          ) : null}
          <div className="bzk-layout">
            <div>
              <ul className="bzk-lines">
                {items.map((item) => (
                  <CartLine key={cartLineKey(item)} item={item} basePath={basePath} max={check.stock.get(cartLineKey(item))} />
                ))}
              </ul>
              <Button variant="secondary" data-testid="cart-clear" onClick={clearCart} style={{ marginTop: 12 }}>
                {t('clear')}
              </Button>
            </div>
            <CartSummary total={total} count={count} delivery={delivery} basePath={basePath} />
          </div>
        </>
      )}
      <div>
        <RemoteInfo />
      </div>
    </section>
  );
}
