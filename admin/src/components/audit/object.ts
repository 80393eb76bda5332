// What an audit entry is about, in words, and its page in the back office when it has one: an order,
// a customer, a product, a staff member (a "sessions ended" entry is about the staff member whose
// sessions ended), the list a category, a brand or a store is edited in.
import type { Lang } from '@bozor/shared';
import type { AuditEntry } from '../../api/types';
import { inLang } from '../content/ContentFields';
import { isLocalized, type AuditNames, type Translate } from './diff';

export interface AuditObject {
  text: string;
  /** The object's page (or the list it is edited in); null when it has none or is gone. */
  href: string | null;
}

const enc = encodeURIComponent;

/** A name the entry itself carries (a created or renamed thing), in the reader's language. */
function nameIn(entry: AuditEntry, lang: Lang): string | null {
  for (const side of [entry.after, entry.before]) {
    const name = side?.name ?? side?.title;
    if (typeof name === 'string' && name) return name;
    const text = isLocalized(name) ? inLang(name, lang) : '';
    if (text) return text;
  }
  return null;
}

export function auditObject(entry: AuditEntry, names: AuditNames, t: Translate, lang: Lang): AuditObject {
  const id = entry.entity_id;
  const num = Number(id);
  const gone = entry.after === null || entry.action.endsWith('delete');
  const numbered = (entity: string) => t('audit.object.numbered', { entity: t(`audit.entities.${entity}`), id });
  const withName = (base: string, name: string | null | undefined) => (name ? t('audit.object.named', { object: base, name }) : base);
  switch (entry.entity) {
    case 'order':
      return { text: numbered('order'), href: `/orders/${enc(id)}` };
    case 'customer':
      return { text: numbered('customer'), href: `/customers/${enc(id)}` };
    case 'product':
      // the entry's own name (a created or renamed product), else its name now (an entry keeps only what changed)
      return { text: withName(numbered('product'), nameIn(entry, lang) ?? (inLang(entry.entity_name, lang) || null)), href: `/products/${enc(id)}` };
    case 'variant': {
      const sku = entry.after?.sku ?? entry.before?.sku;
      return typeof sku === 'string' && sku ? { text: withName(numbered('variant'), sku), href: `/products?q=${enc(sku)}` } : { text: numbered('variant'), href: null };
    }
    case 'staff':
    case 'session': {
      const name = names.staff.get(num) ?? (entry.entity === 'staff' ? nameIn(entry, lang) : null);
      return { text: name ?? numbered('staff'), href: '/staff' };
    }
    case 'category':
      return { text: withName(numbered('category'), names.categories.get(num) ?? nameIn(entry, lang)), href: gone ? null : '/categories' };
    case 'brand':
      return { text: withName(numbered('brand'), names.brands.get(num) ?? nameIn(entry, lang)), href: gone ? null : '/brands' };
    case 'store':
      return { text: names.stores.get(num) ?? withName(numbered('store'), nameIn(entry, lang)), href: '/stores' };
    case 'slide':
      if (id === 'all') return { text: t('audit.object.allSlides'), href: '/slides' };
      return { text: withName(numbered('slide'), nameIn(entry, lang)), href: gone ? null : `/slides/${enc(id)}` };
    case 'post':
      return { text: withName(numbered('post'), nameIn(entry, lang)), href: gone ? null : `/posts/${enc(id)}` };
    case 'page':
      return { text: withName(t('audit.entities.page'), nameIn(entry, lang) ?? id), href: `/pages/${enc(id)}` };
    case 'delivery':
      if (id === 'settings') return { text: t('audit.entities.delivery'), href: '/delivery' };
      if (id === 'regions') return { text: t('audit.object.regions'), href: '/delivery' };
      return { text: t('audit.object.region', { name: nameIn(entry, lang) ?? id }), href: gone ? null : '/delivery' };
    case 'catalog':
      return { text: t('audit.entities.catalog'), href: null };
    default:
      return { text: `${t(`audit.entities.${String(entry.entity)}`, { defaultValue: String(entry.entity) })} ${id}`, href: null };
  }
}
