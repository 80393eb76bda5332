import { useTranslation } from 'react-i18next';
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
export function activeFilters(filter: CatalogFilter, labels: FilterLabels, t: (key: string, options?: Record<string, unknown>) => string): ActiveFilter[] {
  const base = { ...filter, page: 1 };
  // an entry without a name is still removable, but its slug is not passed off as a name
  const nameless = labels.pending ? t('filters.nameLoading') : t('filters.unknown');
  const out: ActiveFilter[] = [];
  for (const slug of filter.brands ?? []) out.push({ key: `brand:${slug}`, label: labels.brand(slug) ?? nameless, without: { ...base, brands: filter.brands?.filter((b) => b !== slug) } });
  const { price_min: min, price_max: max } = filter;
  if (min !== undefined || max !== undefined) {
    const label =
      min !== undefined && max !== undefined
        ? t('filters.priceRange', { min: groupDigits(String(min)), max: groupDigits(String(max)) })
        : min !== undefined
          ? t('filters.priceFrom', { min: groupDigits(String(min)) })
          : t('filters.priceTo', { max: groupDigits(String(max)) });
    out.push({ key: 'price', label, without: { ...base, price_min: undefined, price_max: undefined } });
  }
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

/** The active filters as chips above the list, each with ×, and "Clear all". */
export function CatalogActiveFilters({ active, onChange, onClear }: { active: ActiveFilter[]; onChange: (next: CatalogFilter) => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (active.length === 0) return null;
  return (
    <div className="bzc-active" role="group" aria-label={t('filters.active')} data-testid="active-filters">
      <ul>
        {active.map((f) => (
          <li key={f.key}>
            <button type="button" className="bzc-chip bzc-active__chip" aria-label={t('filters.remove', { name: f.label })} data-testid="active-filter" onClick={() => onChange(f.without)}>
              <span>{f.label}</span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="bz-btn bz-btn--ghost bzc-active__clear" data-testid="clear-filters" onClick={onClear}>
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
