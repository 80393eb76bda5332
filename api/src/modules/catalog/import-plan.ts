import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { stores } from '../../db/schema/index.js';
import { hasForbiddenCharacters } from '../../http/hardening.js';
import { type Lang } from '../../i18n/lang.js';
import { readStock } from '../inventory/index.js';
import { VISIBILITIES, type Visibility } from './admin.schema.js';
import { visibilityOf } from './admin-product-view.js';
import { type CsvRecord, CsvError, decodeUtf8, detectSeparator, parseCsv, restoreCell } from './csv.js';
import { ROW_MESSAGES, fileError, fill } from './import-texts.js';

/**
 * The CSV import's plan (docs/back-office.md "CSV import and export"): the file read, every row checked
 * against the catalogue, and every change it would make. The dry run shows it; the apply plans again under
 * row locks and writes it.
 */

export const IMPORT_MAX_ROWS = 50_000;
export const PRICE_COLUMNS = ['price_individual', 'price_legal', 'old_price_individual', 'old_price_legal'] as const;
export type PriceColumn = (typeof PRICE_COLUMNS)[number];
const INFO_COLUMNS = ['product', 'options'];

/**
 * The records with each cell as it was before the export neutralised it (csv.ts restoreCell); a cell with
 * a NUL or another control character is a 422 naming its row and column (PostgreSQL cannot take a NUL: a
 * SKU holding one was a 500).
 */
function cleanRecords(records: CsvRecord[], lang: Lang): CsvRecord[] {
  const header = records[0]?.cells ?? [];
  for (const record of records) {
    const at = record.cells.findIndex(hasForbiddenCharacters);
    if (at >= 0) {
      const name = header[at] && !hasForbiddenCharacters(header[at]) ? header[at].trim() : String(at + 1);
      throw fileError('invalid_characters', lang, { row: record.line, column: name });
    }
  }
  return records.map((r) => ({ line: r.line, cells: r.cells.map(restoreCell) }));
}

type Cell = number | string | null;
export interface ImportChange {
  row: number;
  sku: string;
  field: string;
  before: Cell;
  after: Cell;
}
export interface ImportRowError {
  row: number;
  sku: string | null;
  column: string | null;
  message: string;
}

export interface VariantState {
  id: number;
  sku: string;
  product_id: number;
  price_individual: number;
  price_legal: number;
  old_price_individual: number | null;
  old_price_legal: number | null;
  status: 'active' | 'hidden' | 'archived';
  visible_to: 'individual' | 'legal' | null;
}

export interface Plan {
  counts: { rows: number; changed_rows: number; unchanged_rows: number; bad_rows: number; changes: number };
  changes: ImportChange[];
  errors: ImportRowError[];
  prices: Map<number, Pick<VariantState, PriceColumn>>;
  visibility: Map<number, Visibility>;
  stock: Array<{ variantId: number; storeId: number; before: number; after: number }>;
  productIds: Set<number>;
  /** Each changed variant as it was, by id (for the audit rows). */
  variants: Map<number, VariantState>;
}

/**
 * A whole number as spreadsheets write it: plain digits, or thousands apart by a space (also a non-breaking
 * one) — "1 250 000". A space anywhere else ("3 9 2 0 0 1", "39 2000") is a typo, not a number. A fraction of
 * one or two zeros, as accounting exports write money ("455000,00", "469 000.00"), is whole too; three digits
 * after a point or comma ("1.000") could be thousands and stay refused.
 */
export function wholeNumber(raw: string): number | null {
  const s = raw.trim().replace(/[.,]0{1,2}$/, '');
  if (!/^-?(\d{1,12}|\d{1,3}([ \u00a0\u202f]\d{3}){1,3})$/.test(s)) return null;
  return Number(s.replace(/[ \u00a0\u202f]/g, ''));
}

/** The stores by CSV code (`stock:<code>` columns), in the shop's order. */
export async function storeCodes(tx: DbOrTx) {
  return tx.select({ id: stores.id, code: stores.slug }).from(stores).orderBy(asc(stores.sort), asc(stores.id));
}

/** The file's records and what each column means; file-level problems are a 422 IMPORT_FILE_INVALID. */
async function readFile(tx: DbOrTx, data: Buffer, lang: Lang) {
  let text: string;
  let records;
  try {
    text = decodeUtf8(data);
    records = parseCsv(text, detectSeparator(text));
  } catch (err) {
    if (err instanceof CsvError) throw fileError(err.reason, lang);
    throw err;
  }
  records = cleanRecords(records, lang);
  const [header, ...rows] = records;
  if (!header) throw fileError('empty', lang);
  if (rows.length > IMPORT_MAX_ROWS) throw fileError('too_many_rows', lang, { max: IMPORT_MAX_ROWS });
  const storeByCode = new Map((await storeCodes(tx)).map((s) => [s.code.toLowerCase(), s.id]));
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const seen = new Set<string>();
  const stockColumns: Array<{ index: number; storeId: number; name: string }> = [];
  for (const [index, column] of columns.entries()) {
    if (column === '') continue;
    if (seen.has(column)) throw fileError('repeated_column', lang, { column });
    seen.add(column);
    if (column.startsWith('stock:')) {
      const storeId = storeByCode.get(column.slice('stock:'.length).trim());
      if (storeId === undefined) throw fileError('unknown_store', lang, { column });
      stockColumns.push({ index, storeId, name: column });
    } else if (column !== 'sku' && column !== 'visibility' && !INFO_COLUMNS.includes(column) && !(PRICE_COLUMNS as readonly string[]).includes(column)) {
      throw fileError('unknown_column', lang, { column });
    }
  }
  if (!seen.has('sku')) throw fileError('no_sku', lang);
  const at = (name: string) => columns.indexOf(name);
  return { rows, columns, stockColumns, at };
}


/** Every change the file makes and every bad row, against the catalogue as `tx` reads it (locked when applying). */
export async function plan(tx: DbOrTx, data: Buffer, lang: Lang, lock: boolean): Promise<Plan> {
  const file = await readFile(tx, data, lang);
  const skuIndex = file.at('sku');
  const skus = [...new Set(file.rows.map((r) => (r.cells[skuIndex] ?? '').trim()).filter(Boolean))];
  const variantsBySku = new Map<string, VariantState>();
  // One array parameter each (not a list of thousands of parameters): cheap to send and to plan.
  const found = await queryRows<VariantState>(
    tx,
    sql`select v.id, v.sku, v.product_id, v.price_individual, v.price_legal, v.old_price_individual, v.old_price_legal, p.status, p.visible_to
        from variants v join products p on p.id = v.product_id where v.sku = any(${sql.param(skus)}::text[])`,
  );
  for (const r of found) variantsBySku.set(r.sku, r);
  const variantIds = [...variantsBySku.values()].map((v) => v.id).sort((a, b) => a - b);
  const stockOf = new Map<string, number>();
  // Locked in variant order, as checkout locks them: an order placed meanwhile waits for the import.
  const stockRows = await readStock(tx, variantIds, lock);
  for (const r of stockRows) stockOf.set(`${r.variant_id}:${r.store_id}`, r.quantity);

  const result: Plan = {
    counts: { rows: file.rows.length, changed_rows: 0, unchanged_rows: 0, bad_rows: 0, changes: 0 },
    changes: [],
    errors: [],
    prices: new Map(),
    visibility: new Map(),
    stock: [],
    productIds: new Set(),
    variants: new Map(),
  };
  const skuRow = new Map<string, number>();
  const productVisibility = new Map<number, { value: Visibility; row: number }>();
  for (const record of file.rows) {
    const row = record.line;
    const cell = (name: string) => {
      const i = file.at(name);
      return i < 0 ? undefined : (record.cells[i] ?? '').trim();
    };
    const sku = cell('sku') ?? '';
    const errors: ImportRowError[] = [];
    const bad = (column: string | null, key: keyof typeof ROW_MESSAGES, params: Record<string, string | number> = {}) =>
      errors.push({ row, sku: sku || null, column, message: fill(ROW_MESSAGES[key][lang], params) });
    const changes: ImportChange[] = [];
    if (record.cells.slice(file.columns.length).some((c) => c.trim() !== '')) bad(null, 'cells', { n: record.cells.length, m: file.columns.length });
    const variant = variantsBySku.get(sku);
    if (!sku) bad('sku', 'sku_empty');
    else if (skuRow.has(sku)) bad('sku', 'sku_repeated', { row: skuRow.get(sku)! });
    else if (!variant) bad('sku', 'sku_unknown');
    else if (variant.status === 'archived') bad('sku', 'archived');
    if (sku && !skuRow.has(sku)) skuRow.set(sku, row);

    if (errors.length === 0 && variant) {
      const next: Pick<VariantState, PriceColumn> = {
        price_individual: variant.price_individual,
        price_legal: variant.price_legal,
        old_price_individual: variant.old_price_individual,
        old_price_legal: variant.old_price_legal,
      };
      for (const column of PRICE_COLUMNS) {
        const raw = cell(column);
        if (raw === undefined) continue;
        if (raw === '') {
          if (column === 'old_price_individual' || column === 'old_price_legal') next[column] = null;
          else bad(column, 'required');
          continue;
        }
        const n = wholeNumber(raw);
        if (n === null) bad(column, 'number', { value: raw });
        else if (n < 1 || n > 2_000_000_000) bad(column, 'price');
        else next[column] = n;
      }
      if (next.old_price_individual !== null && next.old_price_individual <= next.price_individual) bad(file.at('old_price_individual') >= 0 ? 'old_price_individual' : 'price_individual', 'old_price');
      if (next.old_price_legal !== null && next.old_price_legal <= next.price_legal) bad(file.at('old_price_legal') >= 0 ? 'old_price_legal' : 'price_legal', 'old_price');
      for (const column of PRICE_COLUMNS) {
        if (next[column] !== variant[column]) changes.push({ row, sku, field: column, before: variant[column], after: next[column] });
      }

      const rawVisibility = cell('visibility');
      if (rawVisibility !== undefined && rawVisibility !== '') {
        const v = rawVisibility.toLowerCase() as Visibility;
        if (!VISIBILITIES.includes(v)) bad('visibility', 'visibility');
        else {
          const earlier = productVisibility.get(variant.product_id);
          if (earlier && earlier.value !== v) bad('visibility', 'visibility_conflict', { row: earlier.row });
          else if (!earlier) {
            productVisibility.set(variant.product_id, { value: v, row });
            const current = visibilityOf(variant.status, variant.visible_to);
            if (current !== v) changes.push({ row, sku, field: 'visibility', before: current, after: v });
          }
        }
      }

      const stockChanges: Plan['stock'] = [];
      for (const s of file.stockColumns) {
        const raw = (record.cells[s.index] ?? '').trim();
        if (raw === '') continue;
        const n = wholeNumber(raw);
        if (n === null || n < 0 || n > 1_000_000) {
          bad(s.name, n === null ? 'number' : 'stock', { value: raw });
          continue;
        }
        const before = stockOf.get(`${variant.id}:${s.storeId}`) ?? 0;
        if (n !== before) {
          changes.push({ row, sku, field: s.name, before, after: n });
          stockChanges.push({ variantId: variant.id, storeId: s.storeId, before, after: n });
        }
      }
      if (errors.length === 0 && changes.length > 0) {
        if (changes.some((c) => (PRICE_COLUMNS as readonly string[]).includes(c.field))) result.prices.set(variant.id, next);
        const vis = changes.find((c) => c.field === 'visibility');
        if (vis) result.visibility.set(variant.product_id, vis.after as Visibility);
        result.stock.push(...stockChanges);
        result.productIds.add(variant.product_id);
        result.variants.set(variant.id, variant);
      }
    }
    if (errors.length > 0) {
      result.errors.push(...errors);
      result.counts.bad_rows++;
    } else if (changes.length > 0) {
      result.changes.push(...changes);
      result.counts.changed_rows++;
    } else result.counts.unchanged_rows++;
  }
  result.counts.changes = result.changes.length;
  return result;
}

/** The dry run's token: the file and the changes it plans; an apply whose plan differs is stale. */
export const tokenOf = (data: Buffer, p: Plan) => createHash('sha256').update(data).update(JSON.stringify(p.changes)).digest('base64url');
