import { sql } from 'drizzle-orm';
import { type FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client.js';
import { type VariantOption, stockAlerts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { type Lang, type Localized, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { createLeasedJob } from '../../lib/leased-job.js';
import { SmsCapReachedError } from '../../providers/sms/capped.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuthContext } from '../auth/index.js';
import { visibleTo } from '../catalog/index.js';
import { hasStock, inStock } from '../inventory/index.js';
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
  quiet_until: string | Date | null;
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
 *
 * What a shopper can make the shop pay for is bounded (issue 36: one account texted 150 times in 70 s by
 * subscribing to in-stock variants after every sweep): a wish made while the variant has stock is not
 * texted until a sweep has seen the variant sold out (`armed`); one variant is texted to one shopper at most
 * once per `cooldownH`, however often they ask again (`quiet_until`); and `sms` stops at the phone's share
 * of the day's texts (services.ts: half of SMS_DAILY_CAP_PER_PHONE), the rest waiting for the next day.
 */
export function createStockAlerts(deps: {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  intervalS: number;
  publicUrl: string | undefined;
  /** STOCK_ALERT_COOLDOWN_H */
  cooldownH: number;
}) {
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
    const available = await inStock(db, variantId);
    const now = deps.clock.now();
    const [row] = await db
      .insert(stockAlerts)
      .values({ customerId, variantId, lang, origin, createdAt: now, armed: !available })
      .onConflictDoUpdate({
        target: [stockAlerts.customerId, stockAlerts.variantId],
        set: {
          lang,
          origin,
          notifiedAt: null,
          // a repeated subscribe keeps its place (and whether it is armed); one after a text starts again.
          // `quiet_until` is kept: asking again does not shorten the cool-down of the last text.
          createdAt: sql`case when ${stockAlerts.notifiedAt} is null then ${stockAlerts.createdAt} else excluded.created_at end`,
          armed: sql`case when ${stockAlerts.notifiedAt} is null then ${stockAlerts.armed} else excluded.armed end`,
        },
      })
      .returning({ createdAt: stockAlerts.createdAt });
    return alertDto({ variant_id: variantId, ...variant, created_at: row?.createdAt ?? now });
  }

  /** Stops waiting for `variantId`; nothing to stop is not an error. */
  async function unsubscribe(auth: AuthContext, variantId: number): Promise<void> {
    await db.execute(sql`delete from stock_alerts where customer_id = ${auth.customer.id} and variant_id = ${variantId}`);
  }

  /** Waiting, armed alerts out of their quiet time, of live customers whose variant has stock and whose product they may see. */
  const due = (limit: number, now: Date) =>
    queryRows<DueRow>(
      db,
      sql`select a.id, a.quiet_until, c.phone, a.lang, a.origin, p.slug, p.name, v.options,
            (select count(*)::int from variants o where o.product_id = p.id) as variants_count
          from stock_alerts a
          join customers c on c.id = a.customer_id
          join variants v on v.id = a.variant_id
          join products p on p.id = v.product_id
          where a.notified_at is null and a.armed and (a.quiet_until is null or a.quiet_until <= ${now.toISOString()}::timestamptz)
            and c.phone is not null and c.deleted_at is null and c.blocked_at is null
            and p.status = 'active' and (p.visible_to is null or p.visible_to = c.user_type)
            and ${hasStock(sql`a.variant_id`)}
          order by a.id
          limit ${limit}`,
    );

  function smsFor(row: DueRow): string {
    const name = pick(row.name, row.lang);
    const option = row.variants_count > 1 ? row.options.map((o) => pick(o.label, row.lang)).join(', ') : '';
    const origin = deps.publicUrl ?? row.origin ?? '';
    return backInStockSmsText(option ? `${name} (${option})` : name, row.lang, `${origin}/${row.lang}/products/${row.slug}`);
  }

  /** Arms the wishes made while their variant had stock, now that it has none (the next return is news). */
  const arm = () =>
    db.execute(sql`update stock_alerts a set armed = true
      where not a.armed and a.notified_at is null
        and not ${hasStock(sql`a.variant_id`)}`);

  async function sweep(): Promise<number> {
    const now = deps.clock.now();
    const at = now.toISOString();
    const cooledAt = new Date(now.getTime() + deps.cooldownH * 3600_000).toISOString();
    let sent = 0;
    await arm();
    for (const row of await due(BATCH, now)) {
      const claimed = await queryRows<{ id: number }>(
        db,
        sql`update stock_alerts set notified_at = ${at}::timestamptz, quiet_until = ${cooledAt}::timestamptz where id = ${row.id} and notified_at is null returning id`,
      );
      if (claimed.length === 0) continue;
      try {
        await deps.sms.send({ phone: row.phone, text: smsFor(row) });
        sent++;
      } catch (err) {
        // Not texted: waiting again, for the next pass (the provider failed) or until the phone may be texted again.
        const quiet = err instanceof SmsCapReachedError ? new Date(now.getTime() + err.retryAfterS * 1000) : row.quiet_until ? new Date(row.quiet_until) : null;
        await db.execute(
          sql`update stock_alerts set notified_at = null, quiet_until = ${quiet?.toISOString() ?? null}::timestamptz where id = ${row.id} and notified_at = ${at}::timestamptz`,
        );
        if (err instanceof SmsCapReachedError) deps.log.info({ alert: row.id, retryAfterS: err.retryAfterS }, 'back-in-stock SMS held back: the phone has had its texts for the day');
        else deps.log.warn({ err, alert: row.id }, 'back-in-stock SMS not sent; will retry');
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
