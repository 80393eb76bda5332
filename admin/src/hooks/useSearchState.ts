// Filters, sorting and paging kept in the address (search params), so a list survives a reload, the
// back button and a link sent to a colleague.
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, showToast } from '@bozor/shared';

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

/**
 * A filter the API refuses (a hand-edited or old link: `?status=bogus`, a date that is no date) leaves the
 * address, with a notice, and the list loads without it, instead of an error no retry could mend.
 */
export function useDropRefusedFilters<K extends string>(error: unknown, { values, set }: SearchState<K>, keys: readonly K[]): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 422) return;
    const refused = keys.filter((k) => values[k] && error.fields[k] !== undefined);
    if (refused.length === 0) return;
    set(Object.fromEntries(refused.map((k) => [k, ''])) as Partial<Record<K, string>>);
    showToast(t('filters.dropped'), 'info');
    // only a new refusal acts; the values it read are those the refused call was made with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
