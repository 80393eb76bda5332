import { useTranslation } from 'react-i18next';
import type { Variant } from '../../api/types';
import { inStock, optionGroups, variantWith } from './productChoice';

/**
 * One group of radio-like buttons per option (colour, size…). Choosing a value selects the variant
 * that has it together with the other chosen values (see variantWith). A value whose variant is sold
 * out is struck through and says so to screen readers, but stays selectable: the shopper may still
 * want to see its price and picture.
 */
export function VariantPicker({ variants, selected, onSelect }: { variants: Variant[]; selected: Variant; onSelect: (v: Variant) => void }) {
  const { t } = useTranslation();
  if (variants.length < 2) return null;
  return (
    <div className="bzc-variants">
      {optionGroups(variants).map((g) => (
        <fieldset key={g.code} className="bzc-variants__group">
          <legend>{g.name}</legend>
          {g.values.map(({ value, label }) => {
            const active = selected.options.some((o) => o.code === g.code && o.value === value);
            const target = active ? selected : variantWith(variants, selected, { code: g.code, value });
            const soldOut = !!target && !inStock(target);
            return (
              <button
                key={value}
                type="button"
                className={`bzc-chip${active ? ' bzc-chip--active' : ''}${soldOut ? ' bzc-chip--out' : ''}`}
                aria-pressed={active}
                data-testid={`variant-${g.code}-${value}`}
                data-sold-out={soldOut || undefined}
                onClick={() => target && onSelect(target)}
              >
                {label}
                {soldOut ? <span className="bzc-sr"> {t('product.chipSoldOut')}</span> : null}
              </button>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
