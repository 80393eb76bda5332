// Which variant a picture shows, and which variant a chip or a picture chooses. Pure functions, so the
// gallery, the option chips and the card's option dialog agree (and tests need no DOM).
import type { Variant } from '../../api/types';

export interface OptionValue {
  code: string;
  value: string;
}

/** A variant can be bought when it has pieces in stock (the API's `in_stock` says the same). */
export const inStock = (v: Variant) => v.total_quanity > 0;

/** "…/catalog/p/tefal-ko2576-black.webp?w=480" → "tefal-ko2576-black". */
function baseName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return (path.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '').toLowerCase();
}

/** Option codes whose value differs between variants: only those tell one picture from another. */
function distinguishing(variants: Variant[]): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const v of variants) for (const o of v.options) values.set(o.code, (values.get(o.code) ?? new Set()).add(o.value));
  for (const [code, set] of values) if (set.size < 2) values.delete(code);
  return values;
}

/**
 * The option value a picture belongs to, or null. The API sends pictures as bare URLs; the catalogue
 * names a variant's picture after its option value ("…-black.webp"), so the name is the link. The
 * longest matching value wins ("dark-grey" over "grey").
 */
export function pictureOption(url: string, variants: Variant[]): OptionValue | null {
  const name = baseName(url);
  let best: OptionValue | null = null;
  for (const [code, values] of distinguishing(variants))
    for (const value of values)
      if (name.endsWith(`-${value.toLowerCase()}`) && (!best || value.length > best.value.length)) best = { code, value };
  return best;
}

/** Index of the first picture of this variant, or -1 when none of its options has a picture. */
export function pictureOf(variant: Variant, images: { url: string }[], variants: Variant[]): number {
  return images.findIndex((img) => {
    const option = pictureOption(img.url, variants);
    return !!option && variant.options.some((o) => o.code === option.code && o.value === option.value);
  });
}

/**
 * The variant a shopper means by choosing `code=value` while `current` is chosen: the one with that
 * value and the other values kept, else one with that value in stock, else any with that value.
 */
export function variantWith(variants: Variant[], current: Variant | undefined, { code, value }: OptionValue): Variant | undefined {
  const wanted = new Map((current?.options ?? []).map((o) => [o.code, o.value]));
  wanted.set(code, value);
  const has = (v: Variant) => v.options.some((o) => o.code === code && o.value === value);
  return (
    variants.find((v) => has(v) && v.options.every((o) => wanted.get(o.code) === o.value)) ??
    variants.find((v) => has(v) && inStock(v)) ??
    variants.find(has)
  );
}

/** The option groups of a product's variants, in the order they first appear: code → name, values. */
export function optionGroups(variants: Variant[]): { code: string; name: string; values: { value: string; label: string }[] }[] {
  const groups = new Map<string, { code: string; name: string; values: Map<string, string> }>();
  for (const v of variants)
    for (const o of v.options) {
      const g = groups.get(o.code) ?? { code: o.code, name: o.name, values: new Map<string, string>() };
      g.values.set(o.value, o.label);
      groups.set(o.code, g);
    }
  return [...groups.values()].map((g) => ({ code: g.code, name: g.name, values: [...g.values].map(([value, label]) => ({ value, label })) }));
}
