import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Price } from '@bozor/shared';
import { responsiveImage } from '@bozor/shared/media';
import { prefetchProduct, prefetchWhenVisible } from '../../api/prefetch';
import type { ProductCard } from '../../api/types';
import { ProductOptionsDialog } from './ProductOptionsDialog';
import { addLineWithinLimit } from '../../hooks/useProductPurchase';
import { FavouriteButton } from '../favourites/FavouriteButton';

/**
 * A product in a grid: picture, name, price (with the old price and discount), stock. Drawn again only
 * when its own props change: a page's render for its own reasons (a store it reads, a filter being
 * chosen) does not redraw twenty cards — on a slow phone that was most of a 100 ms task.
 */
export const ProductCardView = memo(function ProductCardView({ product, basePath, eager = false }: { product: ProductCard; basePath: string; eager?: boolean }) {
  const { t } = useTranslation();
  const link = useRef<HTMLAnchorElement>(null);
  const [choosing, setChoosing] = useState(false);
  // the product page's answer is fetched when the card is first seen (idle, fast connections only)
  useEffect(() => (link.current ? prefetchWhenVisible(link.current, product.slug) : undefined), [product.slug]);
  return (
    <li className="bzc-card" data-testid="product-card">
      <Link
        ref={link}
        to={`${basePath}/products/${product.slug}`}
        onMouseEnter={() => prefetchProduct(product.slug)}
        onFocus={() => prefetchProduct(product.slug)}
        className="bzc-card__link"
      >
        <span className="bzc-card__img">
          {product.img_url ? (
            <img {...responsiveImage(product.img_url, 'card')} alt="" width={240} height={240} loading={eager ? 'eager' : 'lazy'} decoding="async" />
          ) : null}
          {product.discount_percent > 0 ? <span className="bzc-badge">−{product.discount_percent}%</span> : null}
        </span>
        <span className="bzc-card__name" data-testid="product-card-name">
          {product.name}
        </span>
      </Link>
      <FavouriteButton productId={product.id} name={product.name} />
      <span className="bzc-card__price" data-testid="product-card-price" data-price={product.price}>
        <Price amount={product.price} />
        {product.old_price ? (
          <s className="bzc-old">
            <Price amount={product.old_price} />
          </s>
        ) : null}
      </span>
      {product.in_stock ? (
        <Button
          variant="secondary"
          className="bzc-card__buy"
          data-testid="add-to-cart"
          aria-label={t('product.buyNamed', { name: product.name })}
          aria-haspopup={product.variants_count > 1 ? 'dialog' : undefined}
          onClick={() => {
            // several variants: the shopper chooses one, rather than getting the default unasked
            if (product.variants_count > 1) {
              setChoosing(true);
              return;
            }
            // The variant the product page opens on, so Buy here and Buy there make one line; one
            // variant's stock is the product's, and a cart holding all of it takes no more.
            const variant = product.selected_variant;
            const item = {
              product_id: product.id,
              name: product.name,
              img_url: product.img_url,
              quantity: 1,
              price: product.price,
              slug: product.slug,
              attributes: variant ? { variant_id: variant.id, sku: variant.sku, options: variant.options } : undefined,
            };
            addLineWithinLimit(item, product.total_quanity, t);
          }}
        >
          {t('product.buy')}
        </Button>
      ) : (
        <span className="bzc-stock bzc-stock--out">{t('stock.out')}</span>
      )}
      {choosing ? <ProductOptionsDialog slug={product.slug} name={product.name} onClose={() => setChoosing(false)} /> : null}
    </li>
  );
});

/** A grid of product cards; the first row loads eagerly (it is above the fold). */
export function ProductGrid({ products, basePath, eagerCount = 0 }: { products: ProductCard[]; basePath: string; eagerCount?: number }) {
  return (
    <ul className="bzc-grid" data-testid="product-grid">
      {products.map((p, i) => (
        <ProductCardView key={p.id} product={p} basePath={basePath} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
