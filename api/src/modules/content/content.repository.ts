import { and, asc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.js';
import { deliveryRegions, deliverySettings, slides, stores } from '../../db/schema/index.js';

/** SQL for the shop's stores, home banners and delivery settings. */
export function createContentRepository(db: DbOrTx) {
  return {
    listStores: () => db.select().from(stores).orderBy(asc(stores.sort), asc(stores.id)),
    /** The banners the shop shows at `now`: switched on, with a picture, within their dates. */
    listShownSlides: (now: Date) =>
      db
        .select()
        .from(slides)
        .where(and(eq(slides.active, true), isNotNull(slides.image), or(isNull(slides.startsAt), lte(slides.startsAt, now)), or(isNull(slides.endsAt), gt(slides.endsAt, now))))
        .orderBy(asc(slides.sort), asc(slides.id)),
    async deliverySettings() {
      const [settings] = await db.select().from(deliverySettings).where(eq(deliverySettings.key, 'default'));
      const regions = await db.select().from(deliveryRegions).orderBy(asc(deliveryRegions.sort));
      return { settings, regions };
    },
  };
}
