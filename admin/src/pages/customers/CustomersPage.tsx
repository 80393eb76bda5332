// Customers: search by phone or name, paged; the query and page are in the address.
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, formatPhone } from '@bozor/shared';
import { api } from '../../api';
import type { Customer } from '../../api/types';
import { FilterBar } from '../../components/common/FilterBar';
import { Pager } from '../../components/common/Pager';
import { DataTable } from '../../components/common/DataTable';
import { formatDate, formatMoney, fullName } from '../../format';
import { useListPage } from '../../hooks/useListPage';

const KEYS = ['q', 'page'] as const;

const customerHref = (c: Customer) => `/customers/${c.id}`;

export default function CustomersPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const { values, set, list, toPage } = useListPage(KEYS, (v, page) => api.customers({ q: v.q, page, per_page: 20 }), { dropRefused: false });

  return (
    <>
      <h1>{t('customers.title')}</h1>
      <FilterBar search={{ label: t('customers.search'), value: values.q, onSearch: (q) => set({ q }), hint: t('customers.searchHint') }} onClear={() => set({ q: '' })} />
      <DataTable
        testId="customers-table"
        rows={list.data?.data ?? []}
        rowKey={(c) => c.id}
        rowAttrs={(c) => ({ href: customerHref(c) })}
        busy={list.loading}
        states={{ list, empty: values.q ? t('customers.notFound', { q: values.q }) : t('customers.empty') }}
        footer={list.data ? <Pager meta={list.data.meta} onPage={toPage} /> : null}
        columns={[
          {
            header: t('customers.name'),
            cell: (c) => (
              <>
                <Link to={customerHref(c)}>{fullName(c) || t('customers.noName')}</Link>
                {c.blocked ? <span className="adm-status adm-status--cancelled" style={{ marginLeft: 6 }}>{t('customers.blocked')}</span> : null}
              </>
            ),
          },
          { header: t('customers.phone'), cell: (c) => (c.phone ? formatPhone(c.phone) : '—') },
          { header: t('customers.type'), cell: (c) => (c.user_type === 'legal' ? `${t('customers.legal')}: ${c.company_name ?? ''}` : t('customers.individual')) },
          { header: t('customers.orders'), className: 'num', cell: (c) => c.orders_count },
          { header: t('customers.spent'), className: 'num', cell: (c) => formatMoney(c.orders_total, lang) },
          { header: t('customers.since'), cell: (c) => formatDate(c.created_at, lang) },
        ]}
      />
    </>
  );
}
