import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RemoteInfo } from '@bozor/shared';
import { responsiveImage } from '@bozor/shared/media';
import { useHome } from '../hooks/useHome';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { ProductGrid } from '../components/product/ProductCardView';
import { RecentlyViewed } from '../components/favourites/RecentlyViewed';

/** Home: slides, top categories, new / popular / discounted, brands, latest blogs — one `home` call. */
export function HomePage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const { home, loading, error } = useHome();
  if (error) return <ErrorState />;
  return (
    <section className="bzc-page" data-testid="catalog-home">
      <h1>{t('home.title')}</h1>
      {loading || !home ? (
        // shaped like the page below (a slide, a row of tiles, a product grid) so little moves when it lands
        <div aria-busy="true">
          <div className="bzc-slide-skeleton" />
          <Skeleton height={96} />
          <div className="bzc-grid">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={300} />
            ))}
          </div>
        </div>
      ) : (
        <>
          <ul className="bzc-slides" aria-label={t('home.offers')}>
            {home.slides.map((s, i) => (
              <li key={s.id}>
                <Link className="bzc-slide" to={`${basePath}${s.link ?? ''}`}>
                  <img {...responsiveImage(s.image_url, 'slide')} alt="" width={640} height={320} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
                  <span>
                    <strong>{s.title}</strong>
                    {s.subtitle}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <h2>{t('home.categories')}</h2>
          <ul className="bzc-tiles">
            {home.categories.map((c) => (
              <li key={c.slug}>
                <Link to={`${basePath}/catalog?category=${c.slug}`}>
                  {c.image_url ? <img {...responsiveImage(c.image_url, 'tile')} alt="" width={64} height={64} loading="lazy" /> : null}
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
          {home.sections.map((s) => (
            <section key={s.key} data-testid={`home-section-${s.key}`}>
              <h2>{t(`home.section.${s.key}`, { defaultValue: s.key })}</h2>
              <ProductGrid products={s.products.slice(0, 8)} basePath={basePath} />
            </section>
          ))}
          <RecentlyViewed basePath={basePath} />
          <h2>{t('page.brands')}</h2>
          <ul className="bzc-tiles">
            {home.brands.map((b) => (
              <li key={b.slug}>
                <Link to={`${basePath}/catalog?brands=${b.slug}`}>
                  {b.logo_url ? <img {...responsiveImage(b.logo_url, 'tile')} alt="" width={64} height={64} loading="lazy" /> : null}
                  {b.name}
                </Link>
              </li>
            ))}
          </ul>
          <h2>{t('page.blogs')}</h2>
          <ul className="bzc-tiles">
            {home.blogs.map((b) => (
              <li key={b.slug}>
                <Link to={`${basePath}/blogs/${b.slug}`}>{b.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <footer>
        <RemoteInfo name={__REMOTE_NAME__} version={__REMOTE_VERSION__} publicPath={() => (typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '')} />
      </footer>
    </section>
  );
}
