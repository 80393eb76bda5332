import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSearch } from '../hooks/useSearch';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { ProductGrid } from '../components/product/ProductCardView';

/** Search results for ?q=…; "Nothing found" when there are none. */
export function SearchPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const { results, loading, error } = useSearch(q);
  return (
    <section className="bzc-page" data-testid="catalog-page-search">
      <h1>{q ? t('searchPage.title', { q }) : t('page.search')}</h1>
      {error ? (
        <ErrorState />
      ) : loading ? (
        <Skeleton height={280} />
      ) : results.length === 0 ? (
        <p className="bzc-empty" data-testid="nothing-found">
          {t('common:empty.search')}
        </p>
      ) : (
        <ProductGrid products={results} basePath={basePath} eagerCount={2} />
      )}
    </section>
  );
}
