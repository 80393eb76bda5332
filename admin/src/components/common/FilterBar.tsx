// The bar above a list: an optional search box (sent on Enter or "Search") and the list's filters,
// folded under "Filters (N on)" on a phone so the rows are on the first screen, with "Clear filters"
// once anything is set. The filters themselves are the list's own fields (children); each change goes
// into the address at once (useSearchState), the search only when sent.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import { TextField } from './Fields';

export interface FilterBarSearch {
  label: string;
  /** The value in the address. */
  value: string;
  onSearch: (q: string) => void;
  hint?: string;
  testId?: string;
}

export interface FilterBarProps {
  search?: FilterBarSearch;
  /** How many filters (besides the search) are set: shown on the folded summary. */
  active?: number;
  /** Clears every filter and the search; the button shows while anything is set. */
  onClear?: () => void;
  /** The filter fields; none for a search-only bar. */
  children?: ReactNode;
}

/** True on a phone-sized screen, where the filters start folded. */
function narrowScreen(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 760px)').matches;
}

export function FilterBar({ search, active = 0, onClear, children }: FilterBarProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState(search?.value ?? '');
  const searched = search?.value ?? '';
  useEffect(() => setQ(searched), [searched]);
  const [open] = useState(() => !narrowScreen());
  const any = active > 0 || !!searched;
  const clear =
    onClear && any ? (
      <Button variant="ghost" onClick={onClear} data-testid="filters-clear">
        {t('filters.clear')}
      </Button>
    ) : null;

  return (
    <div className="adm-card adm-filterbar">
      {search ? (
        <form
          role="search"
          className="adm-row"
          style={children ? { marginBottom: 12 } : undefined}
          onSubmit={(e) => {
            e.preventDefault();
            search.onSearch(q.trim());
          }}
        >
          <div style={{ flex: '1 1 240px' }}>
            <TextField label={search.label} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={search.hint} data-testid={search.testId} />
          </div>
          <Button type="submit" style={{ alignSelf: 'flex-end' }}>
            {t('actions.search')}
          </Button>
          {children ? null : clear}
        </form>
      ) : null}
      {children ? (
        <details open={open}>
          <summary className="adm-filters-summary">{active ? t('filters.titleActive', { count: active }) : t('filters.title')}</summary>
          <div className="adm-filters">
            {children}
            {clear}
          </div>
        </details>
      ) : null}
    </div>
  );
}

/** How many of `keys` have a value (the filters that are on). */
export function countActive<K extends string>(values: Record<K, string>, keys: readonly K[]): number {
  return keys.filter((k) => !!values[k]).length;
}

/** A patch that empties every one of `keys` (for "Clear filters"). */
export function cleared<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
}
