import { variantPicture } from './variant-picture.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type ProductCardRow, type ProductRow, type VariantRow } from './catalog.repository.js';

/** How a product looks in lists, search results, related blocks and the home page. */
export function productCard(row: ProductCardRow, lang: Lang, media: MediaStorage) {
  // the picture of the variant Buy adds and the product page opens on
  const image = variantPicture(row.images, row.selected_variant?.options ?? []);
  return {
    id: row.id,
    slug: row.slug,
    name: pick(row.name, lang),
    img_url: image ? media.url(image) : null,
    price: row.price,
    old_price: row.old_price,
    discount_percent: row.discount,
    currency: 'UZS' as const,
    total_quanity: row.total_quantity,
    in_stock: row.total_quantity > 0,
    brand: { slug: row.brand_slug, name: row.brand_name },
    category: { slug: row.category_slug, name: pick(row.category_name, lang) },
    variants_count: row.variants_count,
    // What Buy on a card adds: the variant the product page opens on (the cheapest in stock, else the cheapest).
    selected_variant: row.selected_variant
      ? {
          id: row.selected_variant.id,
          sku: row.selected_variant.sku,
          options: row.selected_variant.options.map((o) => ({ code: o.code, name: pick(o.name, lang), value: o.value, label: pick(o.label, lang) })),
        }
      : null,
  };
}
export type ProductCard = ReturnType<typeof productCard>;

export function variantDto(v: VariantRow, lang: Lang, storeSlugs: Map<number, string>, lineMax: number) {
  const total = v.stock.reduce((sum, s) => sum + s.quantity, 0);
  return {
    id: v.id,
    sku: v.sku,
    options: v.options.map((o) => ({ code: o.code, name: pick(o.name, lang), value: o.value, label: pick(o.label, lang) })),
    price: v.price,
    old_price: v.old_price,
    total_quanity: total,
    in_stock: total > 0,
    max_quantity: Math.min(total, lineMax),
    stock: v.stock.map((s) => ({ store_id: s.store_id, store: storeSlugs.get(s.store_id) ?? null, quantity: s.quantity })),
  };
}

/** The product page: everything of the card plus variants, pictures, specification and fiscal codes. */
export function productDetail(
  row: ProductRow,
  variants: VariantRow[],
  breadcrumbs: Array<{ slug: string; name: string }>,
  lang: Lang,
  media: MediaStorage,
  storeSlugs: Map<number, string>,
  lineMax: number,
) {
  const variantDtos = variants.map((v) => variantDto(v, lang, storeSlugs, lineMax));
  // The variant a shopper lands on: the cheapest one in stock, else the cheapest.
  const selected = [...variantDtos].sort((a, b) => Number(b.in_stock) - Number(a.in_stock) || a.price - b.price)[0];
  return {
    ...productCard(row, lang, media),
    price: selected?.price ?? row.price,
    old_price: selected ? selected.old_price : row.old_price,
    total_quanity: variantDtos.reduce((sum, v) => sum + v.total_quanity, 0),
    selected_variant_id: selected?.id ?? null,
    description: pick(row.description, lang),
    images: row.images.map((key) => ({ url: media.url(key) })),
    attributes: row.attributes.map((a) => ({ code: a.code, name: pick(a.name, lang), value: pick(a.value, lang) })),
    variants: variantDtos,
    breadcrumbs,
    mxit: row.mxit,
    mxit_unit: row.mxit_unit,
    vat_percent: row.vat_percent,
    weight: row.weight_grams,
    created_at: new Date(row.created_at).toISOString(),
  };
}
