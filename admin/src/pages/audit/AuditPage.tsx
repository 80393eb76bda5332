// Audit log (owner only): who did what, when; filters (staff, entity, action, dates) and paging in the
// address; each row opens to show its fields before → after.
import { Fragment, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../../api';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntry } from '../../api/types';
import { diffFields } from '../../components/audit/diff';
import { SelectField, TextField } from '../../components/common/Fields';
import { cleared, countActive, FilterBar } from '../../components/common/FilterBar';
import { Pager } from '../../components/common/Pager';
import { DataTable } from '../../components/common/DataTable';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { pageOf, useDropRefusedFilters, useSearchState } from '../../hooks/useSearchState';

const FILTERS = ['staff_id', 'entity', 'action', 'from', 'to'] as const;
const KEYS = [...FILTERS, 'page'] as const;

function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = diffFields(entry.before, entry.after);
  if (changes.length === 0) return <p className="adm-muted">{t('audit.noChanges')}</p>;
  return (
    <dl className="adm-diff" data-testid="audit-diff">
      {changes.map((c) => (
        <Fragment key={c.field}>
          <dt>
            <code>{c.field}</code>
          </dt>
          <dd style={{ margin: 0 }}>
            <span className="adm-visually-hidden">{t('audit.before')}: </span>
            {c.before === null ? <span className="adm-muted">—</span> : <del><code>{c.before}</code></del>}
          </dd>
          <dd style={{ margin: 0 }}>
            <span className="adm-visually-hidden">{t('audit.after')}: </span>
            {c.after === null ? <span className="adm-muted">—</span> : <ins><code>{c.after}</code></ins>}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

export default function AuditPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const { values, set } = useSearchState(KEYS);
  const page = pageOf(values.page);
  const list = useQuery(() => api.audit({ ...values, page, per_page: 50 }), [values, page]);
  useDropRefusedFilters(list.error, { values, set }, KEYS);
  const staff = useQuery(() => api.staff(), []);
  const [open, setOpen] = useState<number | null>(null);

  return (
    <>
      <h1>{t('audit.title')}</h1>
      <FilterBar active={countActive(values, FILTERS)} onClear={() => set(cleared(FILTERS))}>
        <SelectField label={t('audit.staff')} value={values.staff_id} onChange={(e) => set({ staff_id: e.target.value })}>
          <option value="">{t('filters.any')}</option>
          {(staff.data?.data ?? []).map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('audit.entity')} value={values.entity} onChange={(e) => set({ entity: e.target.value })}>
          <option value="">{t('filters.any')}</option>
          {AUDIT_ENTITIES.map((e) => (
            <option key={e} value={e}>
              {t(`audit.entities.${e}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('audit.action')} value={values.action} onChange={(e) => set({ action: e.target.value })}>
          <option value="">{t('filters.any')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`audit.actions.${a.replace('.', '_')}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('filters.from')} type="date" value={values.from} max={values.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        <TextField label={t('filters.to')} type="date" value={values.to} min={values.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </FilterBar>
      <DataTable
        testId="audit-table"
        rows={list.data?.data ?? []}
        rowKey={(entry) => entry.id}
        busy={list.loading}
        states={{ list, empty: t('audit.empty') }}
        footer={list.data ? <Pager meta={list.data.meta} onPage={(p) => set({ page: String(p) })} /> : null}
        rowDetail={(entry) => (open === entry.id ? { id: `audit-${entry.id}`, content: <AuditDiff entry={entry} /> } : null)}
        columns={[
          { header: t('audit.at'), cell: (entry) => formatDateTime(entry.at, lang) },
          { header: t('audit.staff'), cell: (entry) => entry.staff?.name ?? t('order.system') },
          { header: t('audit.action'), cell: (entry) => t(`audit.actions.${entry.action.replace('.', '_')}`, { defaultValue: entry.action }) },
          {
            header: t('audit.entity'),
            cell: (entry) => (
              <>
                {t(`audit.entities.${entry.entity}`, { defaultValue: entry.entity })} {entry.entity_id ?? ''}
              </>
            ),
          },
          {
            // a plain column, not row actions: the button's cell has no phone caption
            header: t('audit.details'),
            hideHeader: true,
            unlabelled: true,
            cell: (entry) => {
              const expanded = open === entry.id;
              return (
                <button type="button" className="bz-btn bz-btn--ghost" aria-expanded={expanded} aria-controls={`audit-${entry.id}`} onClick={() => setOpen(expanded ? null : entry.id)}>
                  {expanded ? t('audit.hide') : t('audit.show')}
                </button>
              );
            },
          },
        ]}
      />
    </>
  );
}
