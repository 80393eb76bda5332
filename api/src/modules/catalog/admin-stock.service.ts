import { type SQL, asc, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx } from '../../db/client.js';
import { stores, variants } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuditService } from '../audit/index.js';
import { lowStockCount, lowStockRows, moveStock, stockHistory, stockHistoryCount, stockOf } from '../inventory/index.js';
import { type StaffContext } from '../staff/index.js';
import { type MovementBody } from './admin.schema.js';
import { openOrderCounts, variantDto } from './admin-product-view.js';
import { touchProducts } from './product-sync.js';

/**
 * Stock as staff change it in the back office: every change is a movement (received, correction, damaged;
 * `import` from a CSV) that inventory writes with the row locked as checkout locks it, and the per-variant
 * history that lists these together with the orders' own takes and give-backs.
 */
export function createAdminStockService(deps: { db: Db; clock: Clock; media: MediaStorage; audit: AuditService; lowStockThreshold: number; onChange: () => void }) {
  const { db } = deps;

  const storeList = async (lang: Lang, tx: DbOrTx = db) =>
    (await tx.select({ id: stores.id, code: stores.slug, name: stores.name }).from(stores).orderBy(asc(stores.sort), asc(stores.id))).map((s) => ({
      id: s.id,
      code: s.code,
      name: pick(s.name, lang),
    }));

  async function move(ctx: StaffContext, variantId: number, body: MovementBody, lang: Lang) {
    if (body.reason !== 'correction' && body.quantity < 1) throw new AppError('VALIDATION_FAILED', 422, { fields: { quantity: 'invalid' } });
    const now = deps.clock.now();
    const movementId = await db.transaction(async (tx) => {
      const [variant] = await tx.select({ id: variants.id, productId: variants.productId, sku: variants.sku }).from(variants).where(eq(variants.id, variantId));
      if (!variant) throw notFound();
      if (!(await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, body.store_id))).length) {
        throw new AppError('VALIDATION_FAILED', 422, { fields: { store_id: 'not_found_ref' } });
      }
      const m = await moveStock(
        tx,
        { variantId, storeId: body.store_id, reason: body.reason, quantity: body.quantity, expectedQuantity: body.expected_quantity, note: body.note || null },
        { staffId: ctx.staff.id, at: now },
      );
      // The product's stock total moved: staff changed it now (the product list's "updated").
      if (m.totalChanged) await touchProducts(tx, [variant.productId], now);
      await deps.audit.record(tx, { staffId: ctx.staff.id }, {
        action: 'stock.move',
        entity: 'variant',
        entityId: variantId,
        before: { sku: variant.sku, store_id: body.store_id, quantity: m.before },
        after: { sku: variant.sku, store_id: body.store_id, quantity: m.after, reason: body.reason, ...(body.note ? { note: body.note } : {}) },
      });
      return m.movementId;
    });
    deps.onChange();
    const [history, variant] = await Promise.all([historyRows(variantId, lang, sql`h.id = ${`m${movementId}`}`, 1, 0), variantAnswer(variantId, lang)]);
    return { movement: history[0]!, variant };
  }

  async function variantAnswer(variantId: number, lang: Lang) {
    const [v] = await db.select().from(variants).where(eq(variants.id, variantId));
    if (!v) throw notFound();
    const [stock, held] = await Promise.all([stockOf(db, [variantId]), openOrderCounts(db, [variantId])]);
    return variantDto(v, stock, await storeList(lang), deps.lowStockThreshold, held.get(variantId) ?? 0);
  }

  /** Staff movements and the orders' moves of one variant, newest first. */
  async function historyRows(variantId: number, lang: Lang, filter: SQL, limit: number, offset: number) {
    const rows = await stockHistory(db, variantId, filter, limit, offset);
    const storesById = new Map((await storeList(lang)).map((s) => [s.id, s]));
    return rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      store: storesById.get(r.store_id) ?? { id: r.store_id, code: '', name: '' },
      reason: r.reason,
      delta: Number(r.delta),
      quantity_after: r.quantity_after === null ? null : Number(r.quantity_after),
      note: r.note,
      staff: r.staff_id !== null ? { id: Number(r.staff_id), name: r.staff_name ?? '' } : null,
      order: r.order_id !== null ? { id: Number(r.order_id), number: r.order_number ?? '' } : null,
    }));
  }

  async function history(variantId: number, query: { store_id?: number; page: number; per_page: number }, lang: Lang) {
    if (!(await db.select({ id: variants.id }).from(variants).where(eq(variants.id, variantId))).length) throw notFound();
    const filter = query.store_id ? sql`h.store_id = ${query.store_id}` : sql`true`;
    const [data, count] = await Promise.all([
      historyRows(variantId, lang, filter, query.per_page, (query.page - 1) * query.per_page),
      stockHistoryCount(db, variantId, filter),
    ]);
    return { data, meta: pageMeta(query.page, query.per_page, count) };
  }

  /** Variants under their threshold per store (a store account: its own store only). */
  async function lowStock(ctx: StaffContext, query: { store_id?: number; product_id?: number; page: number; per_page: number }, lang: Lang) {
    const storeId = ctx.staff.role === 'store' ? (ctx.staff.storeId ?? -1) : query.store_id;
    const where = { storeId, productId: query.product_id };
    const [rows, count, storesList] = await Promise.all([
      lowStockRows(db, deps.lowStockThreshold, where, query.per_page, (query.page - 1) * query.per_page),
      lowStockCount(db, deps.lowStockThreshold, where),
      storeList(lang),
    ]);
    const byId = new Map(storesList.map((s) => [s.id, s]));
    return {
      data: rows.map((r) => ({
        variant_id: r.variant_id,
        product_id: r.product_id,
        product_name: pick(r.name, lang),
        sku: r.sku,
        options: r.options.map((o) => pick(o.label, lang)).join(', '),
        image_url: r.images[0] ? deps.media.url(r.images[0]) : null,
        store: byId.get(r.store_id) ?? { id: r.store_id, code: '', name: '' },
        quantity: r.quantity,
        threshold: r.threshold,
      })),
      meta: pageMeta(query.page, query.per_page, count),
    };
  }

  /** The dashboard's count of low stock rows (variant × store), for one store or all. */
  const lowStockCountOf = (storeId: number | undefined): Promise<number> => lowStockCount(db, deps.lowStockThreshold, { storeId });

  return { move, history, lowStock, lowStockCount: lowStockCountOf };
}

export type AdminStockService = ReturnType<typeof createAdminStockService>;
