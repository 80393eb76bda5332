import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { type Db, type DbOrTx } from '../../db/client.js';
import { auditLog, products, staff } from '../../db/schema/index.js';
import { pageMeta } from '../../http/validation.js';
import { type Clock } from '../../lib/clock.js';

/** What the content pages of the back office change (content module). */
export type ContentEntity = 'category' | 'brand' | 'slide' | 'post' | 'page' | 'store' | 'delivery';

/** What the catalogue pages of the back office change (the catalog module's admin side, and inventory for stock). */
export type CatalogEntity = 'product' | 'variant' | 'catalog';

/**
 * Every kind of object the log records and every action: the one list the API writes, filters by and
 * answers with (an enum in the contract, so the back office's filter and labels cover each one).
 */
export const AUDIT_ENTITIES = ['order', 'customer', 'staff', 'session', 'category', 'brand', 'slide', 'post', 'page', 'store', 'delivery', 'product', 'variant', 'catalog'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'order.status',
  'order.hold_extended',
  'order.labels_set',
  'order.note',
  'order.payment',
  'order.refund_retry',
  'customer.update',
  'customer.delete',
  'staff.create',
  'staff.update',
  'staff.end_sessions',
  'staff.sign_in',
  'staff.sign_out',
  'product.create',
  'product.update',
  'product.archive',
  'product.images',
  'stock.move',
  'catalog.import',
  'category.create',
  'category.update',
  'category.move',
  'category.picture',
  'category.delete',
  'brand.create',
  'brand.update',
  'brand.logo',
  'slide.create',
  'slide.update',
  'slide.picture',
  'slide.order',
  'slide.delete',
  'post.create',
  'post.update',
  'post.publish',
  'post.unpublish',
  'post.cover',
  'post.delete',
  'page.update',
  'page.publish',
  'page.unpublish',
  'store.update',
  'delivery.settings',
  'delivery.region_create',
  'delivery.region_update',
  'delivery.region_delete',
  'delivery.region_order',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who made a change: a signed-in staff member, a command run on the server (`pnpm staff:add`), a payment
 * provider's call (Payme's or Click's callback settling or cancelling a payment), or a customer acting on
 * their own account (deleting it). Beside `staff_id`, the others are kept in `after` as `_command`,
 * `_provider` or `_customer`, and the list answers them as `actor`.
 */
export type Actor = { staffId: number } | { command: string } | { provider: 'payme' | 'click' } | { customerId: number };

/** The non-staff actor's mark in `after`. */
function actorMark(actor: Actor): Record<string, unknown> | null {
  if ('command' in actor) return { _command: actor.command };
  if ('provider' in actor) return { _provider: actor.provider };
  if ('customerId' in actor) return { _customer: actor.customerId };
  return null;
}

/** Who an entry says made it, as the list answers it. */
export type AuditActor = { kind: 'staff'; staff_id: number } | { kind: 'command'; name: string } | { kind: 'provider'; name: 'payme' | 'click' } | { kind: 'customer'; customer_id: number };

function actorOf(staffId: number | null, after: Record<string, unknown> | null): AuditActor {
  if (staffId !== null) return { kind: 'staff', staff_id: staffId };
  if (after && (after._provider === 'payme' || after._provider === 'click')) return { kind: 'provider', name: after._provider };
  if (after && typeof after._customer === 'number') return { kind: 'customer', customer_id: after._customer };
  return { kind: 'command', name: typeof after?._command === 'string' ? after._command : 'system' };
}

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditQuery {
  staffId?: number;
  entity?: AuditEntity;
  entityId?: string;
  action?: AuditAction;
  /** Dates (YYYY-MM-DD) in Tashkent time; `to` includes its whole day. */
  from?: string;
  to?: string;
  page: number;
  perPage: number;
}

/** Tashkent is UTC+5 all year: a calendar day there starts at 19:00 UTC the day before. */
export function tashkentDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+05:00`);
}

/** Rows per insert statement (7 parameters each, well under PostgreSQL's 65 535). */
const AUDIT_BATCH = 1000;

/**
 * The audit log: every staff write records who, when, what and the values before → after, in the
 * same transaction as the write (a change without its row cannot happen). Rows are never changed.
 */
export function createAuditService(deps: { db: Db; clock: Clock }) {
  /** Several entries of one change (a CSV import: a row per product and per stock move), a few statements in all. */
  async function recordMany(tx: DbOrTx, actor: Actor, entries: AuditEntry[]): Promise<void> {
    const at = deps.clock.now();
    const staffId = 'staffId' in actor ? actor.staffId : null;
    const rows = entries.map((entry) => ({
      at,
      staffId,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      before: entry.before,
      after: actorMark(actor) ? { ...entry.after, ...actorMark(actor) } : entry.after,
    }));
    for (let i = 0; i < rows.length; i += AUDIT_BATCH) await tx.insert(auditLog).values(rows.slice(i, i + AUDIT_BATCH));
  }

  return {
    recordMany,

    async record(tx: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
      await recordMany(tx, actor, [entry]);
    },

    async list(query: AuditQuery) {
      const where: SQL[] = [];
      if (query.staffId) where.push(eq(auditLog.staffId, query.staffId));
      if (query.entity) where.push(eq(auditLog.entity, query.entity));
      if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
      if (query.action) where.push(eq(auditLog.action, query.action));
      if (query.from) where.push(gte(auditLog.at, tashkentDayStart(query.from)));
      if (query.to) where.push(lt(auditLog.at, new Date(tashkentDayStart(query.to).getTime() + 86_400_000)));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        deps.db
          .select({ row: auditLog, staffName: staff.name, staffPhone: staff.phone })
          .from(auditLog)
          .leftJoin(staff, eq(staff.id, auditLog.staffId))
          .where(condition)
          .orderBy(desc(auditLog.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        deps.db.select({ n: count() }).from(auditLog).where(condition),
      ]);
      // A product's entry keeps only what changed, so its name is read from the product as it is now
      // (a price change would otherwise say "Product #12" and nothing more).
      const productIds = [...new Set(rows.filter(({ row }) => row.entity === 'product').map(({ row }) => Number(row.entityId)))].filter(
        (id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647,
      );
      const productNames = new Map(
        productIds.length > 0
          ? (await deps.db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds))).map((p) => [String(p.id), p.name])
          : [],
      );
      return {
        data: rows.map(({ row, staffName, staffPhone }) => ({
          id: row.id,
          at: row.at.toISOString(),
          staff: row.staffId !== null ? { id: row.staffId, name: staffName ?? '', phone: staffPhone ?? '' } : null,
          actor: actorOf(row.staffId, row.after),
          action: row.action as AuditAction,
          entity: row.entity as AuditEntity,
          entity_id: row.entityId,
          entity_name: row.entity === 'product' ? (productNames.get(row.entityId) ?? null) : null,
          before: row.before,
          after: row.after,
        })),
        meta: pageMeta(query.page, query.perPage, total?.n ?? 0),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
