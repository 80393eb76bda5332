import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Price } from '@bozor/shared';
import type { ProductPurchase } from '../../hooks/useProductPurchase';

/**
 * A phone's buy bar: price and Buy fixed at the bottom once the buy box's own buttons have scrolled
 * up out of view (below 800 px only, CSS). It starts hidden — on the server and while hydrating — so
 * it never appears over the first screen. While it exists the page
 * keeps room for it at the bottom (CatalogStyles: body padding and scroll padding), so it hides
 * neither the last lines of the page nor a focused element.
 */
export function ProductStickyBuyBar({ name, purchase, watch }: { name: string; purchase: ProductPurchase; watch: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [past, setPast] = useState(false);
  useEffect(() => {
    const target = watch.current;
    if (!target) return;
    // A scroll listener, not an IntersectionObserver: a jump from below the buttons to above them (the
    // Home/End keys, a scrollTo) crosses no intersection threshold, and the observer would stay silent.
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(target.getBoundingClientRect().bottom < 0);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [watch]);
  const soldOut = purchase.stock <= 0;
  return (
    <div className="bzc-buybar" role="region" aria-label={t('product.buyBar')} hidden={!past} data-testid="sticky-buy-bar">
      <span className="bzc-buybar__price" data-price={purchase.price}>
        <Price amount={purchase.price} />
      </span>
      <Button data-testid="sticky-buy" aria-label={soldOut ? undefined : t('product.buyNamed', { name })} onClick={purchase.buy} disabled={soldOut}>
        {soldOut ? t('stock.out') : t('product.buy')}
      </Button>
    </div>
  );
}
