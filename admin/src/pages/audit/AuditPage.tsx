// Audit log (owner only): who did what, when and to what (a link to its page when it has one); filters
// (staff, entity, action, dates) and paging in the address; each row opens to show its changes in words
// (components/audit: field names, statuses, stores, prices; a product's name per language, its variants
// per SKU).
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../../api';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntry } from '../../api/types';
import { AuditDiff } from '../../components/audit/AuditDiff';
import { type AuditNames } from '../../components/audit/diff';
import { auditObject } from '../../components/audit/object';
import { SelectField, TextField } from '../../components/common/Fields';
import { cleared, countActive, FilterBar } from '../../components/common/FilterBar';
import { Pager } from '../../components/common/Pager';
import { DataTable } from '../../components/common/DataTable';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { useListPage } from '../../hooks/useListPage';

const FILTERS = ['staff_id', 'entity', 'action', 'from', 'to'] as const;
const KEYS = [...FILTERS, 'page'] as const;

/** Who made an entry, in words: the staff member, Payme or Click, the customer, a command-line tool, or the shop itself. */
function actorName(entry: AuditEntry, t: TFunction): string {
  const { actor } = entry;
  switch (actor.kind) {
    case 'staff':
      return entry.staff?.name ?? '';
    case 'provider':
      return t('audit.byProvider', { name: actor.name === 'payme' ? 'Payme' : 'Click' });
    case 'customer':
      return t('audit.byCustomer', { id: actor.customer_id });
    case 'command':
      return actor.name === 'system' || actor.name === 'internal' ? t('order.system') : t('audit.commandLine');
  }
}

export default function AuditPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const { values, set, list, toPage } = useListPage(KEYS, (v, page) => api.audit({ ...v, page, per_page: 50 }));
  const staff = useQuery(() => api.staff(), []);
  // store, category and brand names for the ids the entries hold (without them an id reads "Store 2")
  const lookups = useQuery(() => api.catalogLookups(), []);
  const names = useMemo<AuditNames>(
    () => ({
      stores: new Map((lookups.data?.stores ?? []).map((s) => [s.id, s.name])),
      categories: new Map((lookups.data?.categories ?? []).map((c) => [c.id, c.path || c.name])),
      brands: new Map((lookups.data?.brands ?? []).map((b) => [b.id, b.name])),
      staff: new Map((staff.data?.data ?? []).map((s) => [s.id, s.name])),
    }),
    [lookups.data, staff.data],
  );
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
        footer={list.data ? <Pager meta={list.data.meta} onPage={toPage} /> : null}
        rowDetail={(entry) => (open === entry.id ? { id: `audit-${entry.id}`, content: <AuditDiff entry={entry} names={names} /> } : null)}
        columns={[
          { header: t('audit.at'), cell: (entry) => formatDateTime(entry.at, lang) },
          { header: t('audit.staff'), cell: (entry) => actorName(entry, t) },
          { header: t('audit.action'), cell: (entry) => t(`audit.actions.${entry.action.replace('.', '_')}`, { defaultValue: entry.action }) },
          {
            header: t('audit.entity'),
            cell: (entry) => {
              const object = auditObject(entry, names, t, lang);
              return object.href ? <Link to={object.href}>{object.text}</Link> : object.text;
            },
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
