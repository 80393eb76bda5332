// A sortable column header: a button that says where the sort is going, with aria-sort on the cell.
import { useTranslation } from 'react-i18next';

export type Dir = 'asc' | 'desc';

export function SortHeader({ label, field, sort, dir, onSort, className }: { label: string; field: string; sort: string; dir: Dir; onSort: (field: string, dir: Dir) => void; className?: string }) {
  const { t } = useTranslation();
  const active = sort === field;
  const next: Dir = active && dir === 'desc' ? 'asc' : 'desc';
  return (
    <th className={className} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="adm-sort" onClick={() => onSort(field, next)} aria-label={t('sort.by', { column: label, dir: t(`sort.${next}`) })}>
        {label} <span aria-hidden="true">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}
