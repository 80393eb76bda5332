import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Price, addToCart, setOneClickBuyItem, showToast, type CartItem } from '@bozor/shared';
import type { ProductDetail, Variant } from '../../api/types';
import { QuantityStepper } from './QuantityStepper';
import { StockStatus } from './StockStatus';
import { VariantPicker } from './VariantPicker';

/** The cart line for a product in a chosen variant (the variant travels in attributes for the server). */
export function cartItemFor(product: ProductDetail, variant: Variant | undefined, quantity: number): CartItem {
  return {
    product_id: product.id,
    name: product.name,
    img_url: product.img_url,
    quantity,
    price: variant?.price ?? product.price,
    slug: product.slug,
    attributes: variant ? { variant_id: variant.id, sku: variant.sku, options: variant.options } : undefined,
    mxit: product.mxit,
    mxit_unit: product.mxit_unit,
    weight: product.weight,
  };
}

/** Variant choice, price, stock, quantity, Buy and Buy in 1 click. */
export function BuyBox({ product, basePath }: { product: ProductDetail; basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const initial = product.variants.find((v) => v.id === product.selected_variant_id) ?? product.variants[0];
  const [variant, setVariant] = useState<Variant | undefined>(initial);
  const [quantity, setQuantity] = useState(1);
  const stock = variant?.total_quanity ?? product.total_quanity;
  const price = variant?.price ?? product.price;
  const oldPrice = variant ? variant.old_price : product.old_price;

  const buy = () => {
    addToCart(cartItemFor(product, variant, quantity));
    showToast(t('product.added'), 'success');
  };
  const buyNow = () => {
    setOneClickBuyItem(cartItemFor(product, variant, quantity));
    void navigate(`${basePath}/checkout`);
  };

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
      {variant ? (
        <VariantPicker
          variants={product.variants}
          selected={variant}
          onSelect={(v) => {
            setVariant(v);
            setQuantity((q) => Math.max(1, Math.min(q, v.total_quanity)));
          }}
        />
      ) : null}
      {stock > 0 ? (
        <>
          <QuantityStepper value={quantity} max={stock} onChange={setQuantity} />
          <div className="bzc-buybox__actions">
            <Button data-testid="buy" onClick={buy}>
              {t('product.buy')}
            </Button>
            <Button variant="secondary" data-testid="buy-one-click" onClick={buyNow}>
              {t('product.buyOneClick')}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
