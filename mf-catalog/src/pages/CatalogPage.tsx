import { useHydrated } from '@bozor/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SORTS, filterToParams, parseFilter, type CatalogFilter, type Sort } from '../api/filter';
import { useProducts } from '../hooks/useProducts';
import { Breadcrumbs } from '../components/common/Breadcrumbs';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { Filters } from '../components/catalog/Filters';
import { Pagination } from '../components/catalog/Pagination';
import { ProductGrid } from '../components/product/ProductCardView';

/** Catalogue, products and a brand's products: filters, sort and page all live in the URL. */
export function CatalogPage({ basePath, titleKey = 'page.catalog' }: { basePath: string; titleKey?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params);
  const { result, loading, error } = useProducts(filter);
  // the server cannot know the width: filters start folded there and while hydrating (mobile first)
  const hydrated = useHydrated();
  const wide = hydrated && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 900px)').matches;
  const update = (next: CatalogFilter) => setParams(filterToParams(next));
  const hrefFor = (page: number) => `?${filterToParams({ ...filter, page }).toString()}`;
  const categoryName = result?.facets.categories.find((c) => c.slug === filter.category)?.name;

  return (
    <section className="bzc-page" data-testid="catalog-page-catalog">
      <Breadcrumbs basePath={basePath} items={[{ label: t(titleKey) }]} />
      <h1>{categoryName ?? t(titleKey)}</h1>
      <div className="bzc-catalog">
        {/* On a phone the filters fold away above the products; from 900 px they stand open beside them. */}
        <details className="bzc-filters-box" open={wide}>
          <summary className="bz-btn bz-btn--secondary">{t('filters.title')}</summary>
          <Filters key={params.toString()} filter={filter} facets={result?.facets ?? null} onChange={update} />
        </details>
        <div>
          <div className="bzc-toolbar">
            <p className="bzc-muted" data-testid="catalog-total" aria-live="polite">
              {result ? t('found', { count: result.meta.total }) : '\u00a0'}
            </p>
            <label>
              {t('sort.label')}{' '}
              <select
                className="bz-input"
                data-testid="sort"
                value={filter.sort ?? 'popular'}
                onChange={(e) => update({ ...filter, sort: e.target.value as Sort, page: 1 })}
              >
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {error ? (
            <ErrorState />
          ) : loading || !result ? (
            <div className="bzc-grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} height={280} />
              ))}
            </div>
          ) : result.data.length === 0 ? (
            <p className="bzc-empty" data-testid="no-products">
              {t('common:empty.products')}
            </p>
          ) : (
            <>
              <ProductGrid products={result.data} basePath={basePath} eagerCount={2} />
              <Pagination page={result.meta.page} lastPage={result.meta.last_page} hrefFor={hrefFor} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
