import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Price } from '@bozor/shared';
import type { ProductDetail } from '../../api/types';
import type { ProductPurchase } from '../../hooks/useProductPurchase';
import { NotifySlot } from './ProductExtras';
import { OneClickBuy } from './one-click/OneClickBuy';
import { QuantityStepper } from './QuantityStepper';
import { StockStatus } from './StockStatus';
import { VariantPicker } from './VariantPicker';

/**
 * Variant choice, price, stock, quantity, Buy and Buy in 1 click. A sold-out variant keeps its Buy
 * buttons in place, disabled, with a sentence saying why, and offers "Notify me when in stock".
 */
export function BuyBox({ product, purchase, actionsRef }: { product: ProductDetail; purchase: ProductPurchase; actionsRef?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const { variant, stock, price, oldPrice, quantity, inCart, room } = purchase;
  const soldOut = stock <= 0;
  const othersInStock = soldOut && product.variants.some((v) => v.total_quanity > 0);
  return (
    <div className="bzc-buybox">
      <p className="bzc-buybox__price" data-testid="product-price" data-price={price}>
        <Price amount={price} />
        {oldPrice ? (
          <s className="bzc-old">
            <Price amount={oldPrice} />
          </s>
        ) : null}
      </p>
      {variant ? (
        <p className="bzc-muted" data-testid="product-sku">
          {t('product.sku')}: {variant.sku}
        </p>
      ) : null}
      <StockStatus quantity={stock} />
      {variant ? <VariantPicker variants={product.variants} selected={variant} onSelect={purchase.selectVariant} /> : null}
      {othersInStock ? (
        <p className="bzc-muted" data-testid="variant-sold-out">
          {t('product.variantSoldOut')}
        </p>
      ) : null}
      {/* at most what one order may still take: the stock and the per-order limit, less what the cart holds */}
      {soldOut ? null : <QuantityStepper value={quantity} max={Math.max(1, room)} onChange={purchase.setQuantity} />}
      {!soldOut && inCart > 0 ? (
        <p className="bzc-muted" data-testid="product-in-cart" aria-live="polite">
          {room > 0 ? t('product.inCart', { count: inCart }) : t('product.cartFull', { count: inCart })}
        </p>
      ) : null}
      <div className="bzc-buybox__actions" ref={actionsRef}>
        <Button data-testid="buy" onClick={purchase.buy} disabled={soldOut}>
          {t('product.buy')}
        </Button>
        <OneClickBuy product={product} purchase={purchase} disabled={soldOut} />
      </div>
      {soldOut && variant ? <NotifySlot key={variant.id} variantId={variant.id} /> : null}
    </div>
  );
}
