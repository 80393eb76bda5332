import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogFilter } from '../../api/filter';
import type { Facets } from '../../api/types';

interface Props {
  filter: CatalogFilter;
  facets: Facets | null;
  onChange: (next: CatalogFilter) => void;
}

const toggle = (list: string[] | undefined, value: string) => {
  const set = new Set(list ?? []);
  if (set.has(value)) set.delete(value);
  else set.add(value);
  return [...set];
};

/** The filter panel: category, brands, price range, options, in stock, discounted — with facet counts. */
export function Filters({ filter, facets, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<CatalogFilter>) => onChange({ ...filter, ...patch, page: 1 });
  const [min, setMin] = useState(filter.price_min?.toString() ?? '');
  const [max, setMax] = useState(filter.price_max?.toString() ?? '');
  const topCategories = facets?.categories.filter((c) => c.parent === null) ?? [];
  const childrenOf = (slug: string) => facets?.categories.filter((c) => c.parent === slug) ?? [];
  return (
    <aside className="bzc-filters" aria-label={t('filters.title')} data-testid="filters">
      <fieldset>
        <legend>{t('filters.category')}</legend>
        <label>
          <input type="radio" name="category" checked={!filter.category} onChange={() => set({ category: undefined })} />
          {t('filters.all')}
        </label>
        {topCategories.map((c) => (
          <div key={c.slug}>
            <label>
              <input type="radio" name="category" checked={filter.category === c.slug} onChange={() => set({ category: c.slug })} />
              {c.name} ({c.count})
            </label>
            {(filter.category === c.slug || childrenOf(c.slug).some((s) => s.slug === filter.category)) &&
              childrenOf(c.slug).map((s) => (
                <label key={s.slug} style={{ paddingLeft: 20 }}>
                  <input type="radio" name="category" checked={filter.category === s.slug} onChange={() => set({ category: s.slug })} />
                  {s.name} ({s.count})
                </label>
              ))}
          </div>
        ))}
      </fieldset>
      {facets && facets.brands.length > 0 ? (
        <fieldset>
          <legend>{t('filters.brands')}</legend>
          {facets.brands.map((b) => (
            <label key={b.slug}>
              <input
                type="checkbox"
                data-testid={`filter-brand-${b.slug}`}
                checked={filter.brands?.includes(b.slug) ?? false}
                onChange={() => set({ brands: toggle(filter.brands, b.slug) })}
              />
              {b.name} ({b.count})
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{t('filters.price')}</legend>
        <form
          className="bzc-price"
          onSubmit={(e) => {
            e.preventDefault();
            set({ price_min: min ? Number(min) : undefined, price_max: max ? Number(max) : undefined });
          }}
        >
          <input className="bz-input" inputMode="numeric" pattern="[0-9]*" aria-label={t('filters.priceMin')} placeholder={facets ? String(facets.price.min) : ''} value={min} onChange={(e) => setMin(e.target.value.replace(/\D/g, ''))} />
          <input className="bz-input" inputMode="numeric" pattern="[0-9]*" aria-label={t('filters.priceMax')} placeholder={facets ? String(facets.price.max) : ''} value={max} onChange={(e) => setMax(e.target.value.replace(/\D/g, ''))} />
          <button type="submit" className="bz-btn bz-btn--secondary">
            {t('filters.apply')}
          </button>
        </form>
      </fieldset>
      {facets?.options.map((o) => (
        <fieldset key={o.code}>
          <legend>{o.name}</legend>
          {o.values.map((v) => (
            <label key={v.value}>
              <input
                type="checkbox"
                checked={filter.options?.[o.code]?.includes(v.value) ?? false}
                onChange={() => set({ options: { ...filter.options, [o.code]: toggle(filter.options?.[o.code], v.value) } })}
              />
              {v.label} ({v.count})
            </label>
          ))}
        </fieldset>
      ))}
      <fieldset>
        <legend>{t('filters.more')}</legend>
        <label>
          <input type="checkbox" data-testid="filter-in-stock" checked={filter.in_stock ?? false} onChange={(e) => set({ in_stock: e.target.checked || undefined })} />
          {t('filters.inStock')}
        </label>
        <label>
          <input type="checkbox" data-testid="filter-discounted" checked={filter.discounted ?? false} onChange={(e) => set({ discounted: e.target.checked || undefined })} />
          {t('filters.discounted')}
        </label>
      </fieldset>
    </aside>
  );
}
