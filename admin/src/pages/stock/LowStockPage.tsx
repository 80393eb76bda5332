// Low stock: the variants under their threshold in a store (out of stock included), fewest first; a
// pickup store's account sees its own store only (the API narrows it). Each row opens the product,
// where its stock is changed — for those who may open it (a store's account may not).
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../../api';
import type { LowStockRow } from '../../api/catalog';
import { $staff } from '../../auth/session';
import { canEditCatalog, canUse } from '../../auth/access';
import { SelectField } from '../../components/common/Fields';
import { cleared, countActive, FilterBar } from '../../components/common/FilterBar';
import { Pager } from '../../components/common/Pager';
import { DataTable } from '../../components/common/DataTable';
import { formatCount } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { useListPage } from '../../hooks/useListPage';
import { thumbColumn } from '../products/thumbColumn';

const FILTERS = ['store_id'] as const;
const KEYS = [...FILTERS, 'page'] as const;

export default function LowStockPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const staff = useStore($staff);
  const storeScoped = staff?.role === 'store';
  const productsOpen = !!staff && canUse(staff.role, 'products');
  const canEdit = !!staff && canEditCatalog(staff.role);
  const { values, set, list, toPage } = useListPage(KEYS, (v, page) => api.lowStock({ ...v, page, per_page: 50 }));
  const stores = useQuery(() => (storeScoped ? Promise.resolve({ data: [] }) : api.stores()), [storeScoped]);

  return (
    <>
      <h1>{t('lowStock.title')}</h1>
      {/* only a manager or the owner changes stock: the others (a store's account cannot even open the product)
          are told whom to ask, not sent to a page where they can do nothing */}
      <p className="adm-muted" data-testid="low-stock-hint">
        {canEdit ? t('lowStock.hint') : t('lowStock.hintAsk')}
      </p>
      {storeScoped ? null : (
        <FilterBar active={countActive(values, FILTERS)} onClear={() => set(cleared(FILTERS))}>
          <SelectField label={t('stock.store')} value={values.store_id} onChange={(e) => set({ store_id: e.target.value })} data-testid="filter-store">
            <option value="">{t('filters.any')}</option>
            {(stores.data?.data ?? []).map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </SelectField>
        </FilterBar>
      )}
      <DataTable
        testId="low-stock-table"
        rows={list.data?.data ?? []}
        rowKey={(r) => `${r.variant_id}-${r.store.id}`}
        rowAttrs={() => ({ testId: 'low-stock-row' })}
        busy={list.loading}
        states={{ list, empty: t('lowStock.empty') }}
        footer={list.data ? <Pager meta={list.data.meta} onPage={toPage} /> : null}
        columns={[
          thumbColumn(t('products.picture'), (r: LowStockRow) => r.image_url),
          {
            header: t('products.name'),
            cell: (r) => (
              <span>
                {productsOpen ? <Link to={`/products/${r.product_id}`}>{r.product_name}</Link> : r.product_name}
                {r.options ? <span className="adm-muted"> · {r.options}</span> : null}
              </span>
            ),
          },
          { header: t('products.sku'), cell: (r) => r.sku },
          { header: t('stock.store'), cell: (r) => r.store.name },
          {
            header: t('stock.quantity'),
            className: 'num',
            cell: (r) => <span className={`adm-status ${r.quantity === 0 ? 'adm-status--cancelled' : 'adm-status--new'}`}>{formatCount(r.quantity, lang)}</span>,
          },
          { header: t('lowStock.threshold'), className: 'num', cell: (r) => formatCount(r.threshold, lang) },
        ]}
      />
    </>
  );
}
