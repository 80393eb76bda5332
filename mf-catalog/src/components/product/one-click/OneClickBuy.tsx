// "Buy in 1 click" on the product page (issue 12): the button, and the form it opens — its code is loaded
// on the first tap, so no product page pays for it before. Placed in the buy box beside Buy.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import type { ProductDetail } from '../../../api/types';
import type { ProductPurchase } from '../../../hooks/useProductPurchase';

const OneClickDialog = lazy(() => import('./OneClickDialog'));

export function OneClickBuy({ product, purchase, disabled }: { product: ProductDetail; purchase: ProductPurchase; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" data-testid="buy-one-click" onClick={() => setOpen(true)} disabled={disabled} aria-haspopup="dialog">
        {t('product.buyOneClick')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <OneClickDialog product={product} purchase={purchase} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
