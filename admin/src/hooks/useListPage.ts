// The one way a list screen (orders, customers, products, low stock, the audit log) reads its address and
// loads its page: filters, sorting and the page number live in the search params (useSearchState), the
// list is loaded again whenever they or the language change (useQuery), and a filter the API refuses
// leaves the address with a notice (useDropRefusedFilters) instead of an error no retry could mend.
import { useCallback } from 'react';
import { useQuery, type QueryState } from './useQuery';
import { pageOf, useDropRefusedFilters, useSearchState, type SearchState } from './useSearchState';

export interface ListPageOptions {
  /** Ask again every so many ms while the tab is visible (none: never). */
  pollMs?: number;
  /**
   * False: a 422 naming a filter stays an error on the screen (the customers list, whose only filter is the
   * search box the staff member typed — dropping it would lose what they typed).
   */
  dropRefused?: boolean;
}

export interface ListPage<K extends string, T> extends SearchState<K> {
  /** The page the address asks for (1 for anything that is not a positive whole number). */
  page: number;
  /** The page's answer, its loading state and error. */
  list: QueryState<T>;
  /** Goes to another page, the filters kept (for the Pager). */
  toPage: (page: number) => void;
}

/**
 * A list screen's address and answer. `keys` must be a module constant (the address is read once per
 * change of it); `load` asks the API for the page the values name and is called again when they change.
 */
export function useListPage<K extends string, T>(
  keys: readonly K[],
  load: (values: Record<K, string>, page: number) => Promise<T>,
  options: ListPageOptions = {},
): ListPage<K, T> {
  const search = useSearchState(keys);
  const { values, set } = search;
  const page = pageOf((values as Partial<Record<string, string>>).page ?? '');
  const list = useQuery(() => load(values, page), [values, page], { pollMs: options.pollMs });
  useDropRefusedFilters(options.dropRefused === false ? null : list.error, search, keys);
  const toPage = useCallback((p: number) => set({ page: String(p) } as Partial<Record<K, string>>), [set]);
  return { values, set, page, list, toPage };
}
