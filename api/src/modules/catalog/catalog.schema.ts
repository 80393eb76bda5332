import { pageMetaDto } from '../../http/validation.js';
import { z } from 'zod';
import { slideDto } from '../content/index.js';

export const SORTS = ['relevance', 'popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
export type Sort = (typeof SORTS)[number];

const slug = z.string().trim().min(1).max(120).regex(/^[a-z0-9-]+$/, 'invalid');
const optionValues = z.array(z.string().trim().min(1).max(60)).max(30);
/**
 * A price bound in so'm. Prices are PostgreSQL `integer`s: a larger bound (a typed 5 000 000 000, a shared link)
 * means "no product is that dear" and is taken as the largest price there can be, not refused.
 */
const MAX_PRICE = 2_147_483_647;
const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).transform((n) => Math.min(n, MAX_PRICE));

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
/** GET /api/products/cards?ids=3,1,2: one to MAX_CARD_IDS product ids, comma-separated. */
export const MAX_CARD_IDS = 100;
export const cardsQuerySchema = z.strictObject({
  ids: z
    .string()
    .max(MAX_CARD_IDS * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((v) => v.split(',').map(Number))
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(MAX_CARD_IDS)),
});

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

// ---- Answers (docs/api.md "Catalogue API and cart") ----


/** One choice of a variant, in the request's language (`value` is the stable key filters use). */
export const variantOptionDto = z.object({ code: z.string(), name: z.string(), value: z.string(), label: z.string() });

/** The product card of lists, search, related blocks and the home page (catalog.dto.ts `productCard`). */
export const productCardDto = z
  .object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    img_url: z.string().nullable(),
    price: z.number(),
    old_price: z.number().nullable(),
    discount_percent: z.number(),
    currency: z.literal('UZS'),
    /** Stock over all variants and stores (spelt so on the wire: docs/product.md "Entities"). */
    total_quanity: z.number(),
    in_stock: z.boolean(),
    brand: z.object({ slug: z.string(), name: z.string() }),
    category: z.object({ slug: z.string(), name: z.string() }),
    variants_count: z.number(),
    /** What Buy on a card adds: the variant the product page opens on; null for a product without variants. */
    selected_variant: z.object({ id: z.number(), sku: z.string(), options: z.array(variantOptionDto) }).nullable(),
  })
  .meta({ id: 'ProductCard' });

/** The product page (catalog.dto.ts `productDetail`): the card plus variants, pictures, specification and fiscal codes. */
export const productDetailDto = productCardDto
  .extend({
    selected_variant_id: z.number().nullable(),
    description: z.string(),
    images: z.array(z.object({ url: z.string() })),
    attributes: z.array(z.object({ code: z.string(), name: z.string(), value: z.string() })),
    variants: z.array(
      z.object({
        id: z.number(),
        sku: z.string(),
        options: z.array(variantOptionDto),
        price: z.number(),
        old_price: z.number().nullable(),
        total_quanity: z.number(),
        in_stock: z.boolean(),
        /** The most one order (and so the cart) may hold of it: its stock, and at most ORDER_LINE_MAX_QTY (…_LEGAL for a legal entity). */
        max_quantity: z.number(),
        /** `store` is the store's slug (null for a store that no longer exists). */
        stock: z.array(z.object({ store_id: z.number(), store: z.string().nullable(), quantity: z.number() })),
      }),
    ),
    breadcrumbs: z.array(z.object({ slug: z.string(), name: z.string() })),
    mxit: z.string(),
    mxit_unit: z.string(),
    vat_percent: z.number(),
    weight: z.number(),
    created_at: z.string(),
  })
  .meta({ id: 'ProductDetail' });

/** `relateds` only with `resources[]=relateds`. */
export const productAnswer = z.object({ product: productDetailDto, relateds: z.array(productCardDto).optional() });
/** GET /api/products/cards: the cards asked for, in the order asked; unknown and hidden products left out. */
export const cardsAnswer = z.object({ data: z.array(productCardDto) });

export interface CategoryNodeDto {
  id: number;
  slug: string;
  name: string;
  description: string;
  image_url: string | null;
  icon: string | null;
  /** Visible products in the category and everything under it. */
  products_count: number;
  children: CategoryNodeDto[];
}
/** A node of the category tree; any depth. */
export const categoryNodeDto: z.ZodType<CategoryNodeDto, CategoryNodeDto> = z
  .object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    image_url: z.string().nullable(),
    icon: z.string().nullable(),
    products_count: z.number(),
    get children() {
      return z.array(categoryNodeDto);
    },
  })
  .meta({ id: 'CategoryNode' });
export const categoriesAnswer = z.object({ data: z.array(categoryNodeDto) });

export const productListAnswer = z.object({
  data: z.array(productCardDto),
  meta: pageMetaDto.extend({ sort: z.enum(SORTS) }),
  facets: z.object({
    brands: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number() })),
    /** null when nothing matches. */
    price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
    options: z.array(z.object({ code: z.string(), name: z.string(), values: z.array(z.object({ value: z.string(), label: z.string(), count: z.number() })) })),
    categories: z.array(z.object({ slug: z.string(), name: z.string(), parent: z.string().nullable(), count: z.number() })),
  }),
});

export const searchAnswer = z.object({
  data: z.array(productCardDto),
  categories: z.array(z.object({ slug: z.string(), name: z.string(), image_url: z.string().nullable() })),
  brands: z.array(z.object({ slug: z.string(), name: z.string(), logo_url: z.string().nullable() })),
  meta: z.object({ q: z.string(), total: z.number() }),
});

export const brandDto = z.object({ id: z.number(), slug: z.string(), name: z.string(), logo_url: z.string().nullable(), products_count: z.number() });
export const brandsAnswer = z.object({ data: z.array(brandDto) });

export const blogSummaryDto = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover_url: z.string().nullable(),
  published_at: z.string(),
});
export const blogListAnswer = z.object({ data: z.array(blogSummaryDto), meta: pageMetaDto });
/** `body` is sanitised HTML. */
export const blogAnswer = z.object({ data: blogSummaryDto.extend({ body: z.string() }) });
export const pageAnswer = z.object({ data: z.object({ slug: z.string(), title: z.string(), body: z.string() }) });

export const homeAnswer = z.object({
  data: z.object({
    slides: z.array(slideDto),
    categories: z.array(categoryNodeDto),
    sections: z.array(z.object({ key: z.enum(['new', 'popular', 'discounted']), products: z.array(productCardDto) })),
    /** Brands with products only. */
    brands: z.array(brandDto),
    /** The three latest posts. */
    blogs: z.array(blogSummaryDto),
  }),
});
