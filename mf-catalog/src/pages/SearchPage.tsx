import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { filterToParams, parseSearch } from '../api/filter';
import { useProducts } from '../hooks/useProducts';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { Pagination, PastLastPage } from '../components/catalog/Pagination';
import { ProductGrid } from '../components/product/ProductCardView';

/**
 * Every product matching ?q=…, with their count, paged like the catalogue (?q=…&page=2: the address
 * is the page, so a reload or a shared link shows the same one); "Nothing found" when none match, and
 * without words, a prompt to type them.
 */
export function SearchPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filter = parseSearch(params);
  const q = filter.q ?? '';
  // the catalogue's list with the words (its total and pages; the search box's call stops at 12); no words: nothing asked
  const { result, loading, error } = useProducts(filter.q === undefined ? null : filter);
  const hrefFor = (page: number) => `?${filterToParams({ ...filter, page }).toString()}`;
  return (
    <section className="bzc-page" data-testid="catalog-page-search">
      {/* a long unbroken query (a pasted link) wraps instead of scrolling a phone's page sideways */}
      <h1 className="bzc-wrap-anywhere">
        {q ? t('searchPage.title', { q }) : t('page.search')}
      </h1>
      <p className="bzc-muted" data-testid="search-total" aria-live="polite">
        {result && result.meta.total > 0 ? t('found', { count: result.meta.total }) : '\u00a0'}
      </p>
      {filter.q === undefined ? (
        // no words (an empty field's address, ?q=): nothing was searched for, so nothing is "not found"
        <p className="bzc-empty" data-testid="search-prompt">
          {t('searchPage.prompt')}
        </p>
      ) : error ? (
        <ErrorState />
      ) : loading ? (
        <div className="bzc-grid" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={280} />
          ))}
        </div>
      ) : result && result.data.length === 0 && result.meta.total > 0 ? (
        <PastLastPage page={filter.page ?? result.meta.page} lastPage={result.meta.last_page} hrefFor={hrefFor} />
      ) : !result || result.data.length === 0 ? (
        <p className="bzc-empty" data-testid="nothing-found">
          {t('common:empty.search')}
        </p>
      ) : (
        <>
          <ProductGrid products={result.data} basePath={basePath} eagerCount={2} />
          <Pagination page={result.meta.page} lastPage={result.meta.last_page} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}
