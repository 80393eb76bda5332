import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price, type CartItem } from '@bozor/shared';
import { optionText } from '@bozor/shared/api/cart';
import { productHref } from '../cart/CartLine';

/** One line of the mini-cart: picture, name, options, price × quantity, remove. */
export function MiniCartLine({ item, basePath, onNavigate, onRemove }: { item: CartItem; basePath: string; onNavigate: () => void; onRemove: (item: CartItem) => void }) {
  const { t } = useTranslation();
  const options = optionText(item.attributes);
  return (
    <li data-testid="mini-cart-line" className="bzk-mini__line">
      <span className="bzk-mini__img">{item.img_url ? <img src={item.img_url} alt="" width={56} height={56} loading="lazy" /> : null}</span>
      <div className="bzk-line__body">
        <Link to={productHref(basePath, item)} onClick={onNavigate} data-testid="mini-cart-line-name">
          {item.name}
        </Link>
        {options ? <span className="bzk-muted" data-testid="mini-cart-line-options">{options}</span> : null}
        <span className="bzk-muted" data-testid="mini-cart-line-price">
          <Price amount={item.price} /> × {item.quantity}
        </span>
      </div>
      <button type="button" className="bz-btn bz-btn--ghost bzk-mini__remove" aria-label={t('mini.remove', { name: options ? `${item.name}, ${options}` : item.name })} data-testid="mini-cart-remove" onClick={() => onRemove(item)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
