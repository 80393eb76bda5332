import { z } from 'zod';
import { storeDto } from '../content/index.js';
import { dbId } from '../../http/validation.js';

const slug = z.string().trim().min(1).max(120).regex(/^[a-z0-9-]+$/, 'invalid');

export const availabilityParams = z.strictObject({ slug: z.string().min(1).max(200) });
/** `region`: the delivery region to estimate for (a slug of the delivery settings); the default region when left out or unknown. */
export const availabilityQuery = z.object({ region: slug.optional() });

/** A calendar date in Tashkent, YYYY-MM-DD. */
const day = z.string();

export const availabilityAnswer = z.object({
  data: z.object({
    /** The shop's date now (Tashkent): "today" for the dates below. */
    today: day,
    /** Every pickup store, in the shop's order. */
    stores: z.array(storeDto),
    variants: z.array(
      z.object({
        id: z.number(),
        in_stock: z.boolean(),
        /** One entry per store of `stores`, in the same order. */
        stores: z.array(
          z.object({
            store_id: z.number(),
            level: z.enum(['in', 'few', 'out']),
            /** Pieces in the store, at most 10; `more`: there are more than 10. */
            quantity: z.number(),
            more: z.boolean(),
            /** When an order placed now can be picked up there; null when the store has none. */
            pickup: day.nullable(),
          }),
        ),
        /** Courier delivery of one piece to `courier.region`; null while the variant is sold out. */
        courier: z.object({ fee: z.number(), from: day.nullable(), to: day.nullable() }).nullable(),
      }),
    ),
    /** The region the courier estimate is for; null when the shop has no delivery regions. */
    courier: z
      .object({
        region: z.object({ slug: z.string(), name: z.string() }),
        /** The region's delivery days as the settings say them ("1–2"). */
        days: z.string(),
        /** Delivery is free from this goods total. */
        free_from: z.number(),
      })
      .nullable(),
    /** Express delivery in that region (`express_available` of the delivery settings) and the shop's note on it. */
    express: z.object({ available: z.boolean(), note: z.string() }),
    /** Pickup rule: orders before this time (Tashkent) are ready the same day; the shop's pickup note. */
    pickup: z.object({ same_day_before: z.string(), note: z.string() }),
  }),
});
export type Availability = z.infer<typeof availabilityAnswer>['data'];

/** POST /api/cart/availability: the cart's lines (ids and quantities only, as the order API reads them). */
export const cartAvailabilityBody = z.strictObject({
  items: z
    .array(z.object({ product_id: dbId, variant_id: dbId.optional(), quantity: z.number().int().min(1).max(999) }))
    .min(1)
    .max(100),
});

export const cartAvailabilityAnswer = z.object({
  data: z.object({
    /** The shop's date now (Tashkent). */
    today: day,
    /** Lines of the cart that are on sale (lines of one variant counted once); the stores' counts are out of this. */
    items_count: z.number(),
    /** Every pickup store: those with the whole cart first, then those with most of it, each group in the shop's order. */
    stores: z.array(
      z.object({
        store_id: z.number(),
        /** `all` every line in the wanted quantity, `part` some of them, `none` none. */
        status: z.enum(['all', 'part', 'none']),
        /** How many of the lines the store has in the wanted quantity (never how many pieces it holds). */
        available_items: z.number(),
        /** When the whole order could be picked up there if placed now; null unless `all`. */
        pickup: day.nullable(),
      }),
    ),
  }),
});
export type CartAvailability = z.infer<typeof cartAvailabilityAnswer>['data'];
