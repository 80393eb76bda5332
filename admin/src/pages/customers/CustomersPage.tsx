// Customers: search by phone or name, paged; the query and page are in the address.
import { Link, useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, formatPhone } from '@bozor/shared';
import { api } from '../../api';
import { FilterBar } from '../../components/common/FilterBar';
import { Pager } from '../../components/common/Pager';
import { ListStates } from '../../components/common/States';
import { formatDate, formatMoney, fullName } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { pageOf, useSearchState } from '../../hooks/useSearchState';

const KEYS = ['q', 'page'] as const;

export default function CustomersPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const { values, set } = useSearchState(KEYS);
  const page = pageOf(values.page);
  const list = useQuery(() => api.customers({ q: values.q, page, per_page: 20 }), [values.q, page]);

  return (
    <>
      <h1>{t('customers.title')}</h1>
      <FilterBar search={{ label: t('customers.search'), value: values.q, onSearch: (q) => set({ q }), hint: t('customers.searchHint') }} onClear={() => set({ q: '' })} />
      <ListStates list={list} empty={values.q ? t('customers.notFound', { q: values.q }) : t('customers.empty')} />
      {list.data && list.data.data.length > 0 ? (
        <>
          <div className="adm-table-wrap" aria-busy={list.loading}>
            <table className="adm-table adm-table--cards" data-testid="customers-table">
              <thead>
                <tr>
                  <th>{t('customers.name')}</th>
                  <th>{t('customers.phone')}</th>
                  <th>{t('customers.type')}</th>
                  <th className="num">{t('customers.orders')}</th>
                  <th className="num">{t('customers.spent')}</th>
                  <th>{t('customers.since')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((c) => {
                  const href = `/customers/${c.id}`;
                  return (
                    <tr key={c.id} data-href={href} onClick={(e) => !(e.target as HTMLElement).closest('a') && void navigate(href)}>
                      <td data-label={t('customers.name')}>
                        <Link to={href}>{fullName(c) || t('customers.noName')}</Link>
                        {c.blocked ? <span className="adm-status adm-status--cancelled" style={{ marginLeft: 6 }}>{t('customers.blocked')}</span> : null}
                      </td>
                      <td data-label={t('customers.phone')}>{c.phone ? formatPhone(c.phone) : '—'}</td>
                      <td data-label={t('customers.type')}>{c.user_type === 'legal' ? `${t('customers.legal')}: ${c.company_name ?? ''}` : t('customers.individual')}</td>
                      <td className="num" data-label={t('customers.orders')}>{c.orders_count}</td>
                      <td className="num" data-label={t('customers.spent')}>{formatMoney(c.orders_total, lang)}</td>
                      <td data-label={t('customers.since')}>{formatDate(c.created_at, lang)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager meta={list.data.meta} onPage={(p) => set({ page: String(p) })} />
        </>
      ) : null}
    </>
  );
}
