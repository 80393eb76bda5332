import { sql } from 'drizzle-orm';
import { type Database, type Db, LongJobTimeoutError, queryRows } from '../../db/client.js';
import { type VariantOption } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type AuditEntry, type AuditService } from '../audit/index.js';
import { refreshProductTotals, setStock, variantStockByStore } from '../inventory/index.js';
import { type StaffContext } from '../staff/index.js';
import { storedVisibility, visibilityOf } from './admin-product-view.js';
import { csvLine } from './csv.js';
import { PRICE_COLUMNS, type Plan, type PriceColumn, type VariantState, plan, storeCodes, tokenOf } from './import-plan.js';
import { refreshProductPrices, touchProducts } from './product-sync.js';

/**
 * The catalogue as a spreadsheet (docs/back-office.md "CSV import and export"): one row per variant by
 * SKU with its prices, old prices, its product's visibility and a stock column per store. Export writes
 * the whole catalogue; import is a dry run (every change and every bad row, nothing written), then an
 * apply that plans again under row locks, refuses if the plan differs from the dry run's (the token),
 * and writes everything in one transaction.
 */

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
        await setStock(tx, p.stock, 'import', fileName.slice(0, 200), { staffId: ctx.staff.id, at: now });
        await refreshProductPrices(tx, [...p.productIds], now);
        // A product whose stock total moved was changed by staff now, as one whose prices moved.
        await touchProducts(tx, await refreshProductTotals(tx, { productIds: [...p.productIds] }), now);
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
    const storesList = await storeCodes(db);
    const header = ['sku', 'product', 'options', ...PRICE_COLUMNS, 'visibility', ...storesList.map((s) => `stock:${s.code}`)];
    const rows = await queryRows<VariantState & { name: Localized; options: VariantOption[]; stock: Record<string, number> | null }>(
      db,
      sql`select v.id, v.sku, v.product_id, v.price_individual, v.price_legal, v.old_price_individual, v.old_price_legal, p.status, p.visible_to,
            p.name, v.options, ${variantStockByStore(sql`v.id`)} as stock
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
