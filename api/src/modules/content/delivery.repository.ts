import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { deliveryRegions, deliverySettings } from '../../db/schema/index.js';

export type DeliverySettingsRow = typeof deliverySettings.$inferSelect;
export type RegionRow = typeof deliveryRegions.$inferSelect;

/** The one row of shop-wide settings. */
const DEFAULT_KEY = 'default';

/** SQL for the delivery settings and regions; content is the only writer of `delivery_settings` and `delivery_regions`. */
export function createDeliveryRepository(db: DbOrTx) {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  return {
    settings: async () => first(await db.select().from(deliverySettings).where(eq(deliverySettings.key, DEFAULT_KEY))),
    /** The settings row, locked until the transaction ends. */
    lockSettings: async () => first(await db.select().from(deliverySettings).where(eq(deliverySettings.key, DEFAULT_KEY)).for('update')),
    updateSettings: async (values: Partial<typeof deliverySettings.$inferInsert>) =>
      first(await db.update(deliverySettings).set(values).where(eq(deliverySettings.key, DEFAULT_KEY)).returning()),
    /** Every region in the shop's order, active or not. */
    regions: () => db.select().from(deliveryRegions).orderBy(asc(deliveryRegions.sort), asc(deliveryRegions.slug)),
    /** Every region's slug in the shop's order, locked until the transaction ends. */
    lockRegionSlugs: () => db.select({ slug: deliveryRegions.slug }).from(deliveryRegions).orderBy(asc(deliveryRegions.sort)).for('update'),
    /** The region, locked until the transaction ends. */
    lockRegion: async (slug: string) => first(await db.select().from(deliveryRegions).where(eq(deliveryRegions.slug, slug)).for('update')),
    regionExists: async (slug: string) => (await db.select({ slug: deliveryRegions.slug }).from(deliveryRegions).where(eq(deliveryRegions.slug, slug))).length > 0,
    /** The highest `sort`, 0 without any region. */
    lastSort: async () => {
      const [row] = await db.select({ sort: sql<number>`coalesce(max(${deliveryRegions.sort}), 0)::int` }).from(deliveryRegions);
      return row?.sort ?? 0;
    },
    insertRegion: async (values: typeof deliveryRegions.$inferInsert) => (await db.insert(deliveryRegions).values(values).returning())[0]!,
    updateRegion: async (slug: string, values: Partial<typeof deliveryRegions.$inferInsert>) =>
      first(await db.update(deliveryRegions).set(values).where(eq(deliveryRegions.slug, slug)).returning()),
    removeRegion: async (slug: string) => {
      await db.delete(deliveryRegions).where(eq(deliveryRegions.slug, slug));
    },
    /** Orders whose address is in the region (reads the orders module's `orders`: such a region cannot be deleted). */
    ordersTo: async (slug: string) => {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where address->>'region' = ${slug}`);
      return row?.n ?? 0;
    },
  };
}
