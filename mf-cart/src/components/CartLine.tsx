import { useTranslation } from 'react-i18next';
import { Button, Price, setCartQuantity, type CartItem } from '@bozor/shared';

/** One line of the cart with − / + (quantity 0 removes it). */
export function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  return (
    <li data-testid="cart-line" style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '8px 0' }}>
      <span style={{ flex: 1 }}>{item.name}</span>
      <Button variant="secondary" aria-label={t('decrease')} onClick={() => setCartQuantity(item.product_id, item.quantity - 1)}>
        −
      </Button>
      <span data-testid="cart-line-quantity">{item.quantity}</span>
      <Button variant="secondary" aria-label={t('increase')} onClick={() => setCartQuantity(item.product_id, item.quantity + 1)}>
        +
      </Button>
      <Price amount={item.price * item.quantity} />
    </li>
  );
}
