import { type SQL, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.js';
import { stockMovements, stores, variantStock, variants } from '../../db/schema/index.js';
import { type VariantOption } from '../../db/schema/catalog.js';
import { AppError, notFound } from '../../errors.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuditService } from '../audit/audit.service.js';
import { type StaffContext } from '../staff/staff.service.js';
import { type MovementBody } from './admin-catalog.schema.js';
import { refreshProductTotals } from './product-sync.js';
import { lowCondition, openOrderCounts, variantDto } from './products.service.js';

type HistoryReason = 'received' | 'correction' | 'damaged' | 'import' | 'order' | 'order_released';

/**
 * Stock as staff change it: every change is a movement (received, correction, damaged; `import` from a
 * CSV) written with the row locked as checkout locks it, and the per-variant history that lists these
 * together with the orders' own takes and give-backs (order_stock_moves).
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
      // The same row lock checkout takes (orders.repository reserveStock): an order and a correction queue.
      await tx.insert(variantStock).values({ variantId, storeId: body.store_id, quantity: 0 }).onConflictDoNothing();
      const [row] = await queryRows<{ quantity: number }>(
        tx,
        sql`select quantity from variant_stock where variant_id = ${variantId} and store_id = ${body.store_id} for update`,
      );
      const current = row!.quantity;
      // The count the form showed: a correction must not undo a sale made meanwhile (orders already took their
      // units), and a delivery saved again after an answer that never arrived must not count twice.
      if (body.expected_quantity !== undefined && body.expected_quantity !== current) {
        throw new AppError('STOCK_CHANGED', 409, { params: { available: current }, extra: { available: current } });
      }
      let next: number;
      if (body.reason === 'received') next = current + body.quantity;
      else if (body.reason === 'damaged') {
        if (body.quantity > current) throw new AppError('STOCK_INSUFFICIENT', 409, { params: { available: current }, extra: { available: current } });
        next = current - body.quantity;
      } else next = body.quantity;
      await tx.update(variantStock).set({ quantity: next }).where(sql`${variantStock.variantId} = ${variantId} and ${variantStock.storeId} = ${body.store_id}`);
      const [m] = await tx
        .insert(stockMovements)
        .values({ variantId, storeId: body.store_id, delta: next - current, quantityAfter: next, reason: body.reason, note: body.note || null, staffId: ctx.staff.id, at: now })
        .returning({ id: stockMovements.id });
      await refreshProductTotals(tx, [variant.productId], now);
      await deps.audit.record(tx, { staffId: ctx.staff.id }, {
        action: 'stock.move',
        entity: 'variant',
        entityId: variantId,
        before: { sku: variant.sku, store_id: body.store_id, quantity: current },
        after: { sku: variant.sku, store_id: body.store_id, quantity: next, reason: body.reason, ...(body.note ? { note: body.note } : {}) },
      });
      return m!.id;
    });
    deps.onChange();
    const [history, variant] = await Promise.all([historyRows(variantId, lang, sql`h.id = ${`m${movementId}`}`, 1, 0), variantAnswer(variantId, lang)]);
    return { movement: history[0]!, variant };
  }

  async function variantAnswer(variantId: number, lang: Lang) {
    const [v] = await db.select().from(variants).where(eq(variants.id, variantId));
    if (!v) throw notFound();
    const [stock, held] = await Promise.all([db.select().from(variantStock).where(inArray(variantStock.variantId, [variantId])), openOrderCounts(db, [variantId])]);
    return variantDto(v, stock, await storeList(lang), deps.lowStockThreshold, held.get(variantId) ?? 0);
  }

  /** Staff movements and the orders' moves of one variant, newest first. */
  async function historyRows(variantId: number, lang: Lang, filter: SQL, limit: number, offset: number) {
    const rows = await queryRows<{
      id: string; at: string; store_id: number; reason: HistoryReason; delta: number; quantity_after: number | null; note: string | null;
      staff_id: number | null; staff_name: string | null; order_id: number | null; order_number: string | null;
    }>(
      db,
      sql`select h.*, st.name as staff_name, o.number as order_number from (
            select 'm' || m.id as id, m.id as seq, m.at, m.store_id, m.reason, m.delta, m.quantity_after, m.note, m.staff_id, null::bigint as order_id
              from stock_movements m where m.variant_id = ${variantId}
            union all
            select 'o' || x.id, x.id, o.created_at, x.store_id, 'order', -x.quantity, x.quantity_after, null, null, x.order_id
              from order_stock_moves x join orders o on o.id = x.order_id where x.variant_id = ${variantId}
            union all
            select 'r' || x.id, x.id, x.released_at, x.store_id, 'order_released', x.quantity, x.released_quantity_after, null, null, x.order_id
              from order_stock_moves x where x.variant_id = ${variantId} and x.released_at is not null
          ) h
          left join staff st on st.id = h.staff_id
          left join orders o on o.id = h.order_id
          where ${filter}
          order by h.at desc, h.seq desc limit ${limit} offset ${offset}`,
    );
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
    const [data, [count]] = await Promise.all([
      historyRows(variantId, lang, filter, query.per_page, (query.page - 1) * query.per_page),
      queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from (
              select store_id from stock_movements where variant_id = ${variantId}
              union all select store_id from order_stock_moves where variant_id = ${variantId}
              union all select store_id from order_stock_moves where variant_id = ${variantId} and released_at is not null
            ) h where ${filter}`,
      ),
    ]);
    return { data, meta: pageMeta(query.page, query.per_page, Number(count?.n ?? 0)) };
  }

  const low = lowCondition(deps.lowStockThreshold);
  const lowFrom = (storeId: number | undefined, productId?: number) =>
    sql`variant_stock s join variants v on v.id = s.variant_id join products p on p.id = v.product_id
        where p.status <> 'archived' and ${low}${storeId !== undefined ? sql` and s.store_id = ${storeId}` : sql``}${
          productId !== undefined ? sql` and p.id = ${productId}` : sql``
        }`;

  /** Variants under their threshold per store (a store account: its own store only). */
  async function lowStock(ctx: StaffContext, query: { store_id?: number; product_id?: number; page: number; per_page: number }, lang: Lang) {
    const storeId = ctx.staff.role === 'store' ? (ctx.staff.storeId ?? -1) : query.store_id;
    const [rows, [count], storesList] = await Promise.all([
      queryRows<{ variant_id: number; product_id: number; name: Localized; sku: string; options: VariantOption[]; images: string[]; store_id: number; quantity: number; threshold: number }>(
        db,
        sql`select v.id as variant_id, p.id as product_id, p.name, v.sku, v.options, p.images, s.store_id, s.quantity,
              coalesce(v.low_stock_threshold, ${deps.lowStockThreshold})::int as threshold
            from ${lowFrom(storeId, query.product_id)}
            order by s.quantity, p.id, v.sort, v.id, s.store_id limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
      ),
      queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${lowFrom(storeId, query.product_id)}`),
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
      meta: pageMeta(query.page, query.per_page, Number(count?.n ?? 0)),
    };
  }

  /** The dashboard's count of low stock rows (variant × store), for one store or all. */
  async function lowStockCount(storeId: number | undefined): Promise<number> {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${lowFrom(storeId)}`);
    return Number(row?.n ?? 0);
  }

  return { move, history, lowStock, lowStockCount };
}

export type AdminStockService = ReturnType<typeof createAdminStockService>;
