import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { type Database, type Db, type DbOrTx, LongJobTimeoutError, queryRows } from '../../db/client.js';
import { stores } from '../../db/schema/index.js';
import { type VariantOption } from '../../db/schema/catalog.js';
import { AppError } from '../../errors.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type AuditEntry, type AuditService } from '../audit/audit.service.js';
import { type StaffContext } from '../staff/staff.service.js';
import { VISIBILITIES, type Visibility } from './admin-catalog.schema.js';
import { hasForbiddenCharacters } from '../../http/hardening.js';
import { type CsvRecord, CsvError, csvLine, decodeUtf8, detectSeparator, parseCsv, restoreCell } from './csv.js';
import { refreshProductTotals } from './product-sync.js';
import { storedVisibility, visibilityOf } from './products.service.js';

/**
 * The catalogue as a spreadsheet (docs/back-office.md "CSV import and export"): one row per variant by
 * SKU with its prices, old prices, its product's visibility and a stock column per store. Export writes
 * the whole catalogue; import is a dry run (every change and every bad row, nothing written), then an
 * apply that plans again under row locks, refuses if the plan differs from the dry run's (the token),
 * and writes everything in one transaction.
 */

export const IMPORT_MAX_ROWS = 50_000;
const PRICE_COLUMNS = ['price_individual', 'price_legal', 'old_price_individual', 'old_price_legal'] as const;
type PriceColumn = (typeof PRICE_COLUMNS)[number];
const INFO_COLUMNS = ['product', 'options'];

const ROW_MESSAGES = {
  sku_empty: { uz: 'SKU boʻsh.', ru: 'Артикул (SKU) не указан.', en: 'The SKU is empty.' },
  sku_unknown: { uz: 'Bunday SKU li variant yoʻq.', ru: 'Варианта с таким артикулом нет.', en: 'No variant has this SKU.' },
  sku_repeated: { uz: 'Bu SKU {row}-qatorda ham bor.', ru: 'Этот артикул уже есть в строке {row}.', en: 'This SKU is also on row {row}.' },
  cells: { uz: 'Qatorda {n} ta ustun, sarlavhada {m} ta.', ru: 'В строке {n} столбцов, в заголовке {m}.', en: 'The row has {n} cells, the header {m}.' },
  number: { uz: 'Butun son emas: «{value}».', ru: 'Не целое число: «{value}».', en: 'Not a whole number: “{value}”.' },
  price: { uz: 'Narx 1 dan 2 000 000 000 soʻmgacha.', ru: 'Цена от 1 до 2 000 000 000 сумов.', en: 'The price is 1 to 2 000 000 000 soʻm.' },
  required: { uz: 'Toʻldirish shart.', ru: 'Обязательное поле.', en: 'This cell is required.' },
  old_price: { uz: 'Eski narx joriy narxdan yuqori boʻlishi kerak.', ru: 'Старая цена должна быть выше текущей.', en: 'The old price must be higher than the price.' },
  visibility: {
    uz: 'Koʻrinish: shown, hidden, wholesale yoki retail.',
    ru: 'Видимость: shown, hidden, wholesale или retail.',
    en: 'Visibility is one of shown, hidden, wholesale, retail.',
  },
  visibility_conflict: {
    uz: 'Shu tovarning {row}-qatori boshqa koʻrinishni koʻrsatadi.',
    ru: 'Строка {row} того же товара указывает другую видимость.',
    en: 'Row {row} of the same product gives another visibility.',
  },
  stock: { uz: 'Qoldiq 0 dan 1 000 000 gacha butun son.', ru: 'Остаток — целое число от 0 до 1 000 000.', en: 'Stock is a whole number from 0 to 1 000 000.' },
  archived: { uz: 'Bu tovar arxivda.', ru: 'Этот товар в архиве.', en: 'This product is archived.' },
} satisfies Record<string, Localized>;

const FILE_REASONS = {
  not_utf8: { uz: 'fayl UTF-8 matn emas', ru: 'файл не является текстом в UTF-8', en: 'the file is not UTF-8 text' },
  empty: { uz: 'fayl boʻsh', ru: 'файл пустой', en: 'the file is empty' },
  unclosed_quote: { uz: 'yopilmagan qoʻshtirnoq', ru: 'незакрытая кавычка', en: 'a quote is not closed' },
  no_sku: { uz: '«sku» ustuni yoʻq', ru: 'нет столбца «sku»', en: 'there is no “sku” column' },
  unknown_column: { uz: 'nomaʼlum ustun «{column}»', ru: 'неизвестный столбец «{column}»', en: 'unknown column “{column}”' },
  unknown_store: { uz: '«{column}»: bunday doʻkon kodi yoʻq', ru: '«{column}»: нет магазина с таким кодом', en: '“{column}”: no store has this code' },
  repeated_column: { uz: '«{column}» ustuni ikki marta', ru: 'столбец «{column}» повторяется', en: 'the column “{column}” is repeated' },
  too_many_rows: { uz: '{max} qatordan koʻp', ru: 'больше {max} строк', en: 'more than {max} rows' },
  invalid_characters: {
    uz: '{row}-qator, «{column}» ustuni: yaroqsiz belgilar (masalan, boshqaruv belgilari)',
    ru: 'строка {row}, столбец «{column}»: недопустимые символы (например, управляющие)',
    en: 'row {row}, column “{column}”: characters that are not allowed (such as control characters)',
  },
} satisfies Record<string, Localized>;

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
const fileError = (reason: keyof typeof FILE_REASONS, lang: Lang, params: Record<string, string | number> = {}) =>
  new AppError('IMPORT_FILE_INVALID', 422, {
    params: { reason: fill(FILE_REASONS[reason][lang], params) },
    fields: { file: reason === 'invalid_characters' ? 'invalid_characters' : 'invalid' },
  });

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

interface VariantState {
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

interface Plan {
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

/**
 * What an import changed, as the audit rows a change made by hand writes, so a product's or a variant's
 * own history has it: a `product.update` per product (its variants' prices that changed, its visibility;
 * as in the product form's rows) and a `stock.move` per variant and store (reason `import`), each naming
 * the file.
 */
function importAuditEntries(p: Plan, fileName: string): AuditEntry[] {
  const file_name = fileName.slice(0, 200);
  const byProduct = new Map<number, VariantState[]>();
  for (const v of p.variants.values()) {
    const variants = byProduct.get(v.product_id);
    if (variants) variants.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  const products: AuditEntry[] = [];
  for (const [productId, variants] of byProduct) {
    const priced = variants.filter((v) => p.prices.has(v.id)).sort((a, b) => a.id - b.id);
    const before: Record<string, unknown> = { file_name };
    const after: Record<string, unknown> = { file_name };
    if (priced.length > 0) {
      const prices = (v: Pick<VariantState, PriceColumn>) => Object.fromEntries(PRICE_COLUMNS.map((c) => [c, v[c]]));
      before.variants = priced.map((v) => ({ id: v.id, sku: v.sku, ...prices(v) }));
      after.variants = priced.map((v) => ({ id: v.id, sku: v.sku, ...prices(p.prices.get(v.id)!) }));
    }
    const visibility = p.visibility.get(productId);
    if (visibility !== undefined) {
      before.visibility = visibilityOf(variants[0]!.status, variants[0]!.visible_to);
      after.visibility = visibility;
    }
    if (Object.keys(after).length > 1) products.push({ action: 'product.update', entity: 'product', entityId: productId, before, after });
  }
  const stock: AuditEntry[] = p.stock.map((s) => {
    const sku = p.variants.get(s.variantId)?.sku ?? '';
    return {
      action: 'stock.move',
      entity: 'variant',
      entityId: s.variantId,
      before: { sku, store_id: s.storeId, quantity: s.before },
      after: { sku, store_id: s.storeId, quantity: s.after, reason: 'import', note: file_name },
    };
  });
  return [...products, ...stock];
}

/**
 * The import, its dry run and the export read or write the whole catalogue, so each runs as a long job
 * (Database.longJob): its own connection and budget (DatabaseLimits.longJobMs, 60 s), past which PostgreSQL
 * ends it and everything it wrote is undone — the apply's row locks never hold a checkout up longer than
 * that. An import cut so answers 503 IMPORT_TIMED_OUT.
 */
async function asLongJob<T>(longJob: Database['longJob'], work: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await longJob(work);
  } catch (err) {
    if (err instanceof LongJobTimeoutError) throw new AppError('IMPORT_TIMED_OUT', 503, { params: { limit: Math.ceil(err.budgetMs / 1000) }, retryAfter: 60, cause: err });
    throw err;
  }
}

export function createCatalogImportService(deps: { db: Db; clock: Clock; audit: AuditService; onChange: () => void; longJob: Database['longJob'] }) {

  async function storeList(tx: DbOrTx) {
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
    const storeByCode = new Map((await storeList(tx)).map((s) => [s.code.toLowerCase(), s.id]));
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
  async function plan(tx: DbOrTx, data: Buffer, lang: Lang, lock: boolean): Promise<Plan> {
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
    const stockRows = await queryRows<{ variant_id: number; store_id: number; quantity: number }>(
      tx,
      sql`select variant_id, store_id, quantity from variant_stock where variant_id = any(${sql.param(variantIds)}::int[])
          order by variant_id, store_id ${lock ? sql`for update` : sql``}`,
    );
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

  const tokenOf = (data: Buffer, p: Plan) => createHash('sha256').update(data).update(JSON.stringify(p.changes)).digest('base64url');

  async function dryRun(data: Buffer, fileName: string, lang: Lang) {
    const p = await asLongJob(deps.longJob, (db) => plan(db, data, lang, false));
    return { file_name: fileName, token: tokenOf(data, p), counts: p.counts, changes: p.changes, errors: p.errors };
  }

  async function apply(ctx: StaffContext, data: Buffer, fileName: string, token: string | undefined, lang: Lang) {
    const now = deps.clock.now();
    const counts = await asLongJob(deps.longJob, (db) =>
      db.transaction(async (tx) => {
        const p = await plan(tx, data, lang, true);
        if (p.errors.length > 0) {
          throw new AppError('IMPORT_INVALID', 422, {
            params: { count: p.counts.bad_rows },
            extra: { report: { file_name: fileName, token: tokenOf(data, p), counts: p.counts, changes: p.changes, errors: p.errors } },
          });
        }
        if (token !== undefined && token !== tokenOf(data, p)) throw new AppError('IMPORT_STALE', 409);
        // Each write is one statement over arrays (unnest), whatever the number of rows.
        const prices = [...p.prices.entries()];
        if (prices.length > 0) {
          await tx.execute(sql`update variants v set price_individual = x.pi, price_legal = x.pl, old_price_individual = x.opi, old_price_legal = x.opl
            from unnest(${sql.param(prices.map(([id]) => id))}::int[], ${sql.param(prices.map(([, v]) => v.price_individual))}::int[],
                        ${sql.param(prices.map(([, v]) => v.price_legal))}::int[], ${sql.param(prices.map(([, v]) => v.old_price_individual))}::int[],
                        ${sql.param(prices.map(([, v]) => v.old_price_legal))}::int[]) as x(id, pi, pl, opi, opl)
            where v.id = x.id`);
        }
        const visibility = [...p.visibility.entries()].map(([id, v]) => ({ id, ...storedVisibility(v) }));
        if (visibility.length > 0) {
          await tx.execute(sql`update products p set status = x.status, visible_to = x.visible_to, updated_at = ${now}
            from unnest(${sql.param(visibility.map((v) => v.id))}::int[], ${sql.param(visibility.map((v) => v.status))}::text[],
                        ${sql.param(visibility.map((v) => v.visibleTo))}::text[]) as x(id, status, visible_to)
            where p.id = x.id`);
        }
        if (p.stock.length > 0) {
          const variantIds = sql.param(p.stock.map((s) => s.variantId));
          const storeIds = sql.param(p.stock.map((s) => s.storeId));
          await tx.execute(sql`insert into variant_stock (variant_id, store_id, quantity)
            select * from unnest(${variantIds}::int[], ${storeIds}::int[], ${sql.param(p.stock.map((s) => s.after))}::int[])
            on conflict (variant_id, store_id) do update set quantity = excluded.quantity`);
          await tx.execute(sql`insert into stock_movements (variant_id, store_id, delta, quantity_after, reason, note, staff_id, at)
            select x.variant_id, x.store_id, x.delta, x.after, 'import', ${fileName.slice(0, 200)}, ${ctx.staff.id}::int, ${now}::timestamptz
            from unnest(${variantIds}::int[], ${storeIds}::int[], ${sql.param(p.stock.map((s) => s.after - s.before))}::int[],
                        ${sql.param(p.stock.map((s) => s.after))}::int[]) as x(variant_id, store_id, delta, after)`);
        }
        await refreshProductTotals(tx, [...p.productIds], now);
        await deps.audit.recordMany(tx, { staffId: ctx.staff.id }, [
          {
            action: 'catalog.import',
            entity: 'catalog',
            entityId: 'csv',
            before: null,
            after: { file_name: fileName, ...p.counts, price_rows: p.prices.size, visibility_products: p.visibility.size, stock_moves: p.stock.length },
          },
          ...importAuditEntries(p, fileName),
        ]);
        return p.counts;
      }),
    );
    if (counts.changes > 0) deps.onChange();
    return { file_name: fileName, counts };
  }

  /** The whole catalogue (archived products left out) in the import's format: `;`, with a BOM for Excel. */
  async function exportCsv(): Promise<string> {
    // A long job for its budget only (one statement over the whole catalogue); a time-out is a plain 503.
    return deps.longJob((db) => exportFrom(db));
  }

  async function exportFrom(db: Db): Promise<string> {
    const storesList = await storeList(db);
    const header = ['sku', 'product', 'options', ...PRICE_COLUMNS, 'visibility', ...storesList.map((s) => `stock:${s.code}`)];
    const rows = await queryRows<VariantState & { name: Localized; options: VariantOption[]; stock: Record<string, number> | null }>(
      db,
      sql`select v.id, v.sku, v.product_id, v.price_individual, v.price_legal, v.old_price_individual, v.old_price_legal, p.status, p.visible_to,
            p.name, v.options, (select jsonb_object_agg(s.store_id::text, s.quantity) from variant_stock s where s.variant_id = v.id) as stock
          from variants v join products p on p.id = v.product_id where p.status <> 'archived' order by p.id, v.sort, v.id`,
    );
    const lines = [csvLine(header, ';')];
    for (const r of rows) {
      lines.push(
        csvLine(
          [
            r.sku,
            pick(r.name, 'uz'),
            r.options.map((o) => pick(o.label, 'uz')).join(', '),
            r.price_individual,
            r.price_legal,
            r.old_price_individual,
            r.old_price_legal,
            visibilityOf(r.status, r.visible_to),
            ...storesList.map((s) => r.stock?.[String(s.id)] ?? 0),
          ],
          ';',
        ),
      );
    }
    return `\ufeff${lines.join('\r\n')}\r\n`;
  }

  return { dryRun, apply, exportCsv };
}

export type CatalogImportService = ReturnType<typeof createCatalogImportService>;
