// The back office's list table: one header row (sortable columns optional), one row per item (each may
// open a full-width detail row under it), optional row actions last. Under the
// phone breakpoint `adm-table--cards` turns each row into a card whose cells show their column's name
// from `data-label` (styles.ts), so every cell carries it unless its column opts out (a picture).
import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SortHeader, type Dir } from './SortHeader';
import { ListStates, type ListQuery } from './States';

export interface Column<Row> {
  /** The column's name: the header text and the cell's label on a phone. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** The header is for screen readers only (a picture column). */
  hideHeader?: boolean;
  /** On the header and the cells, e.g. `num` for right-aligned figures. */
  className?: string;
  /** On the cells only, e.g. `adm-thumb-cell`. */
  cellClassName?: string;
  /** The cells carry no `data-label` (a picture needs no caption on a phone). */
  unlabelled?: boolean;
  /** The field the table's `sort` orders by when this header is pressed; the header becomes a SortHeader. */
  sortField?: string;
}

/** How the rows are ordered now, and what pressing a sortable header asks for. */
export interface TableSort {
  sort: string;
  dir: Dir;
  onSort: (field: string, dir: Dir) => void;
}

/** A full-width row under a row (its details, opened by a button in it); `id` is for `aria-controls`. */
export interface RowDetail {
  id: string;
  content: ReactNode;
}

/** The last column: buttons or links for one row, under a header only screen readers hear. */
export interface RowActions<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
}

/** What a row may carry besides its cells: a test id, the address a click on it opens. */
export interface RowAttrs {
  testId?: string;
  /**
   * The row's page: a click anywhere on the row opens it, except on a link in it (which goes where it
   * points). The keyboard reaches the same page through the row's own link.
   */
  href?: string;
  /** e.g. `adm-new` for an order the staff member has not seen yet. */
  className?: string;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  testId: string;
  actions?: RowActions<Row>;
  rowAttrs?: (row: Row, index: number) => RowAttrs;
  /** More classes on the table, after `adm-table adm-table--cards`. */
  className?: string;
  /** `aria-busy` on the table while a newer page of rows loads. */
  busy?: boolean;
  /**
   * The query behind the rows: its first-load error, loading and `empty` text show instead, and the
   * table only when there are rows. Without it the table always shows (its list may be empty).
   */
  states?: { list: ListQuery; empty: ReactNode };
  /** Below the table, shown with it (a pager). */
  footer?: ReactNode;
  /** Makes the columns with a `sortField` sortable. */
  sort?: TableSort;
  /** A row shown under a row, spanning every column, or null while it is closed. */
  rowDetail?: (row: Row, index: number) => RowDetail | null;
}

function HeaderCell({ label, hidden, className }: { label: string; hidden?: boolean; className?: string }) {
  return <th className={className}>{hidden ? <span className="adm-visually-hidden">{label}</span> : label}</th>;
}

export function DataTable<Row>({ rows, columns, rowKey, testId, actions, rowAttrs, className, busy, states, footer, sort, rowDetail }: DataTableProps<Row>) {
  const navigate = useNavigate();
  const span = columns.length + (actions ? 1 : 0);
  const table = (
    <div className="adm-table-wrap" aria-busy={busy}>
      <table className={`adm-table adm-table--cards${className ? ` ${className}` : ''}`} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c, i) =>
              c.sortField && sort ? (
                <SortHeader key={i} label={c.header} field={c.sortField} sort={sort.sort} dir={sort.dir} onSort={sort.onSort} className={c.className} />
              ) : (
                <HeaderCell key={i} label={c.header} hidden={c.hideHeader} className={c.className} />
              ),
            )}
            {actions ? <HeaderCell label={actions.header} hidden /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const attrs = rowAttrs?.(row, index) ?? {};
            const detail = rowDetail?.(row, index);
            return (
              <Fragment key={rowKey(row)}>
                <tr
                  data-href={attrs.href}
                  data-testid={attrs.testId}
                  className={attrs.className}
                  onClick={attrs.href === undefined ? undefined : (e) => !(e.target as HTMLElement).closest('a') && void navigate(attrs.href as string)}
                >
                  {columns.map((c, i) => (
                    <td key={i} className={[c.cellClassName, c.className].filter(Boolean).join(' ') || undefined} data-label={c.unlabelled ? undefined : c.header}>
                      {/* one box: on a phone the cell is a flex row (caption, value), where a cell's several nodes would each be a column */}
                      <div className="adm-cell">{c.cell(row, index)}</div>
                    </td>
                  ))}
                  {actions ? <td data-label={actions.header}>{actions.cell(row, index)}</td> : null}
                </tr>
                {detail ? (
                  <tr id={detail.id}>
                    <td colSpan={span}>{detail.content}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
  const shown = (
    <>
      {table}
      {footer}
    </>
  );
  if (!states) return shown;
  return (
    <>
      <ListStates list={states.list} empty={states.empty} />
      {rows.length > 0 ? shown : null}
    </>
  );
}
