import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $accountType, $language, getApi, useAsync } from '@bozor/shared';
import type { ProductCard } from '../api/types';

/** The search box's suggestions for a query (empty query: nothing asked, nothing found). */
export function useSearch(q: string): { results: ProductCard[]; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const { data, loading, error } = useAsync(`${q}|${lang}|${account}`, async () =>
    q.trim() ? ((await getApi().searchProducts(q)) as { data: ProductCard[] }).data : [],
  );
  return { results: data ?? [], loading, error };
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
