import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { type AccountType } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type CatalogService, pricedVariants, visibleTo } from '../catalog/index.js';
import { DEFAULT_REGION, type ShopInfoService } from '../content/index.js';
import { courierFee } from '../orders/index.js';
import { type Availability, type CartAvailability } from './availability.schema.js';
import { PICKUP_SAME_DAY_BEFORE_H, parseDays, pickupDate, shopDate, shownStock } from './availability.rules.js';

/**
 * What the product page says about getting a product (issue 12): stock per pickup store (levels, not
 * exact large numbers), when it can be picked up, and the courier and express estimate for a region —
 * from the same delivery settings and fee rule the checkout and `POST /api/orders/` use.
 */
export function createAvailabilityService(deps: {
  db: Db;
  clock: Clock;
  /** The catalogue, which owns variants and their stock. */
  catalog: Pick<CatalogService, 'variants'>;
  /** The content module, which owns the stores and the delivery settings. */
  shopInfo: Pick<ShopInfoService, 'storeRows' | 'deliveryRows'>;
}) {
  const { catalog, shopInfo } = deps;

  async function forProduct(slug: string, ctx: { lang: Lang; account: AccountType }, regionSlug?: string): Promise<Availability> {
    const [product] = await queryRows<{ id: number; weight_grams: number }>(
      deps.db,
      sql`select p.id, p.weight_grams from products p where p.slug = ${slug} and ${visibleTo(ctx.account)}`,
    );
    if (!product) throw notFound();
    const [variants, stores, { settings, regions }] = await Promise.all([
      catalog.variants([product.id], ctx.account),
      shopInfo.storeRows(),
      shopInfo.deliveryRows(),
    ]);
    if (!settings) throw new AppError('SERVICE_UNAVAILABLE', 503);
    const now = deps.clock.now();
    const pickup = pickupDate(now);
    // a region the shop no longer delivers to (a shopper's saved choice) is estimated as the default one
    const open = regions.filter((r) => r.active);
    const region = open.find((r) => r.slug === regionSlug) ?? open.find((r) => r.slug === DEFAULT_REGION) ?? open[0];
    const days = region ? parseDays(region.days) : null;

    return {
      today: shopDate(now),
      stores: stores.map((s) => ({
        id: s.id,
        slug: s.slug,
        name: pick(s.name, ctx.lang),
        address: pick(s.address, ctx.lang),
        landmark: s.landmark ? pick(s.landmark, ctx.lang) : null,
        phone: s.phone,
        hours: pick(s.hours, ctx.lang),
        location: { lat: s.lat, lng: s.lng },
      })),
      variants: variants.map((v) => {
        const total = v.stock.reduce((sum, s) => sum + Math.max(0, s.quantity), 0);
        return {
          id: v.id,
          in_stock: total > 0,
          stores: stores.map((s) => {
            const shown = shownStock(v.stock.find((row) => row.store_id === s.id)?.quantity ?? 0);
            return { store_id: s.id, ...shown, pickup: shown.level === 'out' ? null : pickup };
          }),
          courier:
            total > 0 && region
              ? {
                  fee: courierFee(region, settings, v.price, product.weight_grams),
                  from: days ? shopDate(now, days.min) : null,
                  to: days ? shopDate(now, days.max) : null,
                }
              : null,
        };
      }),
      courier: region ? { region: { slug: region.slug, name: pick(region.name, ctx.lang) }, days: region.days, free_from: settings.freeDeliveryThreshold } : null,
      express: { available: region?.expressAvailable ?? false, note: pick(settings.expressNote, ctx.lang) },
      pickup: { same_day_before: `${String(PICKUP_SAME_DAY_BEFORE_H).padStart(2, '0')}:00`, note: pick(settings.pickupNote, ctx.lang) },
    };
  }

  /**
   * Which pickup stores have a cart (checkout's store list): per store, how many of its lines it holds in
   * the wanted quantity — counts of lines, never pieces. Lines of products not on sale to the account
   * type are left out; lines of one variant are counted together, as an order counts them.
   */
  async function forCart(lines: Array<{ product_id: number; variant_id?: number; quantity: number }>, ctx: { account: AccountType }): Promise<CartAvailability> {
    const [rows, stores] = await Promise.all([pricedVariants(deps.db, [...new Set(lines.map((l) => l.product_id))], ctx.account, 'sellable'), shopInfo.storeRows()]);
    const wanted = new Map<number, { quantity: number; stock: Array<{ store_id: number; quantity: number }> }>();
    for (const line of lines) {
      // Without a variant, the product's first (as the cart and an order take it).
      const variant = rows.find((r) => r.product_id === line.product_id && (line.variant_id === undefined || r.variant_id === line.variant_id));
      if (!variant) continue;
      const prev = wanted.get(variant.variant_id);
      wanted.set(variant.variant_id, { quantity: (prev?.quantity ?? 0) + line.quantity, stock: variant.stock });
    }
    const now = deps.clock.now();
    const count = wanted.size;
    const perStore = stores.map((s, order) => {
      let available = 0;
      for (const w of wanted.values()) if ((w.stock.find((st) => st.store_id === s.id)?.quantity ?? 0) >= w.quantity) available++;
      const status = count > 0 && available === count ? ('all' as const) : available > 0 ? ('part' as const) : ('none' as const);
      return { order, entry: { store_id: s.id, status, available_items: available, pickup: status === 'all' ? pickupDate(now) : null } };
    });
    perStore.sort((a, b) => b.entry.available_items - a.entry.available_items || a.order - b.order);
    return { today: shopDate(now), items_count: count, stores: perStore.map((p) => p.entry) };
  }

  return { forProduct, forCart };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
