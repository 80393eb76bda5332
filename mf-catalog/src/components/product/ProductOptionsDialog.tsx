import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Price } from '@bozor/shared';
import type { ProductDetail, Variant } from '../../api/types';
import { useProduct } from '../../hooks/useProduct';
import { addWithinLimit, initialVariant } from '../../hooks/useProductPurchase';
import { Skeleton } from '../common/Skeleton';
import { StockStatus } from './StockStatus';
import { VariantPicker } from './VariantPicker';

/**
 * A card's Buy on a product with several variants: the shopper picks one here (the same chips as on
 * the product page, sold-out ones marked) instead of getting the default variant without being asked.
 * Mounted only while open; its product answer is the one the card prefetched when it was seen.
 */
export function ProductOptionsDialog({ slug, name, onClose }: { slug: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { product, loading, error } = useProduct(slug);
  return (
    <Dialog open title={name} onClose={onClose} closeLabel={t('close')}>
      <div className="bzc-options" data-testid="options-dialog">
        {error ? (
          <p role="alert">{t('error.load')}</p>
        ) : loading || !product ? (
          <div aria-busy="true">
            <Skeleton height={40} />
            <Skeleton height={44} width="60%" />
          </div>
        ) : (
          <OptionsChoice product={product} onDone={onClose} />
        )}
      </div>
    </Dialog>
  );
}

function OptionsChoice({ product, onDone }: { product: ProductDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const [variant, setVariant] = useState<Variant | undefined>(() => initialVariant(product));
  const stock = variant?.total_quanity ?? product.total_quanity;
  return (
    <>
      {variant ? <VariantPicker variants={product.variants} selected={variant} onSelect={setVariant} /> : null}
      <p className="bzc-buybox__price" data-testid="options-price" data-price={variant?.price ?? product.price}>
        <Price amount={variant?.price ?? product.price} />
      </p>
      <StockStatus quantity={stock} />
      <Button
        data-testid="options-add"
        disabled={stock <= 0}
        onClick={() => {
          // a line already at the most one order may take stays as it is, and the dialog says so
          if (addWithinLimit(product, variant, 1, t)) onDone();
        }}
      >
        {t('product.addToCart')}
      </Button>
    </>
  );
}
