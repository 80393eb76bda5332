// A variant's stock movements, newest first: staff's changes, CSV imports and the orders that took or gave
// back units, per store, paged.
import { useState } from 'react';
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../../api';
import type { AdminVariant, StoreRef } from '../../api/catalog';
import { formatCount, formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { SelectField } from '../common/Fields';
import { Pager } from '../common/Pager';
import { ErrorBlock, Loading } from '../common/States';

const PER_PAGE = 20;

export function MovementHistory({ variant, stores }: { variant: AdminVariant; stores: readonly StoreRef[] }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const [page, setPage] = useState(1);
  const [storeId, setStoreId] = useState('');
  const list = useQuery(() => api.movements(variant.id, { store_id: storeId, page, per_page: PER_PAGE }), [variant.id, variant.total_quantity, storeId, page]);
  return (
    <div data-testid="movement-history">
      <div className="adm-filters">
        <SelectField
          label={t('stock.store')}
          value={storeId}
          onChange={(e) => {
            setStoreId(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('filters.any')}</option>
          {stores.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
      </div>
      {list.error && !list.data ? <ErrorBlock error={list.error} onRetry={list.reload} /> : null}
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && list.data.data.length === 0 ? <p className="adm-empty">{t('stock.noMovements')}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <>
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--cards">
              <thead>
                <tr>
                  <th>{t('stock.at')}</th>
                  <th>{t('stock.store')}</th>
                  <th>{t('stock.reason')}</th>
                  <th className="num">{t('stock.change')}</th>
                  <th className="num">{t('stock.after')}</th>
                  <th>{t('stock.by')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((m) => (
                  <tr key={m.id} data-testid="movement">
                    <td data-label={t('stock.at')}>{formatDateTime(m.at, lang)}</td>
                    <td data-label={t('stock.store')}>{m.store.name}</td>
                    <td data-label={t('stock.reason')}>
                      {t(`stock.reasons.${m.reason}`)}
                      {m.note ? <span className="adm-muted"> — {m.note}</span> : null}
                    </td>
                    <td className="num" data-label={t('stock.change')}>
                      {/* a recount that found the same number changed nothing: "0", not "−0" */}
                      {m.delta > 0 ? `+${formatCount(m.delta, lang)}` : m.delta < 0 ? `−${formatCount(-m.delta, lang)}` : formatCount(0, lang)}
                    </td>
                    <td className="num" data-label={t('stock.after')}>
                      {m.quantity_after === null ? '—' : formatCount(m.quantity_after, lang)}
                    </td>
                    <td data-label={t('stock.by')}>
                      {m.order ? <Link to={`/orders/${encodeURIComponent(m.order.number)}`}>{m.order.number}</Link> : (m.staff?.name ?? t('order.system'))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager meta={list.data.meta} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}

