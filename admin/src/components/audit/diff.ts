// A readable before → after of an audit entry (`readEntry`), as the audit log shows staff: field names and
// values in words, a localized text compared per language, a list of variants (cities, attributes…) per
// element with only its changed parts, and the identifying fields that did not change (SKU, store…) as context.
import { LANGS, type Lang } from '@bozor/shared';
import { ORDER_STATUSES, PAYMENT_STATUSES, ROLES } from '../../api/types';
import { VISIBILITIES } from '../../api/catalog';
import { inLang } from '../content/ContentFields';
import { formatCount, formatDateTime, formatMoney } from '../../format';

export type Translate = (key: string, options?: Record<string, unknown>) => string;
type Values = Record<string, unknown>;

/** Names the log's ids stand for, as far as the page has them (an id without a name reads "Store 2"). */
export interface AuditNames {
  stores: ReadonlyMap<number, string>;
  categories: ReadonlyMap<number, string>;
  brands: ReadonlyMap<number, string>;
  staff: ReadonlyMap<number, string>;
}

export const NO_NAMES: AuditNames = { stores: new Map(), categories: new Map(), brands: new Map(), staff: new Map() };

export interface ReadContext {
  t: Translate;
  lang: Lang;
  names: AuditNames;
}

/** One line of the details: "KT-1 · Price, individuals": "350 000 UZS" → "320 000 UZS"; null is "nothing". */
export interface ChangeLine {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

export interface ReadableEntry {
  /** The identifying fields that did not change, in words ("KT-1", "Bozor Chilanzar"). */
  context: string[];
  lines: ChangeLine[];
  /** The command-line tool that made the change (`_command`), or null (staff, or the shop itself). */
  command: string | null;
}

/** Fields that say what or where an entry is about; when they did not change they are its context. */
const IDENTIFYING = ['number', 'sku', 'store_id', 'name', 'phone', 'slug', 'file_name'];
const MONEY = new Set(['price_individual', 'price_legal', 'old_price_individual', 'old_price_legal', 'delivery_sum', 'free_delivery_threshold', 'base_fee', 'per_kg_fee', 'total', 'sum']);
const COUNTS = new Set([
  'quantity',
  'live_sessions',
  'rows',
  'changed_rows',
  'unchanged_rows',
  'bad_rows',
  'changes',
  'price_rows',
  'visibility_products',
  'stock_moves',
  'weight_grams',
  'base_weight_g',
  'low_stock_threshold',
]);
const DATES = new Set(['stock_held_until', 'starts_at', 'ends_at', 'published_at']);
/** One stored picture (a storage key): read as its file name. */
const PICTURE = new Set(['image', 'logo', 'cover']);
/** A list of stored pictures: read as a count. */
const PICTURES = new Set(['images']);
/** Commands that are the shop itself (an expired hold, a payment): the staff column already says "System". */
const SHOP_ITSELF = new Set(['system', 'internal']);
const STOCK_REASONS = ['received', 'correction', 'damaged', 'import', 'order', 'order_released'];
const USER_TYPES = ['individual', 'legal'];
const LONG_TEXT = 160;

const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isLocalized = (v: unknown): v is Partial<Record<Lang, string | null>> =>
  isRecord(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => (LANGS as readonly string[]).includes(k)) && Object.values(v).every((x) => x === null || typeof x === 'string');
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A field's name in words; an unknown field keeps its key. */
export function fieldLabel(key: string, t: Translate): string {
  return t(`audit.fields.${key}`, { defaultValue: key });
}

/** Text as it reads: HTML (an article, a description) as its words, a long text cut short. */
function plainText(s: string): string {
  const text = /<[a-z][^>]*>/i.test(s)
    ? s
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/\s+/g, ' ')
        .trim()
    : s;
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
}

const fileName = (key: string) => key.split('/').pop() || key;

function named(map: ReadonlyMap<number, string>, id: unknown, entity: string, t: Translate): string {
  const name = typeof id === 'number' ? map.get(id) : undefined;
  return name ?? t('audit.object.numbered', { entity: t(`audit.entities.${entity}`), id: String(id) });
}

function enumValue(list: readonly string[], prefix: string, v: string, t: Translate): string {
  return list.includes(v) ? t(`${prefix}.${v}`) : v;
}

/** One value in words, or null for nothing (absent, null, empty). */
export function readValue(key: string, value: unknown, ctx: ReadContext): string | null {
  const { t, lang, names } = ctx;
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (Array.isArray(value)) {
    if (PICTURES.has(key)) return t('audit.pictures', { count: value.length });
    if (value.length === 0) return null;
    return value.map((v) => readValue(key, v, ctx) ?? '—').join(', ');
  }
  if (isLocalized(value)) return plainText(inLang(value, lang)) || null;
  if (isRecord(value)) return JSON.stringify(value);
  if (typeof value === 'number') {
    if (MONEY.has(key)) return formatMoney(value, lang);
    if (key === 'store_id') return named(names.stores, value, 'store', t);
    if (key === 'category_id' || key === 'parent_id') return named(names.categories, value, 'category', t);
    if (key === 'brand_id') return named(names.brands, value, 'brand', t);
    if (key === 'vat_percent') return `${value}%`;
    if (COUNTS.has(key)) return formatCount(value, lang);
    return String(value);
  }
  if (typeof value === 'string') {
    if (key === 'status') return enumValue(ORDER_STATUSES, 'status', value, t);
    if (key === 'payment_status') return enumValue(PAYMENT_STATUSES, 'paymentStatus', value, t);
    if (key === 'reason') return enumValue(STOCK_REASONS, 'stock.reasons', value, t);
    if (key === 'role') return enumValue(ROLES, 'roles', value, t);
    if (key === 'visibility') return enumValue(VISIBILITIES, 'products.visibilities', value, t);
    if (key === 'user_type') return enumValue(USER_TYPES, 'customers', value, t);
    if (PICTURE.has(key)) return fileName(value);
    if (DATES.has(key) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, lang);
    return plainText(value);
  }
  return String(value as string | number | bigint);
}

/** The key that finds the same element in the list before and after (id first: a SKU may change). */
function elementKey(el: Values): string | null {
  for (const k of ['id', 'sku', 'slug', 'code']) {
    const v = el[k];
    if (typeof v === 'string' || typeof v === 'number') return `${k}:${v}`;
  }
  return null;
}

/** How staff know an element: its SKU, its name, its code, else its number. */
function elementLabel(el: Values, lang: Lang): string {
  if (typeof el.sku === 'string' && el.sku) return el.sku;
  if (isLocalized(el.name)) return inLang(el.name, lang);
  if (typeof el.name === 'string' && el.name) return el.name;
  for (const k of ['code', 'slug', 'id']) {
    const v = el[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return '?';
}

const keyedList = (v: unknown): v is Values[] => Array.isArray(v) && v.length > 0 && v.every((el) => isRecord(el) && elementKey(el) !== null);

const listOrNothing = (v: unknown) => v == null || (Array.isArray(v) && (v.length === 0 || keyedList(v)));

class Reader {
  readonly lines: ChangeLine[] = [];
  constructor(private readonly ctx: ReadContext) {}

  private push(key: string, label: string, before: string | null, after: string | null) {
    if (before === after) return;
    this.lines.push({ key, label, before, after });
  }

  /** The changes of one field (`path` keeps the React keys unique, `label` is what staff read). */
  field(field: string, before: unknown, after: unknown, path: string, label: string) {
    if (same(before, after)) return;
    const { t } = this.ctx;
    if (PICTURES.has(field) && (Array.isArray(before) || Array.isArray(after))) return this.pictures(before, after, path, label);
    if ((isLocalized(before) || before == null) && (isLocalized(after) || after == null)) {
      const b = isLocalized(before) ? before : {};
      const a = isLocalized(after) ? after : {};
      for (const l of LANGS) {
        if (!(l in b) && !(l in a)) continue;
        this.push(`${path}.${l}`, t('audit.inLanguage', { field: label, lang: l }), readValue(field, b[l], this.ctx), readValue(field, a[l], this.ctx));
      }
      return;
    }
    if ((keyedList(before) || keyedList(after)) && listOrNothing(before) && listOrNothing(after)) {
      return this.elements((before ?? []) as Values[], (after ?? []) as Values[], path, label);
    }
    if ((isRecord(before) || before == null) && (isRecord(after) || after == null)) {
      const b = (before ?? {}) as Values;
      const a = (after ?? {}) as Values;
      for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])]) this.field(k, b[k], a[k], `${path}.${k}`, `${label} · ${fieldLabel(k, t)}`);
      return;
    }
    this.push(path, label, readValue(field, before, this.ctx), readValue(field, after, this.ctx));
  }

  /** A list of elements with ids (variants, cities, attributes): per element, added and removed as such. */
  private elements(before: Values[], after: Values[], path: string, label: string) {
    const { t, lang } = this.ctx;
    const old = new Map(before.map((el) => [elementKey(el)!, el]));
    const kept = new Set<string>();
    for (const el of after) {
      const key = elementKey(el)!;
      const was = old.get(key);
      const name = elementLabel(el, lang);
      const where = `${path}[${key}]`;
      if (was) kept.add(key);
      else this.push(where, `${label} · ${name}`, null, t('audit.added'));
      for (const k of [...new Set([...Object.keys(was ?? {}), ...Object.keys(el)])]) {
        if (k === 'id') continue;
        this.field(k, was?.[k], el[k], `${where}.${k}`, `${name} · ${fieldLabel(k, t)}`);
      }
    }
    for (const el of before) {
      const key = elementKey(el)!;
      if (!kept.has(key)) this.push(`${path}[${key}]`, `${label} · ${elementLabel(el, lang)}`, null, t('audit.removed'));
    }
    // the elements kept, put in another order (the shop shows variants and cities in that order)
    const order = (list: Values[]) => list.filter((el) => kept.has(elementKey(el)!));
    const was = order(before);
    const now = order(after);
    if (was.some((el, i) => elementKey(el) !== elementKey(now[i]!))) {
      const names = (list: Values[]) => list.map((el) => elementLabel(el, lang)).join(', ');
      this.push(`${path}#order`, `${label} · ${t('audit.order')}`, names(was), names(now));
    }
  }

  /** Pictures as a count, and what happened to them (added, removed, put in another order). */
  private pictures(before: unknown, after: unknown, path: string, label: string) {
    const { t } = this.ctx;
    const b = Array.isArray(before) ? before.map(String) : [];
    const a = Array.isArray(after) ? after.map(String) : [];
    const added = a.filter((k) => !b.includes(k)).length;
    const removed = b.filter((k) => !a.includes(k)).length;
    const what = [added ? t('audit.picturesAdded', { count: added }) : null, removed ? t('audit.picturesRemoved', { count: removed }) : null].filter(Boolean);
    if (what.length === 0) what.push(t('audit.picturesReordered'));
    const before_ = before == null ? null : t('audit.pictures', { count: b.length });
    this.push(path, label, before_, `${t('audit.pictures', { count: a.length })} (${what.join(', ')})`);
  }
}

/** An audit entry as staff read it: its context, its changes in words, and the command behind it. */
export function readEntry(entry: { before: Values | null; after: Values | null }, ctx: ReadContext): ReadableEntry {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const command = typeof after._command === 'string' && !SHOP_ITSELF.has(after._command) ? after._command : null;
  const context: string[] = [];
  const skip = new Set<string>();
  if (entry.before && entry.after) {
    for (const key of IDENTIFYING) {
      if (key in before && key in after && same(before[key], after[key]) && before[key] != null) {
        const text = readValue(key, before[key], ctx);
        if (text) context.push(text);
        skip.add(key);
      }
    }
  }
  const reader = new Reader(ctx);
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    if (key.startsWith('_') || skip.has(key)) continue;
    reader.field(key, before[key], after[key], key, fieldLabel(key, ctx.t));
  }
  return { context, lines: reader.lines, command };
}
