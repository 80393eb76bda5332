// The orders list's filters: each change goes into the address at once (page back to 1).
import { useTranslation } from 'react-i18next';
import { DELIVERY_TYPES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type StoreOption } from '../../api/types';
import { SelectField, TextField } from '../common/Fields';
import { cleared, countActive, FilterBar } from '../common/FilterBar';

export const ORDER_FILTER_KEYS = ['status', 'payment_status', 'payment_method', 'delivery_type', 'store_id', 'from', 'to', 'q', 'sort', 'dir', 'page'] as const;
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];

export interface OrderFiltersProps {
  values: Record<OrderFilterKey, string>;
  set: (patch: Partial<Record<OrderFilterKey, string>>) => void;
  stores: StoreOption[];
  /** A pickup store's staff see one store's pickup orders: no store or delivery filter. */
  storeScoped: boolean;
}

/** The filters (not the search, sort or page) that "Clear filters" empties and the summary counts. */
const FILTERS = ['status', 'payment_status', 'payment_method', 'delivery_type', 'store_id', 'from', 'to'] as const;

/** True when a filter or the search is on (an empty list then says nothing matches, not that there are no orders). */
export function ordersFiltered(values: Record<OrderFilterKey, string>): boolean {
  return countActive(values, FILTERS) > 0 || !!values.q;
}

/**
 * True when "From" is after "To" (a hand-edited or old link: the fields' min/max stop it when picked), so no
 * order can match. Dates as the address holds them, YYYY-MM-DD, compare as text.
 */
export function datesReversed(values: Pick<Record<OrderFilterKey, string>, 'from' | 'to'>): boolean {
  return !!values.from && !!values.to && values.from > values.to;
}

export function OrderFilters({ values, set, stores, storeScoped }: OrderFiltersProps) {
  const { t } = useTranslation();
  return (
    <FilterBar
      search={{ label: t('orders.search'), value: values.q, onSearch: (q) => set({ q }), hint: t('orders.searchHint'), testId: 'orders-search' }}
      active={countActive(values, FILTERS)}
      onClear={() => set({ ...cleared(FILTERS), q: '' })}
    >
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
      {/* the dates the wrong way round: said at "From" (the list under it says it too, as the filters may be folded) */}
      <TextField
        label={t('filters.from')}
        type="date"
        value={values.from}
        max={values.to || undefined}
        onChange={(e) => set({ from: e.target.value })}
        error={datesReversed(values) ? t('filters.datesReversed') : undefined}
        data-testid="filter-from"
      />
      <TextField
        label={t('filters.to')}
        type="date"
        value={values.to}
        min={values.from || undefined}
        onChange={(e) => set({ to: e.target.value })}
        aria-invalid={datesReversed(values) || undefined}
        data-testid="filter-to"
      />
    </FilterBar>
  );
}
