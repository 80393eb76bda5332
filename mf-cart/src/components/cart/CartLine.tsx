import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Price, removeFromCart, setCartQuantity, type CartItem } from '@bozor/shared';
import { optionText } from '@bozor/shared/api/cart';

/**
 * The product page of a line, on the line's variant (`?variant=<id>`, the parameter the product page reads):
 * a black kettle opens black, not on the default colour.
 */
export function productHref(basePath: string, item: CartItem): string {
  const variant = (item.attributes as { variant_id?: unknown } | undefined)?.variant_id ?? (item as CartItem & { variant_id?: unknown }).variant_id;
  const id = typeof variant === 'number' || (typeof variant === 'string' && /^\d+$/.test(variant)) ? String(variant) : null;
  return `${basePath}/products/${item.slug}${id ? `?variant=${id}` : ''}`;
}

/**
 * One line: picture, name, options, unit price, stepper (capped at stock, or at the per-order limit when
 * `perOrder`), line sum, remove. `onRemoved` is told when the shopper takes the line away here (Remove, or
 * "−" at 1), so the page can give the focus a place to go.
 */
export function CartLine({ item, basePath, max, perOrder = false, onRemoved }: { item: CartItem; basePath: string; max?: number; perOrder?: boolean; onRemoved?: () => void }) {
  const { t } = useTranslation();
  const options = optionText(item.attributes);
  const atMax = max !== undefined && item.quantity >= max;
  const decrease = () => {
    setCartQuantity(item, item.quantity - 1);
    if (item.quantity <= 1) onRemoved?.();
  };
  const remove = () => {
    removeFromCart(item);
    onRemoved?.();
  };
  return (
    <li data-testid="cart-line" className="bzk-line">
      <span className="bzk-line__img">{item.img_url ? <img src={item.img_url} alt="" width={80} height={80} loading="lazy" /> : null}</span>
      <div className="bzk-line__body">
        <Link to={productHref(basePath, item)} data-testid="cart-line-name">
          {item.name}
        </Link>
        {options ? <span className="bzk-muted">{options}</span> : null}
        <span className="bzk-muted">
          {t('unitPrice')}: <Price amount={item.price} />
        </span>
        <div className="bzk-line__row">
          <div className="bzk-stepper" role="group" aria-label={t('quantityOf', { name: item.name })}>
            <Button variant="secondary" aria-label={t('decrease')} onClick={decrease}>
              −
            </Button>
            <output data-testid="cart-line-quantity">{item.quantity}</output>
            {/* aria-disabled, not disabled, at the cap: the pressed button keeps the keyboard focus */}
            <Button variant="secondary" aria-label={t('increase')} aria-disabled={atMax || undefined} onClick={() => setCartQuantity(item, item.quantity + 1)}>
              +
            </Button>
          </div>
          <Price amount={item.price * item.quantity} />
        </div>
        {atMax ? <span className="bzk-muted">{t(perOrder ? 'maxPerOrder' : 'maxReached', { count: max })}</span> : null}
        <Button variant="ghost" className="bzk-remove" data-testid="cart-line-remove" onClick={remove}>
          {t('remove')}
        </Button>
      </div>
    </li>
  );
}
