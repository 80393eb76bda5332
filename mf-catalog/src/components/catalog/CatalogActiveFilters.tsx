import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSum, type Lang } from '@bozor/shared';
import type { CatalogFilter } from '../../api/filter';
import { groupDigits } from './CatalogPriceInput';
import type { FilterLabels } from './filterLabels';

export interface ActiveFilter {
  key: string;
  label: string;
  /** The filter without this one (back to page 1). */
  without: CatalogFilter;
}

/**
 * What the shopper has narrowed the list by, one removable entry each. The category is not among
 * them: it is the page's subject (its heading and breadcrumbs), chosen in the filter panel.
 */
export function activeFilters(filter: CatalogFilter, labels: FilterLabels, t: (key: string, options?: Record<string, unknown>) => string, lang: Lang): ActiveFilter[] {
  const base = { ...filter, page: 1 };
  // an entry without a name is still removable, but its slug is not passed off as a name
  const nameless = labels.pending ? t('filters.nameLoading') : t('filters.unknown');
  const out: ActiveFilter[] = [];
  for (const slug of filter.brands ?? []) out.push({ key: `brand:${slug}`, label: labels.brand(slug) ?? nameless, without: { ...base, brands: filter.brands?.filter((b) => b !== slug) } });
  const { price_min: min, price_max: max } = filter;
  // the sums with their unit, as the page's prices ("500 000 – 2 000 000 soʻm"); Uzbek writes the
  // suffix onto the unit ("500 000 soʻmdan", "1 000 000 soʻmgacha")
  const price =
    min !== undefined && max !== undefined
      ? t('filters.priceRange', { min: groupDigits(String(min), lang), max: formatSum(max, lang) })
      : min !== undefined
        ? t('filters.priceFrom', { min: formatSum(min, lang) })
        : max !== undefined
          ? t('filters.priceTo', { max: formatSum(max, lang) })
          : undefined;
  if (price !== undefined) out.push({ key: 'price', label: price, without: { ...base, price_min: undefined, price_max: undefined } });
  for (const [code, values] of Object.entries(filter.options ?? {}))
    for (const value of values) {
      const [name, label] = [labels.optionName(code), labels.option(code, value)];
      out.push({
        key: `option:${code}=${value}`,
        label: name !== undefined && label !== undefined ? `${name}: ${label}` : nameless,
        without: { ...base, options: { ...filter.options, [code]: values.filter((v) => v !== value) } },
      });
    }
  if (filter.in_stock) out.push({ key: 'in_stock', label: t('filters.inStock'), without: { ...base, in_stock: undefined } });
  if (filter.discounted) out.push({ key: 'discounted', label: t('filters.discounted'), without: { ...base, discounted: undefined } });
  return out;
}

/** The filter with every active filter removed (category, search words and sort kept). */
export function clearFilters(filter: CatalogFilter): CatalogFilter {
  return { category: filter.category, q: filter.q, sort: filter.sort, page: 1, per_page: filter.per_page };
}

/**
 * The active filters as chips above the list, each with ×, and "Clear all". A removed chip's focus
 * goes to the chip now in its place (the one before it if it was the last); with none left,
 * `onEmptied` places it (the page's heading), so it never drops to the page's body.
 */
export function CatalogActiveFilters({
  active,
  onChange,
  onClear,
  onEmptied,
}: {
  active: ActiveFilter[];
  onChange: (next: CatalogFilter) => void;
  onClear: () => void;
  onEmptied: () => void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const keys = active.map((f) => f.key).join('\n');
  // the chip to focus once the list has changed (by the address): its index, and the keys before
  const pending = useRef<{ index: number; keys: string } | null>(null);
  const emptied = useRef(onEmptied);
  emptied.current = onEmptied;
  useEffect(() => {
    const want = pending.current;
    if (!want || want.keys === keys) return;
    pending.current = null;
    const chips = list.current?.querySelectorAll<HTMLElement>('[data-testid="active-filter"]') ?? [];
    const chip = chips[Math.min(want.index, chips.length - 1)];
    if (chip) chip.focus();
    else emptied.current();
  }, [keys]);
  const remove = (next: CatalogFilter, index: number) => {
    pending.current = { index, keys };
    onChange(next);
  };
  if (active.length === 0) return null;
  return (
    <div className="bzc-active" role="group" aria-label={t('filters.active')} data-testid="active-filters">
      <ul ref={list}>
        {active.map((f, i) => (
          <li key={f.key}>
            <button type="button" className="bzc-chip bzc-active__chip" aria-label={t('filters.remove', { name: f.label })} data-testid="active-filter" onClick={() => remove(f.without, i)}>
              <span>{f.label}</span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="bz-btn bz-btn--ghost bzc-active__clear" data-testid="clear-filters" onClick={() => { pending.current = { index: 0, keys }; onClear(); }}>
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
