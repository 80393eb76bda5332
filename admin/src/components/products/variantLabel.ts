import type { AdminVariant } from '../../api/catalog';

/** A variant as the stock screens name it: its SKU and its options' labels in the staff member's language. */
export function variantLabel(v: AdminVariant, lang: 'uz' | 'ru' | 'en'): string {
  const options = v.options.map((o) => o.label[lang] || o.label.uz).join(', ');
  return options ? `${v.sku} · ${options}` : v.sku;
}
