import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { $categories, $language, Button, useAnnouncePageName, useHydrated } from '@bozor/shared';
import { SORTS, filterToParams, parseFilter, type CatalogFilter, type Sort } from '../api/filter';
import { useProducts } from '../hooks/useProducts';
import { Breadcrumbs, type Crumb } from '../components/common/Breadcrumbs';
import { NO_CATEGORIES, categoryTrail, type CategoryStep } from '../components/catalog/categoryTrail';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { Filters } from '../components/catalog/Filters';
import { CatalogActiveFilters, activeFilters, clearFilters } from '../components/catalog/CatalogActiveFilters';
import { CatalogFilterSheet } from '../components/catalog/CatalogFilterSheet';
import { useFilterLabels } from '../components/catalog/filterLabels';
import { Pagination, PastLastPage } from '../components/catalog/Pagination';
import { ProductGrid } from '../components/product/ProductCardView';

/** Whether the category tree (the shell's, with empty categories too) has `slug` at any depth. */
function inTree(tree: readonly { slug: string; children?: unknown }[], slug: string): boolean {
  return tree.some((c) => c.slug === slug || (Array.isArray(c.children) && inTree(c.children as { slug: string }[], slug)));
}

/**
 * The page's breadcrumbs: the page's name; on a category's (or one brand's) page the page's name links to the whole
 * list, then the categories above this one, then the category itself (until its name is known, the
 * page's name alone).
 */
function crumbsFor(pageName: string, pathname: string, trail: CategoryStep[], categoryName: string | undefined): Crumb[] {
  if (categoryName === undefined) return [{ label: pageName }];
  return [
    { label: pageName, to: pathname },
    ...trail.slice(0, -1).map((c) => ({ label: c.name, to: `${pathname}?category=${c.slug}` })),
    { label: categoryName },
  ];
}

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
  // An old or mistyped ?category=: the API answers an empty list, the tree (loaded by the shell; empty
  // until then, and on the server's render) tells it from an empty category. Without a category the page
  // needs no tree, so it does not read it: reading the shell's store fetches it, and its arrival made React
  // render the whole page again in one synchronous task (an external store's change is never a transition).
  const tree = useStore(filter.category ? $categories : NO_CATEGORIES);
  const hydrated = useHydrated();
  // the categories down to this one, for the breadcrumbs (the tree only once hydrated: the server has none)
  const trail = filter.category ? categoryTrail(filter.category, result?.facets.categories, hydrated ? tree : []) : [];
  const categoryName = filter.category ? (labels.category(filter.category) ?? trail.at(-1)?.name) : undefined;
  // one brand's list (a brand's link, the sitemap) is named by the brand, as the server names its tab
  const brandName = !filter.category && filter.brands?.length === 1 ? labels.brand(filter.brands[0] as string) : undefined;
  const lang = useStore($language);
  const active = activeFilters(filter, labels, t, lang);
  const clearAll = () => update(clearFilters(filter));
  const unknownCategory = hydrated && !!filter.category && tree.length > 0 && !inTree(tree, filter.category);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => heading.current?.focus();
  const { pathname } = useLocation();
  const crumbs = crumbsFor(t(titleKey), pathname, trail, categoryName ?? brandName);
  // the tab names the category or the brand the heading names ("Microwave ovens — Bozor"), else the page
  const pageName = categoryName ?? brandName ?? t(titleKey);
  useAnnouncePageName(pageName);

  return (
    <section className="bzc-page" data-testid="catalog-page-catalog">
      <Breadcrumbs basePath={basePath} items={crumbs} />
      {/* tabIndex -1: it takes the focus when the control that had it goes (the last chip, a reset) */}
      <h1 ref={heading} tabIndex={-1}>
        {pageName}
      </h1>
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
          <CatalogActiveFilters active={active} onChange={update} onClear={clearAll} onEmptied={focusHeading} />
          {error ? (
            <ErrorState />
          ) : loading || !result ? (
            <div className="bzc-grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} height={280} />
              ))}
            </div>
          ) : result.data.length === 0 && result.meta.total > 0 ? (
            <PastLastPage page={filter.page ?? 1} lastPage={result.meta.last_page} hrefFor={hrefFor} />
          ) : result.data.length === 0 && unknownCategory ? (
            <div className="bzc-empty" data-testid="category-not-found">
              <p>{t('categoryNotFound.message')}</p>
              <Link className="bz-btn bz-btn--secondary" to={`?${filterToParams(clearFilters({ ...filter, category: undefined })).toString()}`}>
                {t('categoryNotFound.link')}
              </Link>
            </div>
          ) : result.data.length === 0 ? (
            <div className="bzc-empty">
              <p data-testid="no-products">{t('common:empty.products')}</p>
              {active.length > 0 ? (
                <Button
                  variant="secondary"
                  data-testid="reset-filters"
                  onClick={() => {
                    clearAll();
                    focusHeading();
                  }}
                >
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
