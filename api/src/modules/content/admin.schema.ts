// The back office's content and settings (docs/back-office.md "Content and settings"): requests and
// answers. Texts the shopper reads come in the three shop languages; a 422 names the field, e.g.
// `name.ru`, in the request's language.
import { z } from 'zod';
import { dbId, dbIdParam } from '../../http/validation.js';

/** A URL part: Latin lower-case letters, digits and single hyphens (`winter-sale`). */
export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug_invalid');

/** A text in uz, ru and en, each required. */
const localized = (max: number) =>
  z.strictObject({ uz: z.string().trim().min(1).max(max), ru: z.string().trim().min(1).max(max), en: z.string().trim().min(1).max(max) });
/** A text in uz, ru and en that may be left out altogether (all three empty → none). */
const optionalLocalized = (max: number) =>
  z
    .strictObject({ uz: z.string().trim().max(max), ru: z.string().trim().max(max), en: z.string().trim().max(max) })
    .superRefine((v, ctx) => {
      // any language filled → every language filled (the shop would otherwise show one language's text in another's page)
      if (v.uz || v.ru || v.en) for (const lang of ['uz', 'ru', 'en'] as const) if (!v[lang]) ctx.addIssue({ code: 'custom', path: [lang], message: 'required' });
    })
    .nullable();
const localizedDto = z.object({ uz: z.string(), ru: z.string(), en: z.string() });

/** Where a banner leads: a path of the shop without the language (`/catalog?discounted=true`); the shop adds `/uz` etc. */
export const linkSchema = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .refine((v) => /^\/(?!\/)[^\s<>"'\\]*$/.test(v) && !/^\/(uz|ru|en)(\/|\?|#|$)/.test(v), 'link_invalid');

/** Money in whole soʻm. */
const money = z.number().int().min(0).max(1_000_000_000);

export const idParams = z.strictObject({ id: dbIdParam });
export const slugParams = z.strictObject({ slug: slugSchema });

// ---------- categories ----------
export const categoryCreate = z.strictObject({
  slug: slugSchema,
  parent_id: dbId.nullable(),
  name: localized(120),
  description: optionalLocalized(1000).optional(),
});
export const categoryPatch = z
  .strictObject({ slug: slugSchema, name: localized(120), description: optionalLocalized(1000) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
/** Moves a category under `parent_id` (null: the top level) at `position` among its new siblings (0 first; past the end: last). */
export const categoryMove = z.strictObject({ parent_id: dbId.nullable(), position: z.number().int().min(0).max(10_000) });
export const adminCategory = z.object({
  id: z.number(),
  slug: z.string(),
  parent_id: z.number().nullable(),
  sort: z.number(),
  name: localizedDto,
  description: localizedDto,
  image_url: z.string().nullable(),
  /** Products whose main or extra category this is (a category with products cannot be deleted). */
  products_count: z.number(),
  /** Products in it or in any category below it, each counted once (what a parent category holds). */
  products_in_tree: z.number(),
});
/** Every category, parents before children, siblings in their order. */
export const categoriesList = z.object({ data: z.array(adminCategory) });
export const categoryAnswer = z.object({ category: adminCategory });

// ---------- brands ----------
export const brandCreate = z.strictObject({ slug: slugSchema, name: z.string().trim().min(1).max(80) });
export const brandPatch = z
  .strictObject({ slug: slugSchema, name: z.string().trim().min(1).max(80) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
export const adminBrand = z.object({ id: z.number(), slug: z.string(), name: z.string(), logo_url: z.string().nullable(), products_count: z.number() });
export const brandsList = z.object({ data: z.array(adminBrand) });
export const brandAnswer = z.object({ brand: adminBrand });

// ---------- slides ----------
const slideFields = {
  title: localized(120),
  subtitle: optionalLocalized(200),
  link: linkSchema,
  active: z.boolean(),
  /** ISO date-time; null: from now on / for ever. */
  starts_at: z.iso.datetime({ offset: true, message: 'date_invalid' }).nullable(),
  ends_at: z.iso.datetime({ offset: true, message: 'date_invalid' }).nullable(),
};
const datesInOrder = (v: { starts_at?: string | null; ends_at?: string | null }) => !v.starts_at || !v.ends_at || new Date(v.ends_at) > new Date(v.starts_at);
export const slideCreate = z.strictObject(slideFields).refine(datesInOrder, { message: 'date_order', path: ['ends_at'] });
export const slidePatch = z
  .strictObject(slideFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required')
  .refine(datesInOrder, { message: 'date_order', path: ['ends_at'] });
export const slideOrder = z.strictObject({ ids: z.array(dbId).min(1).max(200) });
export const adminSlide = z.object({
  id: z.number(),
  image_url: z.string().nullable(),
  title: localizedDto,
  subtitle: localizedDto.nullable(),
  link: z.string(),
  sort: z.number(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** What the shop does with it now: shown, or why not. */
  state: z.enum(['shown', 'inactive', 'no_picture', 'scheduled', 'ended']),
});
export const slidesList = z.object({ data: z.array(adminSlide) });
export const slideAnswer = z.object({ slide: adminSlide });

// ---------- blog posts and information pages ----------
const articleBody = z.strictObject({ uz: z.string().max(200_000), ru: z.string().max(200_000), en: z.string().max(200_000) });
export const postCreate = z.strictObject({ slug: slugSchema, title: localized(200), excerpt: localized(500), body: articleBody });
export const postPatch = postCreate.partial().refine((v) => Object.keys(v).length > 0, 'required');
export const adminPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: localizedDto,
  excerpt: localizedDto,
  /** Sanitised HTML per language: what the shop shows. */
  body: localizedDto,
  cover_url: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export const postsList = z.object({ data: z.array(adminPost.omit({ body: true, excerpt: true })) });
export const postAnswer = z.object({ post: adminPost });

export const pagePatch = z
  .strictObject({ title: localized(200), body: articleBody })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
export const adminPage = z.object({ slug: z.string(), title: localizedDto, body: localizedDto, published: z.boolean(), updated_at: z.string() });
export const pagesList = z.object({ data: z.array(adminPage.omit({ body: true })) });
export const pageAnswer = z.object({ page: adminPage });

// ---------- stores ----------
/** A store's phone: +998 and 9 digits (a landline like +998 71 200 11 22 is fine). */
const storePhone = z
  .string()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+998\d{9}$/, 'store_phone_invalid'));
/** A map pin inside Uzbekistan (its bounding box). */
export const latSchema = z.number().min(37.1, 'lat_range').max(45.6, 'lat_range');
export const lngSchema = z.number().min(55.9, 'lng_range').max(73.2, 'lng_range');
export const storePatch = z
  .strictObject({
    name: localized(120),
    address: localized(300),
    landmark: optionalLocalized(300),
    hours: localized(200),
    phone: storePhone,
    lat: latSchema,
    lng: lngSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
export const adminStore = z.object({
  id: z.number(),
  slug: z.string(),
  name: localizedDto,
  address: localizedDto,
  landmark: localizedDto.nullable(),
  hours: localizedDto,
  phone: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export const storesList = z.object({ data: z.array(adminStore) });
export const storeAnswer = z.object({ store: adminStore });

// ---------- delivery ----------
export const deliverySettingsPatch = z
  .strictObject({
    /** The courier fee the cart announces (Tashkent's), in soʻm. */
    delivery_sum: money,
    free_delivery_threshold: money,
    express_note: localized(500),
    pickup_note: localized(500),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
const city = z.strictObject({ slug: slugSchema, name: localized(80) });
/** A delivery time: a number of days or a range of them, written with a hyphen or an en dash. */
const DAYS = /^(\d{1,2})(?:\s*[–-]\s*(\d{1,2}))?$/;
/** At least one day, and a range's first number smaller than its second (`3–2`, `2–2` and `1–99` are typing slips). */
function daysInOrder(text: string): boolean {
  const m = DAYS.exec(text);
  if (!m) return true; // the pattern's own message
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  return from >= 1 && to <= MAX_DELIVERY_DAYS && (m[2] === undefined || to > from);
}
/** No region of Uzbekistan is further than this many days from a Bozor store by courier. */
const MAX_DELIVERY_DAYS = 30;
/** `2-3` and `2 – 3` are stored as `2–3`, the way the shop shows it. */
export const normaliseDays = (text: string) => text.replace(/\s*[–-]\s*/, '–');

const regionFields = {
  name: localized(120),
  cities: z
    .array(city)
    .min(1)
    .max(200)
    .refine((list) => new Set(list.map((c) => c.slug)).size === list.length, 'city_duplicate'),
  base_fee: money,
  base_weight_g: z.number().int().min(0).max(1_000_000),
  per_kg_fee: money,
  /** Delivery time in days as shown, e.g. `2` or `2–3` (`2-3` and `2 – 3` are taken as `2–3`): from 1 day, a range smaller first. */
  days: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(DAYS, 'days_invalid')
    .refine(daysInOrder, 'days_invalid'),
  express_available: z.boolean(),
};
export const regionCreate = z.strictObject({ slug: slugSchema, ...regionFields, active: z.boolean().optional() });
export const regionPatch = z
  /** `active: false`: the shop stops delivering there (not the default region); past orders keep its name. */
  .strictObject({ ...regionFields, active: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
export const regionOrder = z.strictObject({ slugs: z.array(slugSchema).min(1).max(100) });
const adminRegion = z.object({
  slug: z.string(),
  name: localizedDto,
  cities: z.array(z.object({ slug: z.string(), name: localizedDto })),
  base_fee: z.number(),
  base_weight_g: z.number(),
  per_kg_fee: z.number(),
  days: z.string(),
  express_available: z.boolean(),
  active: z.boolean(),
  sort: z.number(),
});
export const adminDelivery = z.object({
  delivery_sum: z.number(),
  free_delivery_threshold: z.number(),
  express_note: localizedDto,
  pickup_note: localizedDto,
  regions: z.array(adminRegion),
});
export const deliveryAnswer = z.object({ delivery: adminDelivery });

export const deletedAnswer = z.object({ deleted: z.literal(true) });
