// Low stock: the variants under their threshold in a store (out of stock included), fewest first; a
// pickup store's account sees its own store only (the API narrows it). Each row opens the product,
// where its stock is changed.
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../../api';
import { $staff } from '../../auth/session';
import { canUse } from '../../auth/access';
import { SelectField } from '../../components/common/Fields';
import { cleared, countActive, FilterBar } from '../../components/common/FilterBar';
import { Pager } from '../../components/common/Pager';
import { ListStates } from '../../components/common/States';
import { formatCount } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { pageOf, useSearchState } from '../../hooks/useSearchState';
import { thumbUrl } from '../products/thumb';

const FILTERS = ['store_id'] as const;
const KEYS = [...FILTERS, 'page'] as const;

export default function LowStockPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const staff = useStore($staff);
  const storeScoped = staff?.role === 'store';
  const productsOpen = !!staff && canUse(staff.role, 'products');
  const { values, set } = useSearchState(KEYS);
  const page = pageOf(values.page);
  const list = useQuery(() => api.lowStock({ ...values, page, per_page: 50 }), [values, page]);
  const stores = useQuery(() => (storeScoped ? Promise.resolve({ data: [] }) : api.stores()), [storeScoped]);

  return (
    <>
      <h1>{t('lowStock.title')}</h1>
      <p className="adm-muted">{t('lowStock.hint')}</p>
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
      <ListStates list={list} empty={t('lowStock.empty')} />
      {list.data && list.data.data.length > 0 ? (
        <>
          <div className="adm-table-wrap" aria-busy={list.loading}>
            <table className="adm-table adm-table--cards" data-testid="low-stock-table">
              <thead>
                <tr>
                  <th>
                    <span className="adm-visually-hidden">{t('products.picture')}</span>
                  </th>
                  <th>{t('products.name')}</th>
                  <th>{t('products.sku')}</th>
                  <th>{t('stock.store')}</th>
                  <th className="num">{t('stock.quantity')}</th>
                  <th className="num">{t('lowStock.threshold')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((r) => (
                  <tr key={`${r.variant_id}-${r.store.id}`} data-testid="low-stock-row">
                    <td className="adm-thumb-cell">{r.image_url ? <img src={thumbUrl(r.image_url)} alt="" width={48} height={48} loading="lazy" /> : <span className="adm-thumb-empty" aria-hidden="true" />}</td>
                    <td data-label={t('products.name')}>
                      <span>
                        {productsOpen ? <Link to={`/products/${r.product_id}`}>{r.product_name}</Link> : r.product_name}
                        {r.options ? <span className="adm-muted"> · {r.options}</span> : null}
                      </span>
                    </td>
                    <td data-label={t('products.sku')}>{r.sku}</td>
                    <td data-label={t('stock.store')}>{r.store.name}</td>
                    <td className="num" data-label={t('stock.quantity')}>
                      <span className={`adm-status ${r.quantity === 0 ? 'adm-status--cancelled' : 'adm-status--new'}`}>{formatCount(r.quantity, lang)}</span>
                    </td>
                    <td className="num" data-label={t('lowStock.threshold')}>
                      {formatCount(r.threshold, lang)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager meta={list.data.meta} onPage={(p) => set({ page: String(p) })} />
        </>
      ) : null}
    </>
  );
}
