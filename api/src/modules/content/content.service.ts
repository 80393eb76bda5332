import { type Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { createDeliveryRepository } from './delivery.repository.js';
import { createSlideRepository } from './slides.repository.js';
import { createStoreRepository } from './stores.repository.js';

/** The region the shop starts from (the checkout's first choice, the product page's estimate); it cannot be deleted. */
export const DEFAULT_REGION = 'tashkent';

/** Stores, home slides and delivery settings, in the request's language. */
export function createShopInfoService(deps: { db: Db; media: MediaStorage; clock: Clock }) {
  const storeRepo = createStoreRepository(deps.db);
  const slideRepo = createSlideRepository(deps.db);
  const deliveryRepo = createDeliveryRepository(deps.db);
  /** The settings row (undefined before the seed) and every region, active or not. */
  const deliverySettings = async () => ({ settings: await deliveryRepo.settings(), regions: await deliveryRepo.regions() });
  return {
    /** The stores as rows, in the shop's order: how other modules read them (an order's pickup store, availability per store). */
    storeRows: () => storeRepo.list(),

    /** The delivery settings and regions as rows: what orders and availability reckon fees and dates from. */
    deliveryRows: deliverySettings,

    async stores(lang: Lang) {
      const rows = await storeRepo.list();
      return rows.map((s) => ({
        id: s.id,
        slug: s.slug,
        name: pick(s.name, lang),
        address: pick(s.address, lang),
        landmark: s.landmark ? pick(s.landmark, lang) : null,
        phone: s.phone,
        hours: pick(s.hours, lang),
        location: { lat: s.lat, lng: s.lng },
      }));
    },

    async slides(lang: Lang) {
      const rows = await slideRepo.listShown(deps.clock.now());
      return rows.flatMap((s) => (s.image ? [{ s, image: s.image }] : [])).map(({ s, image }) => ({
        id: s.id,
        image_url: deps.media.url(image),
        title: pick(s.title, lang),
        subtitle: s.subtitle ? pick(s.subtitle, lang) : null,
        link: s.link,
      }));
    },

    /** What the checkout offers: the regions the shop delivers to now (`active`), the default first among equals. */
    async deliverySettings(lang: Lang) {
      const { settings, regions: all } = await deliverySettings();
      const regions = all.filter((r) => r.active);
      if (!settings) throw new AppError('SERVICE_UNAVAILABLE', 503);
      return {
        currency: 'UZS' as const,
        delivery_sum: settings.deliverySum,
        free_delivery_threshold: settings.freeDeliveryThreshold,
        default_region: DEFAULT_REGION,
        regions: regions.map((r) => ({
          slug: r.slug,
          name: pick(r.name, lang),
          cities: r.cities.map((c) => ({ slug: c.slug, name: pick(c.name, lang) })),
          tariff: { base_fee: r.baseFee, base_weight_g: r.baseWeightG, per_kg_fee: r.perKgFee },
          days: r.days,
          express_available: r.expressAvailable,
        })),
        express: { regions: regions.filter((r) => r.expressAvailable).map((r) => r.slug), note: pick(settings.expressNote, lang) },
        pickup: { fee: 0, note: pick(settings.pickupNote, lang) },
      };
    },
  };
}

export type ShopInfoService = ReturnType<typeof createShopInfoService>;
