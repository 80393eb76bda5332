// The product form: what the fields hold (strings, as typed), the body sent to the API, and the API's field
// paths turned back into the form's — so a 422 lands next to the field it names. Its rules, as the API
// applies them, are forms/productSchema.ts.
import { LANGS, type Lang } from '@bozor/shared';
import { wholeDigits } from '../format';
import type { AdminProduct, ProductBody, Visibility } from '../api/catalog';
import type { Localized } from '../api/types';

export const MAX_PRICE = 2_000_000_000;
export const MAX_WEIGHT = 1_000_000;
export const MAX_VARIANTS = 100;
export const MAX_PICTURES = 20;

export interface OptionKind {
  code: string;
  name: Localized;
}
export interface VariantValues {
  /** The variant's id once saved; '' for a new one. */
  id: string;
  sku: string;
  /** One per product option kind, in the same order. */
  options: { value: string; label: Localized }[];
  price_individual: string;
  price_legal: string;
  old_price_individual: string;
  old_price_legal: string;
  low_stock_threshold: string;
  /** A new variant's opening stock per store (its first "received" movement); '' = none. */
  stock: { store_id: number; quantity: string }[];
}
export interface ProductValues {
  name: Localized;
  description: Localized;
  slug: string;
  category_id: string;
  brand_id: string;
  attributes: { code: string; name: Localized; value: Localized }[];
  /** The options the variants differ by (colour, size), shared by every variant. */
  option_kinds: OptionKind[];
  mxik: string;
  package_code: string;
  vat_percent: string;
  weight_grams: string;
  marked: boolean;
  visibility: Visibility;
  variants: VariantValues[];
}

export const emptyLocalized = (): Localized => ({ uz: '', ru: '', en: '' });

export function emptyVariant(kinds: number, storeIds: readonly number[]): VariantValues {
  return {
    id: '',
    sku: '',
    options: Array.from({ length: kinds }, () => ({ value: '', label: emptyLocalized() })),
    price_individual: '',
    price_legal: '',
    old_price_individual: '',
    old_price_legal: '',
    low_stock_threshold: '',
    stock: storeIds.map((store_id) => ({ store_id, quantity: '' })),
  };
}

export function emptyProduct(storeIds: readonly number[]): ProductValues {
  return {
    name: emptyLocalized(),
    description: emptyLocalized(),
    slug: '',
    category_id: '',
    brand_id: '',
    attributes: [],
    option_kinds: [],
    mxik: '',
    package_code: '',
    vat_percent: '12',
    weight_grams: '',
    marked: false,
    visibility: 'shown',
    variants: [emptyVariant(0, storeIds)],
  };
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const loc = (l: Partial<Localized> | undefined): Localized => ({ uz: l?.uz ?? '', ru: l?.ru ?? '', en: l?.en ?? '' });

/** The form's values for a saved product (the option kinds taken from its first variant). */
export function productToValues(p: AdminProduct): ProductValues {
  const kinds: OptionKind[] = (p.variants[0]?.options ?? []).map((o) => ({ code: o.code, name: loc(o.name) }));
  return {
    name: loc(p.name),
    description: loc(p.description),
    slug: p.slug,
    category_id: String(p.category.id),
    brand_id: String(p.brand.id),
    attributes: p.attributes.map((a) => ({ code: a.code, name: loc(a.name), value: loc(a.value) })),
    option_kinds: kinds,
    mxik: p.mxik,
    package_code: p.package_code,
    vat_percent: String(p.vat_percent),
    weight_grams: String(p.weight_grams),
    marked: p.marked,
    visibility: p.visibility,
    variants: p.variants.map((v) => ({
      id: String(v.id),
      sku: v.sku,
      options: kinds.map((k) => {
        const o = v.options.find((x) => x.code === k.code);
        return { value: o?.value ?? '', label: loc(o?.label) };
      }),
      price_individual: str(v.price_individual),
      price_legal: str(v.price_legal),
      old_price_individual: str(v.old_price_individual),
      old_price_legal: str(v.old_price_legal),
      low_stock_threshold: str(v.low_stock_threshold),
      stock: [],
    })),
  };
}

/** A Latin key from a label ("Oq rang" → "oq-rang"): option values and codes the shop's filters use. */
export function keyOf(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[ʻʼ'`’‘]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

const partial = (l: Localized) => {
  const out: { uz: string; ru?: string; en?: string } = { uz: l.uz.trim() };
  if (l.ru.trim()) out.ru = l.ru.trim();
  if (l.en.trim()) out.en = l.en.trim();
  return out;
};
/**
 * A number or code as typed or pasted: its spaces dropped — thousands spaces in a price ("1 250 000", with
 * the no-break or narrow space a copied amount carries, as the CSV import and the delivery page accept) or
 * the groups of a code ("08516 010 001 000000"). Nothing else is changed, nothing cut.
 */
export const digitsOf = (s: string) => s.replace(/\s+/g, '');
// whole numbers checked by `wholeIn` (thousands apart by a space only); an id or a select's value is plain digits
const int = (s: string) => Number(wholeDigits(s) ?? digitsOf(s));
const intOrNull = (s: string) => (s.trim() === '' ? null : int(s));

/** An attribute's code, the key the shop's filters use: the saved one, else made from its name. */
export const attributeCode = (a: ProductValues['attributes'][number], i: number) => a.code.trim() || keyOf(a.name.uz) || keyOf(a.name.en) || `attr-${i + 1}`;

/** The API's body for the form's (valid) values. `creating`: opening stock is sent for new variants only. */
export function valuesToBody(v: ProductValues): ProductBody {
  return {
    name: partial(v.name),
    description: { uz: v.description.uz.trim(), ru: v.description.ru.trim(), en: v.description.en.trim() },
    ...(v.slug.trim() ? { slug: v.slug.trim() } : {}),
    category_id: int(v.category_id),
    brand_id: int(v.brand_id),
    attributes: v.attributes.map((a, i) => ({ code: attributeCode(a, i), name: partial(a.name), value: partial(a.value) })),
    mxik: digitsOf(v.mxik),
    package_code: digitsOf(v.package_code),
    vat_percent: int(v.vat_percent),
    weight_grams: int(v.weight_grams),
    marked: v.marked,
    visibility: v.visibility,
    variants: v.variants.map((variant, n) => {
      const stock = variant.id ? [] : variant.stock.filter((s) => s.quantity.trim() !== '' && int(s.quantity) > 0).map((s) => ({ store_id: s.store_id, quantity: int(s.quantity) }));
      return {
        ...(variant.id ? { id: Number(variant.id) } : {}),
        sku: variant.sku.trim(),
        options: v.option_kinds.map((kind, i) => {
          const o = variant.options[i] ?? { value: '', label: emptyLocalized() };
          return {
            code: kind.code.trim() || keyOf(kind.name.uz) || keyOf(kind.name.en) || `option-${i + 1}`,
            name: partial(kind.name),
            value: o.value.trim() || keyOf(o.label.uz) || keyOf(o.label.en) || `v${n + 1}`,
            label: partial(o.label),
          };
        }),
        price_individual: int(variant.price_individual),
        price_legal: int(variant.price_legal),
        old_price_individual: intOrNull(variant.old_price_individual),
        old_price_legal: intOrNull(variant.old_price_legal),
        low_stock_threshold: intOrNull(variant.low_stock_threshold),
        ...(stock.length ? { stock } : {}),
      };
    }),
  };
}

/** The languages whose name or description is empty (the shop shows Uzbek there). */
export function missingLangs(v: Pick<ProductValues, 'name' | 'description'>): Lang[] {
  return LANGS.filter((l) => !v.name[l].trim() || !v.description[l].trim());
}

/**
 * The form field an API error path names. The API names variant options as
 * `variants.<i>.options.<j>.<field>`; the option's code and name live once per product here.
 */
export function formPathOf(apiPath: string): string {
  const kind = /^variants\.\d+\.options\.(\d+)\.(code|name(?:\.\w+)?)$/.exec(apiPath);
  if (kind) return `option_kinds.${kind[1]}.${kind[2]}`;
  return apiPath;
}
