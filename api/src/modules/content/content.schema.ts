import { z } from 'zod';
import { PAYMENT_METHODS } from '../../db/schema/index.js';

export const storeDto = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  phone: z.string(),
  hours: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export const storesAnswer = z.object({ data: z.array(storeDto) });

/** A home-page banner (also in the catalogue's home answer). */
export const slideDto = z
  .object({
    id: z.number(),
    image_url: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    /** A path without the language prefix. */
    link: z.string(),
  })
  .meta({ id: 'Slide' });
export type SlideDto = z.infer<typeof slideDto>;
export const slidesAnswer = z.object({ data: z.array(slideDto) });

const named = z.object({ slug: z.string(), name: z.string() });
export const deliverySettingsAnswer = z.object({
  data: z.object({
    currency: z.literal('UZS'),
    delivery_sum: z.number(),
    free_delivery_threshold: z.number(),
    default_region: z.string(),
    regions: z.array(
      named.extend({
        cities: z.array(named),
        tariff: z.object({ base_fee: z.number(), base_weight_g: z.number(), per_kg_fee: z.number() }),
        days: z.string(),
        express_available: z.boolean(),
      }),
    ),
    express: z.object({ regions: z.array(z.string()), note: z.string() }),
    pickup: z.object({ fee: z.number(), note: z.string() }),
    /**
     * The ways to pay that `POST /api/orders/` takes from this API now, in the order a checkout offers
     * them: `cash` always, `card` with a card provider, `payme` / `click` when configured (always in the sandbox).
     */
    payment_methods: z.array(z.enum(PAYMENT_METHODS)),
  }),
});
