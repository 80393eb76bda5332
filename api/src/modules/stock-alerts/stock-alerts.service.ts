import { sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client.js';
import { type VariantOption, stockAlerts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { createLeasedJob } from '../../lib/leased-job.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuthContext } from '../auth/auth.service.js';
import { visibleTo } from '../catalog/visibility.js';
import { backInStockSmsText } from './stock-alerts.text.js';

const BATCH = 100;
/** How many variants one shopper may wait for at a time. */
export const MAX_WAITING = 50;

interface AlertRow {
  variant_id: number;
  product_id: number;
  product_slug: string;
  created_at: string | Date;
}

interface DueRow {
  id: number;
  phone: string;
  lang: Lang;
  origin: string | null;
  slug: string;
  name: Localized;
  options: VariantOption[];
  variants_count: number;
}

const alertDto = (r: AlertRow) => ({ variant_id: r.variant_id, product_id: r.product_id, product_slug: r.product_slug, created_at: new Date(r.created_at).toISOString() });

/**
 * "Notify me when in stock" (issue 12). A signed-in shopper waits for a variant (one row per customer and
 * variant, so subscribing twice is one alert); a sweep, every API process on the reconciler's interval and
 * one at a time through the `stock-alerts` lease, finds waiting alerts whose variant has stock in any store
 * and texts each shopper once, in the language of the page they subscribed on. A sweep rather than a hook
 * where stock changes: stock comes back by cancellations, failed or expired payments, staff and imports,
 * and the sweep sees all of them without any of them knowing about alerts.
 *
 * Each alert is claimed (`notified_at` set, compare-and-set on null) before its SMS is sent and released
 * again if the provider fails, so it is texted at most once; a crash between the two loses that one text
 * rather than sending two.
 */
export function createStockAlerts(deps: { db: Db; clock: Clock; sms: SmsProvider; log: FastifyBaseLogger; intervalS: number; publicUrl: string | undefined }) {
  const { db } = deps;

  async function list(auth: AuthContext) {
    const rows = await queryRows<AlertRow>(
      db,
      sql`select a.variant_id, v.product_id, p.slug as product_slug, a.created_at
          from stock_alerts a join variants v on v.id = a.variant_id join products p on p.id = v.product_id
          where a.customer_id = ${auth.customer.id} and a.notified_at is null
          order by a.created_at desc, a.id desc`,
    );
    return rows.map(alertDto);
  }

  /** Waits for `variantId` (again, after an earlier text); the same answer however often it is asked. */
  async function subscribe(auth: AuthContext, variantId: number, lang: Lang, origin: string) {
    const customerId = auth.customer.id;
    const [variant] = await queryRows<{ product_id: number; product_slug: string }>(
      db,
      sql`select v.product_id, p.slug as product_slug from variants v join products p on p.id = v.product_id
          where v.id = ${variantId} and ${visibleTo(auth.customer.userType)}`,
    );
    if (!variant) throw new AppError('VALIDATION_FAILED', 422, { fields: { variant_id: 'invalid' } });
    const [waiting] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from stock_alerts where customer_id = ${customerId} and notified_at is null and variant_id <> ${variantId}`,
    );
    // `max` tells the page why (the field message alone is the generic "not valid")
    if ((waiting?.n ?? 0) >= MAX_WAITING) throw new AppError('VALIDATION_FAILED', 422, { fields: { variant_id: 'invalid' }, extra: { max: MAX_WAITING } });
    const now = deps.clock.now();
    const [row] = await db
      .insert(stockAlerts)
      .values({ customerId, variantId, lang, origin, createdAt: now })
      .onConflictDoUpdate({
        target: [stockAlerts.customerId, stockAlerts.variantId],
        set: {
          lang,
          origin,
          notifiedAt: null,
          // a repeated subscribe keeps its place; one after a text starts again
          createdAt: sql`case when ${stockAlerts.notifiedAt} is null then ${stockAlerts.createdAt} else excluded.created_at end`,
        },
      })
      .returning({ createdAt: stockAlerts.createdAt });
    return alertDto({ variant_id: variantId, ...variant, created_at: row?.createdAt ?? now });
  }

  /** Stops waiting for `variantId`; nothing to stop is not an error. */
  async function unsubscribe(auth: AuthContext, variantId: number): Promise<void> {
    await db.execute(sql`delete from stock_alerts where customer_id = ${auth.customer.id} and variant_id = ${variantId}`);
  }

  /** Waiting alerts of live customers whose variant has stock and whose product they may see. */
  const due = (limit: number) =>
    queryRows<DueRow>(
      db,
      sql`select a.id, c.phone, a.lang, a.origin, p.slug, p.name, v.options,
            (select count(*)::int from variants o where o.product_id = p.id) as variants_count
          from stock_alerts a
          join customers c on c.id = a.customer_id
          join variants v on v.id = a.variant_id
          join products p on p.id = v.product_id
          where a.notified_at is null
            and c.phone is not null and c.deleted_at is null and c.blocked_at is null
            and p.status = 'active' and (p.visible_to is null or p.visible_to = c.user_type)
            and exists (select 1 from variant_stock s where s.variant_id = a.variant_id and s.quantity > 0)
          order by a.id
          limit ${limit}`,
    );

  function smsFor(row: DueRow): string {
    const name = pick(row.name, row.lang);
    const option = row.variants_count > 1 ? row.options.map((o) => pick(o.label, row.lang)).join(', ') : '';
    const origin = deps.publicUrl ?? row.origin ?? '';
    return backInStockSmsText(option ? `${name} (${option})` : name, row.lang, `${origin}/${row.lang}/products/${row.slug}`);
  }

  async function sweep(): Promise<number> {
    const now = deps.clock.now();
    let sent = 0;
    for (const row of await due(BATCH)) {
      const claimed = await queryRows<{ id: number }>(
        db,
        sql`update stock_alerts set notified_at = ${now.toISOString()}::timestamptz where id = ${row.id} and notified_at is null returning id`,
      );
      if (claimed.length === 0) continue;
      try {
        await deps.sms.send({ phone: row.phone, text: smsFor(row) });
        sent++;
      } catch (err) {
        // not texted: wait for the next pass
        await db.execute(sql`update stock_alerts set notified_at = null where id = ${row.id} and notified_at = ${now.toISOString()}::timestamptz`);
        deps.log.warn({ err, alert: row.id }, 'back-in-stock SMS not sent; will retry');
      }
    }
    if (sent > 0) deps.log.info({ sent }, 'back-in-stock texts sent');
    return sent;
  }

  const job = createLeasedJob({ db, clock: deps.clock, log: deps.log, name: 'stock alerts', lease: 'stock-alerts', intervalS: deps.intervalS, idle: 0, run: sweep });

  return {
    list,
    subscribe,
    unsubscribe,
    /** One pass now (tests drive it); answers how many shoppers were texted. */
    sweepOnce: job.once,
    start: job.start,
    stop: job.stop,
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
