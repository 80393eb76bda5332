import { useStore } from '@nanostores/react';
import { $accountType, $language, getApi, useAsync } from '@bozor/shared';
import { filterBody, type CatalogFilter } from '../api/filter';
import { productsSeed } from '../api/prefetch';
import type { ProductsAnswer } from '../api/types';

/**
 * One page of products with facets for a filter (the catalogue, the search results page). A null filter
 * asks nothing: a search without words. On a first load the server may have given the answer with the page.
 */
export function useProducts(filter: CatalogFilter | null): { result: ProductsAnswer | null; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const body = filter && filterBody(filter);
  const { data, loading, error } = useAsync(
    `${body ? JSON.stringify(body) : ''}|${lang}|${account}`,
    async () => (body ? await getApi().getProducts(body) : null),
    () => (body ? productsSeed(body) : undefined),
  );
  return { result: data, loading: body !== null && loading, error };
}
