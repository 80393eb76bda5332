// The CSV import's report as tables: its counts, the rows it refuses (row number, SKU, column, why) and the
// changes it would make (before → after, the first CHANGES_SHOWN drawn until "Show all").
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { $language, Button } from '@bozor/shared';
import type { ImportCounts, ImportReport, StoreRef } from '../../api/catalog';
import { formatCount, formatMoney } from '../../format';

/** How many changes are drawn at first (a 10 000-row file can change many more; "Show all" draws the rest). */
export const CHANGES_SHOWN = 200;

/** A column of the file in the staff member's words ("Price, individuals", "Stock: Bozor Chilanzar"). */
export function fieldLabel(field: string, t: TFunction, stores: readonly StoreRef[] = []): string {
  if (field.startsWith('stock:')) {
    const code = field.slice('stock:'.length);
    return t('import.fields.stock', { store: stores.find((s) => s.code === code)?.name ?? code });
  }
  return t(`import.fields.${field}`, { defaultValue: field });
}

/** A before/after value: sums as money, visibility in words, empty as "—". */
export function valueText(field: string, value: number | string | null, t: TFunction, lang: 'uz' | 'ru' | 'en'): string {
  if (value === null || value === '') return '—';
  if (field === 'visibility') return t(`products.visibilities.${value}`, { defaultValue: String(value) });
  if (typeof value === 'number') return field.startsWith('stock:') ? formatCount(value, lang) : formatMoney(value, lang);
  return value;
}

export function Counts({ counts, applied }: { counts: ImportCounts; applied?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="adm-counts" data-testid={applied ? 'import-result-counts' : 'import-counts'}>
      <li>{t('import.counts.rows', { count: counts.rows })}</li>
      <li>{t(applied ? 'import.counts.changedApplied' : 'import.counts.changed', { count: counts.changed_rows, changes: counts.changes })}</li>
      <li>{t('import.counts.unchanged', { count: counts.unchanged_rows })}</li>
      {counts.bad_rows ? <li className="adm-error-text">{t('import.counts.bad', { count: counts.bad_rows })}</li> : null}
    </ul>
  );
}

/** The rows the file cannot be imported with, each with its reason. */
export function ImportErrors({ errors, stores }: { errors: ImportReport['errors']; stores: readonly StoreRef[] }) {
  const { t } = useTranslation();
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards" data-testid="import-errors">
        <thead>
          <tr>
            <th className="num">{t('import.row')}</th>
            <th>{t('products.sku')}</th>
            <th>{t('import.column')}</th>
            <th>{t('import.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={i}>
              <td className="num" data-label={t('import.row')}>
                {e.row}
              </td>
              <td data-label={t('products.sku')}>{e.sku ?? '—'}</td>
              <td data-label={t('import.column')}>{e.column ? fieldLabel(e.column, t, stores) : '—'}</td>
              <td data-label={t('import.reason')}>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What applying the file would change, the first CHANGES_SHOWN at first. */
export function ImportChanges({ changes: all, stores }: { changes: ImportReport['changes']; stores: readonly StoreRef[] }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const [showAll, setShowAll] = useState(false);
  const changes = showAll ? all : all.slice(0, CHANGES_SHOWN);
  return (
    <>
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--cards" data-testid="import-changes">
          <thead>
            <tr>
              <th className="num">{t('import.row')}</th>
              <th>{t('products.sku')}</th>
              <th>{t('import.column')}</th>
              <th className="num">{t('import.before')}</th>
              <th className="num">{t('import.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c, i) => (
              <tr key={i} data-testid="import-change">
                <td className="num" data-label={t('import.row')}>
                  {c.row}
                </td>
                <td data-label={t('products.sku')}>{c.sku}</td>
                <td data-label={t('import.column')}>{fieldLabel(c.field, t, stores)}</td>
                <td className="num" data-label={t('import.before')}>
                  <del>{valueText(c.field, c.before, t, lang)}</del>
                </td>
                <td className="num" data-label={t('import.after')}>
                  <ins>{valueText(c.field, c.after, t, lang)}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!showAll && all.length > CHANGES_SHOWN ? (
        <Button variant="ghost" onClick={() => setShowAll(true)}>
          {t('import.showAll', { count: all.length })}
        </Button>
      ) : null}
    </>
  );
}
