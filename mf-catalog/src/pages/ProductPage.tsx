import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage, ApiError, useAnnouncePageName } from '@bozor/shared';
import type { ProductCard, ProductDetail } from '../api/types';
import { useProduct } from '../hooks/useProduct';
import { useProductPurchase } from '../hooks/useProductPurchase';
import { Breadcrumbs } from '../components/common/Breadcrumbs';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { BuyBox } from '../components/product/BuyBox';
import { Gallery } from '../components/product/Gallery';
import { ProductGrid } from '../components/product/ProductCardView';
import { AvailabilitySlot } from '../components/product/ProductExtras';
import { ProductStickyBuyBar } from '../components/product/ProductStickyBuyBar';
import { FavouriteButton } from '../components/favourites/FavouriteButton';
import { RecentlyViewed, useRecordView } from '../components/favourites/RecentlyViewed';
import { i18n } from '../i18n';

/** The product page: gallery, buy box, delivery and pickup, specifications, description, related products. */
export function ProductPage({ basePath }: { basePath: string }) {
  const { slug = '' } = useParams();
  const { product, related, loading, error } = useProduct(slug);

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage path={`${basePath}/products/${slug}`} i18n={i18n} homeHref={basePath} />;
  if (error) return <ErrorState />;
  if (loading || !product)
    return (
      <section className="bzc-page" data-testid="catalog-page-product" aria-busy="true">
        <div className="bzc-product">
          <Skeleton height={360} />
          <div>
            <Skeleton height={32} />
            <Skeleton height={24} width="40%" />
            <Skeleton height={44} width="60%" />
          </div>
        </div>
      </section>
    );
  // a new product (a related one) starts with its own choice of variant, picture and quantity
  return <ProductView key={product.id} product={product} related={related} basePath={basePath} />;
}

function ProductView({ product, related, basePath }: { product: ProductDetail; related: ProductCard[]; basePath: string }) {
  const { t } = useTranslation();
  const purchase = useProductPurchase(product, basePath);
  useRecordView(product.id);
  useAnnouncePageName(product.name);
  const actions = useRef<HTMLDivElement>(null);
  return (
    <section className="bzc-page" data-testid="catalog-page-product">
      <Breadcrumbs
        basePath={basePath}
        items={[
          { label: t('page.catalog'), to: `${basePath}/catalog` },
          ...product.breadcrumbs.map((c) => ({ label: c.name, to: `${basePath}/catalog?category=${c.slug}` })),
          { label: product.name },
        ]}
      />
      <div className="bzc-product">
        <Gallery images={product.images} name={product.name} variants={product.variants} index={purchase.image} onIndex={purchase.selectImage} />
        <div>
          <h1 data-testid="product-name">{product.name}</h1>
          <FavouriteButton productId={product.id} name={product.name} variant="page" />
          <p className="bzc-muted">
            {t('product.brand')}: {product.brand.name}
          </p>
          <BuyBox product={product} purchase={purchase} actionsRef={actions} />
          <AvailabilitySlot slug={product.slug} variantId={purchase.variant?.id ?? null} basePath={basePath} />
        </div>
      </div>
      {product.attributes.length > 0 ? (
        <section aria-labelledby="specs-title">
          <h2 id="specs-title">{t('product.specs')}</h2>
          <dl className="bzc-specs" data-testid="product-specs">
            {product.attributes.map((a) => (
              <div key={a.code}>
                <dt>{a.name}</dt>
                <dd>{a.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {product.description ? (
        <section aria-labelledby="desc-title">
          <h2 id="desc-title">{t('product.description')}</h2>
          <p data-testid="product-description">{product.description}</p>
        </section>
      ) : null}
      {related.length > 0 ? (
        <section aria-labelledby="related-title">
          <h2 id="related-title">{t('product.related')}</h2>
          <ProductGrid products={related} basePath={basePath} />
        </section>
      ) : null}
      <RecentlyViewed basePath={basePath} exclude={product.id} />
      <ProductStickyBuyBar name={product.name} purchase={purchase} watch={actions} />
    </section>
  );
}
