import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@bozor/shared';
import { SORTS, filterToParams, parseFilter, type CatalogFilter, type Sort } from '../api/filter';
import { useProducts } from '../hooks/useProducts';
import { Breadcrumbs } from '../components/common/Breadcrumbs';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { Filters } from '../components/catalog/Filters';
import { CatalogActiveFilters, activeFilters, clearFilters } from '../components/catalog/CatalogActiveFilters';
import { CatalogFilterSheet } from '../components/catalog/CatalogFilterSheet';
import { useFilterLabels } from '../components/catalog/filterLabels';
import { Pagination } from '../components/catalog/Pagination';
import { ProductGrid } from '../components/product/ProductCardView';

/** Catalogue, products and a brand's products: filters, sort and page all live in the URL. */
export function CatalogPage({ basePath, titleKey = 'page.catalog' }: { basePath: string; titleKey?: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params);
  const { result, loading, error } = useProducts(filter);
  // the names of ticked entries are looked up once the list has answered (or failed)
  const labels = useFilterLabels(filter, result?.facets, result !== null || error !== null);
  const update = (next: CatalogFilter) => setParams(filterToParams(next));
  const hrefFor = (page: number) => `?${filterToParams({ ...filter, page }).toString()}`;
  const categoryName = filter.category ? labels.category(filter.category) : undefined;
  const active = activeFilters(filter, labels, t);
  const clearAll = () => update(clearFilters(filter));

  return (
    <section className="bzc-page" data-testid="catalog-page-catalog">
      <Breadcrumbs basePath={basePath} items={[{ label: t(titleKey) }]} />
      <h1>{categoryName ?? t(titleKey)}</h1>
      <div className="bzc-catalog">
        <CatalogFilterSheet total={loading || !result ? null : result.meta.total} activeCount={active.length} onClear={clearAll}>
          <Filters filter={filter} facets={result?.facets ?? null} labels={labels} onChange={update} />
        </CatalogFilterSheet>
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
          <CatalogActiveFilters active={active} onChange={update} onClear={clearAll} />
          {error ? (
            <ErrorState />
          ) : loading || !result ? (
            <div className="bzc-grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} height={280} />
              ))}
            </div>
          ) : result.data.length === 0 ? (
            <div className="bzc-empty">
              <p data-testid="no-products">{t('common:empty.products')}</p>
              {active.length > 0 ? (
                <Button variant="secondary" data-testid="reset-filters" onClick={clearAll}>
                  {t('filters.reset')}
                </Button>
              ) : null}
            </div>
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
