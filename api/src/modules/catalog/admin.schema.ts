import { z } from 'zod';
import { dbId, dbIdParam, pageMetaDto, pageQuery } from '../../http/validation.js';

/** How staff see a product's visibility; stored as products.status + products.visible_to. */
export const VISIBILITIES = ['shown', 'hidden', 'wholesale', 'retail'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
const visibility = z.enum(VISIBILITIES);
const lang = z.enum(['uz', 'ru', 'en']);

const text = (max: number) => z.string().trim().max(max);
/** A text in the three languages: Uzbek required, the others may be missing (the shop falls back to Uzbek). */
const localizedRequired = (max: number) => z.strictObject({ uz: text(max).min(1), ru: text(max).optional(), en: text(max).optional() });
const localizedOptional = (max: number) => z.strictObject({ uz: text(max).optional(), ru: text(max).optional(), en: text(max).optional() });
const localizedDto = z.object({ uz: z.string(), ru: z.string(), en: z.string() });

const price = z.number('price_invalid').int('price_invalid').min(1, 'price_invalid').max(2_000_000_000, 'price_invalid');
const code = z.string().trim().min(1).max(40).regex(/^[a-z0-9_-]+$/, 'invalid');

export const SKU_PATTERN = /^[A-Za-z0-9._/-]{1,64}$/;
const sku = z.string().trim().regex(SKU_PATTERN, 'sku_invalid');

const stockLine = z.strictObject({ store_id: dbId, quantity: z.number().int().min(0).max(1_000_000) });

const variantInput = z
  .strictObject({
    /** An existing variant of this product (PATCH); absent: a new variant. */
    id: dbId.optional(),
    sku,
    options: z
      .array(z.strictObject({ code, name: localizedRequired(60), value: z.string().trim().min(1).max(60).regex(/^[a-z0-9._-]+$/, 'invalid'), label: localizedRequired(60) }))
      .max(10)
      .default([]),
    price_individual: price,
    price_legal: price,
    old_price_individual: price.nullable().optional(),
    old_price_legal: price.nullable().optional(),
    low_stock_threshold: z.number().int().min(0).max(100_000).nullable().optional(),
    /** New variants only: the units each store receives (recorded as `received` movements). */
    stock: z.array(stockLine).max(50).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.old_price_individual != null && v.old_price_individual <= v.price_individual) {
      ctx.addIssue({ code: 'custom', path: ['old_price_individual'], message: 'old_price_not_above' });
    }
    if (v.old_price_legal != null && v.old_price_legal <= v.price_legal) {
      ctx.addIssue({ code: 'custom', path: ['old_price_legal'], message: 'old_price_not_above' });
    }
  });
export type VariantInput = z.infer<typeof variantInput>;

const variantsInput = z
  .array(variantInput)
  .min(1)
  .max(100)
  .superRefine((variants, ctx) => {
    const seen = new Map<string, number>();
    variants.forEach((v, i) => {
      const key = v.sku.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: 'sku_duplicate' });
      seen.set(key, i);
    });
  });

const productFields = {
  name: localizedRequired(200),
  description: localizedOptional(5000).optional(),
  slug: z.string().trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug_invalid').min(2, 'slug_invalid').max(120, 'slug_invalid').optional(),
  category_id: dbId,
  brand_id: dbId,
  attributes: z.array(z.strictObject({ code, name: localizedRequired(100), value: localizedRequired(300) })).max(60).optional(),
  mxik: z.string().trim().regex(/^\d{17}$/, 'mxik_invalid'),
  package_code: z.string().trim().regex(/^\d{1,20}$/, 'package_code_invalid'),
  vat_percent: z.number().int().min(0).max(100),
  weight_grams: z.number().int().min(1).max(1_000_000),
  marked: z.boolean().optional(),
  visibility: visibility.optional(),
  variants: variantsInput,
};

export const productCreateBody = z.strictObject(productFields);
export type ProductCreateBody = z.infer<typeof productCreateBody>;

export const productPatchBody = z
  .strictObject({ ...productFields, archived: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'required');
export type ProductPatchBody = z.infer<typeof productPatchBody>;

export const productIdParams = z.strictObject({ id: dbIdParam });
export const imagesOrderBody = z.strictObject({ keys: z.array(z.string().min(1).max(300)).max(20) });

const storeRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
const option = z.object({ code: z.string(), name: localizedDto, value: z.string(), label: localizedDto });

export const adminVariant = z.object({
  id: z.number(),
  sku: z.string(),
  options: z.array(option),
  price_individual: z.number(),
  price_legal: z.number(),
  old_price_individual: z.number().nullable(),
  old_price_legal: z.number().nullable(),
  low_stock_threshold: z.number().nullable(),
  stock: z.array(z.object({ store: storeRef, quantity: z.number(), low: z.boolean() })),
  total_quantity: z.number(),
  /** Orders under way that hold this variant: while any do, it cannot be removed. */
  open_orders: z.number(),
});

export const adminProduct = z.object({
  id: z.number(),
  slug: z.string(),
  name: localizedDto,
  description: localizedDto,
  missing_langs: z.array(lang),
  category: z.object({ id: z.number(), name: z.string() }),
  brand: z.object({ id: z.number(), name: z.string() }),
  attributes: z.array(z.object({ code: z.string(), name: localizedDto, value: localizedDto })),
  mxik: z.string(),
  package_code: z.string(),
  vat_percent: z.number(),
  weight_grams: z.number(),
  marked: z.boolean(),
  visibility,
  archived: z.boolean(),
  images: z.array(z.object({ key: z.string(), url: z.string() })),
  variants: z.array(adminVariant),
  shop_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;
export const productAnswer = z.object({ product: adminProduct });

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');
export const productsQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  category_id: dbIdParam.optional(),
  brand_id: dbIdParam.optional(),
  visibility: visibility.optional(),
  stock: z.enum(['none', 'low', 'in_stock']).optional(),
  missing_lang: z.enum(['uz', 'ru', 'en', 'any']).optional(),
  archived: boolParam.optional(),
  sort: z.enum(['new', 'name', 'price', 'stock']).optional(),
  ...pageQuery,
});
export type ProductsQuery = z.infer<typeof productsQuery>;

export const STOCK_STATES = ['none', 'low', 'in_stock'] as const;
export const productsList = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      name: z.string(),
      missing_langs: z.array(lang),
      image_url: z.string().nullable(),
      category: z.object({ id: z.number(), name: z.string() }),
      brand: z.object({ id: z.number(), name: z.string() }),
      visibility,
      archived: z.boolean(),
      price_individual: z.number(),
      price_legal: z.number(),
      variants_count: z.number(),
      skus: z.array(z.string()),
      total_quantity: z.number(),
      stock_state: z.enum(STOCK_STATES),
      updated_at: z.string(),
    }),
  ),
  meta: pageMetaDto,
});

export const lookupsAnswer = z.object({
  categories: z.array(z.object({ id: z.number(), parent_id: z.number().nullable(), name: z.string(), path: z.string() })),
  brands: z.array(z.object({ id: z.number(), name: z.string() })),
  stores: z.array(storeRef),
  low_stock_threshold: z.number(),
});

// Stock

export const MOVEMENT_REASONS_IN = ['received', 'correction', 'damaged'] as const;
export const variantIdParams = z.strictObject({ id: dbIdParam });
export const movementBody = z.strictObject({
  store_id: dbId,
  reason: z.enum(MOVEMENT_REASONS_IN),
  quantity: z.number().int().min(0).max(1_000_000),
  expected_quantity: z.number().int().min(0).max(1_000_000).optional(),
  note: z.string().trim().max(500).optional(),
});
export type MovementBody = z.infer<typeof movementBody>;

export const HISTORY_REASONS = ['received', 'correction', 'damaged', 'import', 'order', 'order_released'] as const;
export const stockMovement = z.object({
  id: z.string(),
  at: z.string(),
  store: storeRef,
  reason: z.enum(HISTORY_REASONS),
  delta: z.number(),
  quantity_after: z.number().nullable(),
  note: z.string().nullable(),
  staff: z.object({ id: z.number(), name: z.string() }).nullable(),
  order: z.object({ id: z.number(), number: z.string() }).nullable(),
});
export const movementAnswer = z.object({ movement: stockMovement, variant: adminVariant });
export const movementsQuery = z.strictObject({ store_id: dbIdParam.optional(), ...pageQuery });
export const movementsList = z.object({ data: z.array(stockMovement), meta: pageMetaDto });

export const lowStockQuery = z.strictObject({ store_id: dbIdParam.optional(), product_id: dbIdParam.optional(), ...pageQuery });
export const lowStockList = z.object({
  data: z.array(
    z.object({
      variant_id: z.number(),
      product_id: z.number(),
      product_name: z.string(),
      sku: z.string(),
      options: z.string(),
      image_url: z.string().nullable(),
      store: storeRef,
      quantity: z.number(),
      threshold: z.number(),
    }),
  ),
  meta: pageMetaDto,
});

// CSV import

const importCounts = z.object({ rows: z.number(), changed_rows: z.number(), unchanged_rows: z.number(), bad_rows: z.number(), changes: z.number() });
const cell = z.union([z.number(), z.string()]).nullable();
export const importReport = z.object({
  file_name: z.string(),
  token: z.string(),
  counts: importCounts,
  changes: z.array(z.object({ row: z.number(), sku: z.string(), field: z.string(), before: cell, after: cell })),
  errors: z.array(z.object({ row: z.number(), sku: z.string().nullable(), column: z.string().nullable(), message: z.string() })),
});
export const importApplied = z.object({ file_name: z.string(), counts: importCounts });
