// The orders list's filters: each change goes into the address at once (page back to 1).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import { DELIVERY_TYPES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type StoreOption } from '../../api/types';
import { SelectField, TextField } from '../common/Fields';

export const ORDER_FILTER_KEYS = ['status', 'payment_status', 'payment_method', 'delivery_type', 'store_id', 'from', 'to', 'q', 'sort', 'dir', 'page'] as const;
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];

export interface OrderFiltersProps {
  values: Record<OrderFilterKey, string>;
  set: (patch: Partial<Record<OrderFilterKey, string>>) => void;
  stores: StoreOption[];
  /** A pickup store's staff see one store's pickup orders: no store or delivery filter. */
  storeScoped: boolean;
}

export function OrderFilters({ values, set, stores, storeScoped }: OrderFiltersProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState(values.q);
  useEffect(() => setQ(values.q), [values.q]);
  const active = ORDER_FILTER_KEYS.filter((k) => k !== 'sort' && k !== 'dir' && k !== 'page' && k !== 'q' && values[k]).length;
  const any = active > 0 || !!values.q;
  // on a phone the filters fold away under their summary, so the list is on the first screen
  const [open] = useState(() => typeof window === 'undefined' || !window.matchMedia?.('(max-width: 760px)').matches);

  return (
    <div className="adm-card">
      <form
        role="search"
        className="adm-row"
        style={{ marginBottom: 12 }}
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: q.trim() });
        }}
      >
        <div style={{ flex: '1 1 240px' }}>
          <TextField label={t('orders.search')} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('orders.searchHint')} data-testid="orders-search" />
        </div>
        <Button type="submit" style={{ alignSelf: 'flex-end' }}>
          {t('actions.search')}
        </Button>
      </form>
      <details open={open}>
        <summary className="adm-filters-summary">{active ? t('filters.titleActive', { count: active }) : t('filters.title')}</summary>
        <div className="adm-filters">
          <SelectField label={t('orders.status')} value={values.status} onChange={(e) => set({ status: e.target.value })} data-testid="filter-status">
            <option value="">{t('filters.any')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('orders.paymentStatus')} value={values.payment_status} onChange={(e) => set({ payment_status: e.target.value })} data-testid="filter-payment-status">
            <option value="">{t('filters.any')}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`paymentStatus.${s}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('orders.paymentMethod')} value={values.payment_method} onChange={(e) => set({ payment_method: e.target.value })} data-testid="filter-payment-method">
            <option value="">{t('filters.any')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`paymentMethod.${m}`)}
              </option>
            ))}
          </SelectField>
          {storeScoped ? null : (
            <>
              <SelectField label={t('orders.deliveryType')} value={values.delivery_type} onChange={(e) => set({ delivery_type: e.target.value })} data-testid="filter-delivery-type">
                <option value="">{t('filters.any')}</option>
                {DELIVERY_TYPES.map((d) => (
                  <option key={d} value={d}>
                    {t(`delivery.${d}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField label={t('orders.store')} value={values.store_id} onChange={(e) => set({ store_id: e.target.value })} data-testid="filter-store">
                <option value="">{t('filters.any')}</option>
                {stores.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name}
                  </option>
                ))}
              </SelectField>
            </>
          )}
          <TextField label={t('filters.from')} type="date" value={values.from} max={values.to || undefined} onChange={(e) => set({ from: e.target.value })} data-testid="filter-from" />
          <TextField label={t('filters.to')} type="date" value={values.to} min={values.from || undefined} onChange={(e) => set({ to: e.target.value })} data-testid="filter-to" />
          {any ? (
            <Button variant="ghost" onClick={() => set({ status: '', payment_status: '', payment_method: '', delivery_type: '', store_id: '', from: '', to: '', q: '' })}>
              {t('filters.clear')}
            </Button>
          ) : null}
        </div>
      </details>
    </div>
  );
}
