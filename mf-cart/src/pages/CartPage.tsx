import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $cart, $cartTotal, Button, Price, clearCart } from '@bozor/shared';
import { CartLine } from '../components/CartLine';
import { RemoteInfo } from '../components/RemoteInfo';

/** The cart: its lines, the total, and the way to checkout; an empty state when there is nothing. */
export function CartPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const items = useStore($cart);
  const total = useStore($cartTotal);
  return (
    <section data-testid="cart-page" style={{ padding: 16 }}>
      <h1>{t('title')}</h1>
      {items.length === 0 ? (
        <p data-testid="cart-empty">{t('common:empty.cart')}</p>
      ) : (
        <>
          <ul style={{ listStyle: 'none', padding: 0 }}>
            {items.map((item) => (
              <CartLine key={String(item.product_id)} item={item} />
            ))}
          </ul>
          <p>
            {t('total')}: <Price amount={total} />
          </p>
          <Link className="bz-btn" to={`${basePath}/checkout`} data-testid="go-to-checkout">
            {t('toCheckout')}
          </Link>{' '}
          <Button variant="secondary" onClick={clearCart}>
            {t('clear')}
          </Button>
        </>
      )}
      <div>
        <RemoteInfo />
      </div>
    </section>
  );
}
