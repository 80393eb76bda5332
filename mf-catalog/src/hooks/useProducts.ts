import { useStore } from '@nanostores/react';
import { $accountType, $language, getApi } from '@bozor/shared';
import { filterBody, type CatalogFilter } from '../api/filter';
import { productsSeed, type Seed } from '../api/prefetch';
import type { ProductsAnswer } from '../api/types';
import { useAsync } from '@bozor/shared';

/** One page of products with facets for a filter. */
export function useProducts(filter: CatalogFilter): { result: ProductsAnswer | null; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const body = filterBody(filter);
  const { data, loading, error } = useAsync(
    `${JSON.stringify(body)}|${lang}|${account}`,
    async () => (await getApi().getProducts(body)) as ProductsAnswer,
    () => productsSeed(body) as Seed<ProductsAnswer> | undefined,
  );
  return { result: data, loading, error };
}
