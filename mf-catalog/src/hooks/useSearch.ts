import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $accountType, $language, getApi, useAsync } from '@bozor/shared';
import { filterBody, type CatalogFilter } from '../api/filter';
import { productsSeed, type Seed } from '../api/prefetch';
import type { ProductCard, ProductsAnswer } from '../api/types';

/** The search box's suggestions for a query (empty query: nothing asked, nothing found). */
export function useSearch(q: string): { results: ProductCard[]; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const { data, loading, error } = useAsync(`${q}|${lang}|${account}`, async () =>
    q.trim() ? ((await getApi().searchProducts(q)) as { data: ProductCard[] }).data : [],
  );
  return { results: data ?? [], loading, error };
}

/**
 * The search results page: one page of every product matching the words (the catalogue's list with
 * `q`, so with its total and pages — the search box's call stops at 12). No words: nothing asked,
 * null. On a first load the server may have given the answer with the page.
 */
export function useSearchResults(filter: CatalogFilter): { result: ProductsAnswer | null; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const body = filterBody(filter);
  const asking = filter.q !== undefined;
  const { data, loading, error } = useAsync(
    `${asking ? JSON.stringify(body) : ''}|${lang}|${account}`,
    async () => (asking ? ((await getApi().getProducts(body)) as ProductsAnswer) : null),
    () => (asking ? (productsSeed(body) as Seed<ProductsAnswer> | undefined) : undefined),
  );
  return { result: data, loading: asking && loading, error };
}

/** The value, once it has stopped changing for `ms` milliseconds. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
