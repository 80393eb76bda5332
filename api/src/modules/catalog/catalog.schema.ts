import { z } from 'zod';

export const SORTS = ['relevance', 'popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
export type Sort = (typeof SORTS)[number];

const slug = z.string().trim().min(1).max(120).regex(/^[a-z0-9-]+$/, 'invalid');
const optionValues = z.array(z.string().trim().min(1).max(60)).max(30);
const money = z.number().int().min(0).max(10_000_000_000);

/** POST /resources/products: the filter body. Unknown fields are refused, so typos surface. */
export const productFilterSchema = z
  .strictObject({
    category: slug.optional(),
    brands: z.array(slug).max(50).optional(),
    price_min: money.optional(),
    price_max: money.optional(),
    /** Variant options: `{ "color": ["white", "black"], "size": ["24"] }`. */
    options: z.record(z.string().regex(/^[a-z_]{1,30}$/, 'invalid'), optionValues).optional(),
    /** Specification values (English text): `{ "nofrost": ["yes"] }`. */
    attributes: z.record(z.string().regex(/^[a-z_]{1,30}$/, 'invalid'), optionValues).optional(),
    in_stock: z.boolean().optional(),
    discounted: z.boolean().optional(),
    q: z.string().max(500).optional(),
    sort: z.enum(SORTS).optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    per_page: z.number().int().min(1).max(100).default(24),
  })
  .refine((f) => f.price_min === undefined || f.price_max === undefined || f.price_min <= f.price_max, {
    path: ['price_max'],
    message: 'invalid',
  });
export type ProductFilter = z.infer<typeof productFilterSchema>;

export const slugParams = z.strictObject({ slug: z.string().min(1).max(200) });

/** `?resources[]=relateds` (also `resources=relateds`). */
export const productQuerySchema = z.object({
  'resources[]': z.union([z.string(), z.array(z.string())]).optional(),
  resources: z.union([z.string(), z.array(z.string())]).optional(),
});

export const searchQuerySchema = z.object({
  q: z.string().max(500).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(12),
});
