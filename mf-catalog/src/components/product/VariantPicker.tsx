import type { Variant } from '../../api/types';

/**
 * One group of radio-like buttons per option (colour, size…). Choosing a value selects the variant
 * that has it together with the other chosen values, or else the first variant that has it.
 */
export function VariantPicker({ variants, selected, onSelect }: { variants: Variant[]; selected: Variant; onSelect: (v: Variant) => void }) {
  if (variants.length < 2) return null;
  const groups = new Map<string, { name: string; values: Map<string, string> }>();
  for (const v of variants)
    for (const o of v.options) {
      const g = groups.get(o.code) ?? { name: o.name, values: new Map() };
      g.values.set(o.value, o.label);
      groups.set(o.code, g);
    }
  const choose = (code: string, value: string) => {
    const wanted = new Map(selected.options.map((o) => [o.code, o.value]));
    wanted.set(code, value);
    const exact = variants.find((v) => v.options.every((o) => wanted.get(o.code) === o.value));
    const any = variants.find((v) => v.options.some((o) => o.code === code && o.value === value));
    const next = exact ?? any;
    if (next) onSelect(next);
  };
  return (
    <div className="bzc-variants">
      {[...groups].map(([code, g]) => (
        <fieldset key={code} className="bzc-variants__group">
          <legend>{g.name}</legend>
          {[...g.values].map(([value, label]) => {
            const active = selected.options.some((o) => o.code === code && o.value === value);
            return (
              <button
                key={value}
                type="button"
                className={`bzc-chip${active ? ' bzc-chip--active' : ''}`}
                aria-pressed={active}
                data-testid={`variant-${code}-${value}`}
                onClick={() => choose(code, value)}
              >
                {label}
              </button>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
