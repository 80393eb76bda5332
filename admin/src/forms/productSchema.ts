// The product form's rules: those of POST/PATCH /api/admin/products as the API applies them, checked here
// first with messages in the staff member's language (the values and the body sent: forms/product.ts).
import { z } from 'zod';
import { wholeDigits } from '../format';
import { VISIBILITIES } from '../api/catalog';
import { MAX_PRICE, MAX_WEIGHT, MAX_VARIANTS, digitsOf, attributeCode } from './product';

type T = (key: string, options?: Record<string, unknown>) => string;

const wholeIn = (t: T, min: number, max: number, required = true) =>
  z.string().superRefine((s, ctx) => {
    if (s.trim() === '') {
      if (required) ctx.addIssue({ code: 'custom', message: t('validation.required') });
      return;
    }
    // spaces between thousands only: "39 2000" is a typo, not 392 000
    const text = wholeDigits(s) ?? '';
    const n = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) ctx.addIssue({ code: 'custom', message: t('validation.wholeNumber') });
    else if (n < min || n > max) ctx.addIssue({ code: 'custom', message: t('validation.between', { min: min.toLocaleString('en').replace(/,/g, ' '), max: max.toLocaleString('en').replace(/,/g, ' ') }) });
  });

const localizedSchema = (t: T, max: number, uzRequired: boolean) =>
  z.object({
    uz: uzRequired ? z.string().trim().min(1, t('validation.required')).max(max, t('validation.tooLong')) : z.string().max(max, t('validation.tooLong')),
    ru: z.string().max(max, t('validation.tooLong')),
    en: z.string().max(max, t('validation.tooLong')),
  });

/** The rules of POST/PATCH /api/admin/products, as the API applies them (docs/api.md). */
export const productSchema = (t: T) =>
  z
    .object({
      name: localizedSchema(t, 200, true),
      description: localizedSchema(t, 5000, false),
      slug: z.string().trim().refine((s) => s === '' || (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s) && s.length >= 2 && s.length <= 120), t('validation.slug')),
      category_id: z.string().min(1, t('validation.choose')),
      brand_id: z.string().min(1, t('validation.choose')),
      attributes: z.array(z.object({ code: z.string(), name: localizedSchema(t, 100, true), value: localizedSchema(t, 300, true) })).max(60, t('validation.tooMany')),
      option_kinds: z.array(z.object({ code: z.string(), name: localizedSchema(t, 60, true) })).max(10, t('validation.tooMany')),
      // no maxLength on these fields: an 18th digit or a too long paste is refused here, never cut off
      mxik: z.string().refine((s) => /^\d{17}$/.test(digitsOf(s)), t('validation.mxik')),
      package_code: z.string().refine((s) => /^\d{1,20}$/.test(digitsOf(s)), t('validation.packageCode')),
      vat_percent: wholeIn(t, 0, 100),
      weight_grams: wholeIn(t, 1, MAX_WEIGHT),
      marked: z.boolean(),
      visibility: z.enum(VISIBILITIES),
      variants: z
        .array(
          z.object({
            id: z.string(),
            sku: z.string().trim().regex(/^[A-Za-z0-9._/-]{1,64}$/, t('validation.sku')),
            options: z.array(z.object({ value: z.string(), label: localizedSchema(t, 60, true) })),
            price_individual: wholeIn(t, 1, MAX_PRICE),
            price_legal: wholeIn(t, 1, MAX_PRICE),
            old_price_individual: wholeIn(t, 1, MAX_PRICE, false),
            old_price_legal: wholeIn(t, 1, MAX_PRICE, false),
            low_stock_threshold: wholeIn(t, 0, 100_000, false),
            stock: z.array(z.object({ store_id: z.number(), quantity: wholeIn(t, 0, 1_000_000, false) })),
          }),
        )
        .min(1, t('validation.oneVariant'))
        .max(MAX_VARIANTS, t('validation.tooMany')),
    })
    .superRefine((v, ctx) => {
      // an attribute named twice (the same name, or the same code made from it) would be listed twice in the
      // shop ("Quvvat 2200 Vt", "Quvvat 2400 Vt"): the second is refused at its name, in Uzbek (the code's source)
      const attributes = new Set<string>();
      v.attributes.forEach((a, i) => {
        const keys = [attributeCode(a, i), a.name.uz.trim().toLowerCase()].filter(Boolean);
        if (a.name.uz.trim() && keys.some((k) => attributes.has(k))) ctx.addIssue({ code: 'custom', path: ['attributes', i, 'name', 'uz'], message: t('validation.attributeTwice') });
        keys.forEach((k) => attributes.add(k));
      });
      const seen = new Map<string, number>();
      v.variants.forEach((variant, i) => {
        const sku = variant.sku.trim().toLowerCase();
        if (sku) {
          if (seen.has(sku)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: t('validation.skuTwice') });
          else seen.set(sku, i);
        }
        for (const [oldKey, priceKey] of [
          ['old_price_individual', 'price_individual'],
          ['old_price_legal', 'price_legal'],
        ] as const) {
          const old = wholeDigits(variant[oldKey]);
          const price = Number(wholeDigits(variant[priceKey]) ?? Number.NaN);
          if (old && Number.isFinite(price) && Number(old) <= price) {
            ctx.addIssue({ code: 'custom', path: ['variants', i, oldKey], message: t('validation.oldPrice') });
          }
        }
      });
      // two variants with the same options cannot be told apart in the shop
      if (v.option_kinds.length > 0) {
        const combos = new Map<string, number>();
        v.variants.forEach((variant, i) => {
          const key = variant.options.map((o) => (o.value.trim() || o.label.uz.trim()).toLowerCase()).join('|');
          if (combos.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'options', 0, 'label', 'uz'], message: t('validation.sameOptions') });
          else combos.set(key, i);
        });
      }
    });
