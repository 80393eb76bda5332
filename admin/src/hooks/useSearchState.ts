// Filters, sorting and paging kept in the address (search params), so a list survives a reload, the
// back button and a link sent to a colleague.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface SearchState<K extends string> {
  values: Record<K, string>;
  /** Sets some values (empty = removed); any change but the page's own goes back to page 1. */
  set: (patch: Partial<Record<K, string>>) => void;
}

export function useSearchState<K extends string>(keys: readonly K[]): SearchState<K> {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>, [params, keys]);
  const set = useCallback(
    (patch: Partial<Record<K, string>>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch) as [string, string | undefined][]) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  return { values, set };
}

/** A positive page number from the address; 1 for anything else. */
export function pageOf(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}
