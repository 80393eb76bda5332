import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $accountType, $language, getApi, useAsync } from '@bozor/shared';
import type { ProductCard } from '../api/types';

/** The number of products the search box's call answers at most (the API's default `limit`). */
export const SEARCH_LIMIT = 12;

/**
 * The search box's suggestions for a query (empty query: nothing asked, nothing found), and how many
 * products match in all when that is known: the answer's `meta.total` when above the products it
 * holds; the products themselves when fewer than SEARCH_LIMIT (every match is there); else undefined —
 * a full SEARCH_LIMIT counted as only those may leave more out.
 */
export function useSearch(q: string): { results: ProductCard[]; total: number | undefined; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const { data, loading, error } = useAsync(`${q}|${lang}|${account}`, async () => (q.trim() ? getApi().searchProducts(q) : null));
  const results = data?.data ?? [];
  const counted = data?.meta?.total;
  const total = counted !== undefined && counted > results.length ? counted : results.length < SEARCH_LIMIT ? results.length : undefined;
  return { results, total, loading, error };
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
