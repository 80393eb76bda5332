import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { $language } from '@bozor/shared';
import type { CatalogFilter } from '../../api/filter';
import type { Facets } from '../../api/types';
import { CatalogPriceInput, groupDigits } from './CatalogPriceInput';
import type { FilterLabels } from './filterLabels';

interface Props {
  filter: CatalogFilter;
  facets: Facets | null;
  labels: FilterLabels;
  onChange: (next: CatalogFilter) => void;
}

const toggle = (list: string[] | undefined, value: string) => {
  const set = new Set(list ?? []);
  if (set.has(value)) set.delete(value);
  else set.add(value);
  return [...set];
};

/**
 * The facet's entries plus every ticked one it left out (count 0), so a ticked box never vanishes —
 * when it has a name: one that names nothing (yet) is only shown as its chip, which removes it.
 */
function withTicked<T extends { count: number }>(entries: T[], ticked: string[] | undefined, keyOf: (e: T) => string, make: (key: string) => T | undefined): T[] {
  const missing = (ticked ?? []).filter((key) => !entries.some((e) => keyOf(e) === key));
  return [...entries, ...missing.flatMap((key) => make(key) ?? [])];
}

/** A ticked entry the facets left out: count 0, under its known name; undefined without one. */
const absent = <T,>(name: string | undefined, make: (name: string) => T): T | undefined => (name === undefined ? undefined : make(name));

/** The filter panel: category, brands, price range, options, in stock, discounted — with facet counts. */
export function Filters({ filter, facets, labels, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<CatalogFilter>) => onChange({ ...filter, ...patch, page: 1 });
  const categories = facets?.categories ?? [];
  const top = withTicked(
    categories.filter((c) => c.parent === null),
    filter.category && !categories.some((c) => c.slug === filter.category) ? [filter.category] : [],
    (c) => c.slug,
    (slug) => absent(labels.category(slug), (name) => ({ slug, name, parent: null, count: 0 })),
  );
  const childrenOf = (slug: string) => categories.filter((c) => c.parent === slug);
  const brands = withTicked(facets?.brands ?? [], filter.brands, (b) => b.slug, (slug) => absent(labels.brand(slug), (name) => ({ slug, name, count: 0 })));
  const optionCodes = [...new Set([...(facets?.options ?? []).map((o) => o.code), ...Object.keys(filter.options ?? {}).filter((c) => filter.options?.[c]?.length)])];
  const options = optionCodes.flatMap((code) => {
    const facet = facets?.options.find((o) => o.code === code);
    const name = facet?.name ?? labels.optionName(code);
    const values = withTicked(facet?.values ?? [], filter.options?.[code], (v) => v.value, (value) => absent(labels.option(code, value), (label) => ({ value, label, count: 0 })));
    return name === undefined || values.length === 0 ? [] : [{ code, name, values }];
  });
  return (
    <aside className="bzc-filters" aria-label={t('filters.title')} data-testid="filters">
      <fieldset>
        <legend>{t('filters.category')}</legend>
        <label>
          <input type="radio" name="category" checked={!filter.category} onChange={() => set({ category: undefined })} />
          {t('filters.all')}
        </label>
        {top.map((c) => (
          <div key={c.slug}>
            <label>
              <input type="radio" name="category" checked={filter.category === c.slug} onChange={() => set({ category: c.slug })} />
              {c.name} ({c.count})
            </label>
            {(filter.category === c.slug || childrenOf(c.slug).some((s) => s.slug === filter.category)) &&
              childrenOf(c.slug).map((s) => (
                <label key={s.slug} className="bzc-filters__sub">
                  <input type="radio" name="category" checked={filter.category === s.slug} onChange={() => set({ category: s.slug })} />
                  {s.name} ({s.count})
                </label>
              ))}
          </div>
        ))}
      </fieldset>
      {brands.length > 0 ? (
        <fieldset>
          <legend>{t('filters.brands')}</legend>
          {brands.map((b) => (
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
        <PriceForm filter={filter} facets={facets} onApply={set} />
      </fieldset>
      {options.map((o) => (
        <fieldset key={o.code}>
          <legend>{o.name}</legend>
          {o.values.map((v) => (
            <label key={v.value}>
              <input
                type="checkbox"
                data-testid={`filter-option-${o.code}-${v.value}`}
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

/** Whether the boxes hold a range the API refuses: the lowest price above the highest. */
function priceOrderWrong(min: string, max: string): boolean {
  return min !== '' && max !== '' && Number(min) > Number(max);
}

function PriceForm({ filter, facets, onApply }: { filter: CatalogFilter; facets: Facets | null; onApply: (patch: Partial<CatalogFilter>) => void }) {
  const { t } = useTranslation();
  const [min, setMin] = useState(filter.price_min?.toString() ?? '');
  const [max, setMax] = useState(filter.price_max?.toString() ?? '');
  const [wrongOrder, setWrongOrder] = useState(false);
  // A new address (back button, a removed chip) refills the boxes. Set during render rather than by
  // remounting the form (a key), which took the focus from the box or Apply to the page's body.
  const urlPrice = `${filter.price_min ?? ''}-${filter.price_max ?? ''}`;
  const [shownPrice, setShownPrice] = useState(urlPrice);
  if (shownPrice !== urlPrice) {
    setShownPrice(urlPrice);
    setMin(filter.price_min?.toString() ?? '');
    setMax(filter.price_max?.toString() ?? '');
    setWrongOrder(false);
  }
  const minBox = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // the API answers null bounds when nothing matches
  const lang = useStore($language);
  const bound = (n: number | null | undefined) => (typeof n === 'number' ? groupDigits(String(n), lang) : '');
  // a corrected box takes the message away at once
  const edit = (set: (digits: string) => void) => (digits: string) => {
    set(digits);
    setWrongOrder(false);
  };
  return (
    <form
      className="bzc-price"
      onSubmit={(e) => {
        e.preventDefault();
        // refused here, not by the API (422), so the list stays as it is and the shopper sees why
        if (priceOrderWrong(min, max)) {
          setWrongOrder(true);
          minBox.current?.focus();
          return;
        }
        onApply({ price_min: min ? Number(min) : undefined, price_max: max ? Number(max) : undefined });
      }}
    >
      <CatalogPriceInput value={min} onChange={edit(setMin)} label={t('filters.priceMin')} placeholder={bound(facets?.price.min)} testId="filter-price-min" errorId={wrongOrder ? errorId : undefined} inputRef={minBox} />
      <CatalogPriceInput value={max} onChange={edit(setMax)} label={t('filters.priceMax')} placeholder={bound(facets?.price.max)} testId="filter-price-max" errorId={wrongOrder ? errorId : undefined} />
      {wrongOrder ? (
        <p id={errorId} className="bz-field__error bzc-price__error" role="alert" data-testid="filter-price-error">
          {t('filters.priceOrder')}
        </p>
      ) : null}
      <button type="submit" className="bz-btn bz-btn--secondary" data-testid="filter-price-apply">
        {t('filters.apply')}
      </button>
    </form>
  );
}
