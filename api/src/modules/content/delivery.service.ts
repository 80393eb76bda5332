// Delivery as staff set it: the announced courier fee, the free-delivery threshold, the express and pickup
// notes, and the regions with their cities, tariffs, days and order. The checkout reckons with a change at once.
import { AppError, notFound } from '../../errors.js';
import { type DbOrTx } from '../../db/client.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type deliverySettingsPatch, normaliseDays, type regionCreate, type regionPatch } from './admin.schema.js';
import { DEFAULT_REGION } from './content.service.js';
import { type DeliverySettingsRow, type RegionRow, createDeliveryRepository } from './delivery.repository.js';
import { type ContentDeps, type In, type StaffContext, auditWith, diff, slugTaken } from './staff-edits.js';

const regionDto = (r: RegionRow) => ({
  slug: r.slug,
  name: r.name,
  cities: r.cities,
  base_fee: r.baseFee,
  base_weight_g: r.baseWeightG,
  per_kg_fee: r.perKgFee,
  days: r.days,
  express_available: r.expressAvailable,
  active: r.active,
  sort: r.sort,
});
const settingsView = (s: DeliverySettingsRow) => ({ delivery_sum: s.deliverySum, free_delivery_threshold: s.freeDeliveryThreshold, express_note: s.expressNote, pickup_note: s.pickupNote });
/** The columns a region's request sets (a patch sets only what it names). */
const regionValues = (body: Partial<In<typeof regionCreate>>) => ({
  ...(body.name ? { name: body.name } : {}),
  ...(body.cities ? { cities: body.cities } : {}),
  ...(body.base_fee !== undefined ? { baseFee: body.base_fee } : {}),
  ...(body.base_weight_g !== undefined ? { baseWeightG: body.base_weight_g } : {}),
  ...(body.per_kg_fee !== undefined ? { perKgFee: body.per_kg_fee } : {}),
  ...(body.days ? { days: normaliseDays(body.days) } : {}),
  ...(body.express_available !== undefined ? { expressAvailable: body.express_available } : {}),
  ...(body.active !== undefined ? { active: body.active } : {}),
});

export function createDeliveryService(deps: ContentDeps) {
  const { db } = deps;
  const audited = auditWith(deps.audit);

  /** The settings and every region, as the back office edits them. */
  async function delivery(tx: DbOrTx = db) {
    const repo = createDeliveryRepository(tx);
    const settings = await repo.settings();
    if (!settings) throw new AppError('SERVICE_UNAVAILABLE', 503);
    const regions = await repo.regions();
    return { delivery: { ...settingsView(settings), regions: regions.map(regionDto) } };
  }

  async function updateDeliverySettings(ctx: StaffContext, patch: In<typeof deliverySettingsPatch>) {
    return db.transaction(async (tx) => {
      const repo = createDeliveryRepository(tx);
      const before = await repo.lockSettings();
      if (!before) throw new AppError('SERVICE_UNAVAILABLE', 503);
      const after = await repo.updateSettings({
        ...(patch.delivery_sum !== undefined ? { deliverySum: patch.delivery_sum } : {}),
        ...(patch.free_delivery_threshold !== undefined ? { freeDeliveryThreshold: patch.free_delivery_threshold } : {}),
        ...(patch.express_note ? { expressNote: patch.express_note } : {}),
        ...(patch.pickup_note ? { pickupNote: patch.pickup_note } : {}),
      });
      const change = diff(settingsView(before), settingsView(after!));
      if (change) await audited(ctx, tx, 'delivery.settings', 'delivery', 'settings', change.before, change.after);
      return delivery(tx);
    });
  }

  async function createRegion(ctx: StaffContext, body: In<typeof regionCreate>) {
    return db.transaction(async (tx) => {
      const repo = createDeliveryRepository(tx);
      if (await repo.regionExists(body.slug)) throw slugTaken();
      const sort = (await repo.lastSort()) + 1;
      const values = regionValues(body);
      const row = await repo.insertRegion({
        slug: body.slug,
        name: body.name,
        cities: body.cities,
        baseFee: body.base_fee,
        baseWeightG: body.base_weight_g,
        perKgFee: body.per_kg_fee,
        days: values.days ?? body.days,
        expressAvailable: body.express_available,
        active: body.active ?? true,
        sort,
      });
      const { slug: _s, sort: _o, ...after } = regionDto(row);
      await audited(ctx, tx, 'delivery.region_create', 'delivery', body.slug, null, after);
      return delivery(tx);
    });
  }

  async function updateRegion(ctx: StaffContext, slug: string, patch: In<typeof regionPatch>, lang: Lang) {
    return db.transaction(async (tx) => {
      const repo = createDeliveryRepository(tx);
      const before = await repo.lockRegion(slug);
      if (!before) throw notFound();
      // the checkout and the product page's estimate start in the default region
      if (patch.active === false && slug === DEFAULT_REGION) throw new AppError('REGION_IS_DEFAULT', 409, { params: { name: pick(before.name, lang) } });
      const after = await repo.updateRegion(slug, regionValues(patch));
      const change = diff(regionDto(before), regionDto(after!));
      if (change) await audited(ctx, tx, 'delivery.region_update', 'delivery', slug, change.before, change.after);
      return delivery(tx);
    });
  }

  /**
   * Deletes a region added by mistake. One that orders went to stays (their pages show its name), and so
   * does the shop's default region (the product page's delivery estimate and the checkout start there).
   */
  async function deleteRegion(ctx: StaffContext, slug: string, lang: Lang) {
    return db.transaction(async (tx) => {
      const repo = createDeliveryRepository(tx);
      const row = await repo.lockRegion(slug);
      if (!row) throw notFound();
      const name = pick(row.name, lang);
      if (slug === DEFAULT_REGION) throw new AppError('REGION_IS_DEFAULT', 409, { params: { name } });
      const count = await repo.ordersTo(slug);
      if (count > 0) throw new AppError('REGION_HAS_ORDERS', 409, { params: { name, count }, extra: { orders_count: count } });
      await repo.removeRegion(slug);
      const { slug: _s, sort: _o, ...before } = regionDto(row);
      await audited(ctx, tx, 'delivery.region_delete', 'delivery', slug, before, null);
      return delivery(tx);
    });
  }

  /** Sets the regions' order: `slugs` first to last (every region once). */
  async function orderRegions(ctx: StaffContext, slugs: string[]) {
    return db.transaction(async (tx) => {
      const repo = createDeliveryRepository(tx);
      const rows = await repo.lockRegionSlugs();
      if (new Set(slugs).size !== slugs.length || slugs.length !== rows.length || !rows.every((r) => slugs.includes(r.slug))) {
        throw new AppError('VALIDATION_FAILED', 422, { fields: { slugs: 'invalid' } });
      }
      for (const [i, slug] of slugs.entries()) await repo.updateRegion(slug, { sort: i });
      await audited(ctx, tx, 'delivery.region_order', 'delivery', 'regions', { slugs: rows.map((r) => r.slug) }, { slugs });
      return delivery(tx);
    });
  }

  return { delivery: () => delivery(), updateDeliverySettings, createRegion, updateRegion, deleteRegion, orderRegions };
}
