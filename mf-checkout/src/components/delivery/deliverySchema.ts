// zod/mini, as the shared schemas (persist.ts): one small copy of zod in the checkout
import * as z from 'zod/mini';
import { isUzPhone } from '@bozor/shared';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import type { DeliveryType } from '@bozor/shared/api/orders';

type T = (key: string) => string;

export const DELIVERY_TYPES: readonly DeliveryType[] = ['courier', 'express', 'pickup'];

/** Slugs of the regions where express delivery runs: those the delivery settings mark `express_available`. */
export function expressRegions(settings: Pick<DeliverySettingsData, 'regions'>): string[] {
  return settings.regions.filter((r) => r.express_available === true).map((r) => r.slug);
}

/**
 * The delivery step's rules, with messages in the page language; what a method needs depends on it.
 * Where express runs comes from the shop's delivery settings (`GET /api/settings/delivery`), the
 * same flag the API checks when the order is placed.
 */
export function deliverySchema(t: T, settings: Pick<DeliverySettingsData, 'regions'>) {
  const express = expressRegions(settings);
  const short = (max: number) => z.string().check(z.trim(), z.maxLength(max, t('errors.tooLong')));
  const named = () => z.string().check(z.trim(), z.minLength(1, t('errors.required')), z.maxLength(60, t('errors.tooLong')));
  return z
    .object({
      deliveryType: z.string().check(z.refine((v) => DELIVERY_TYPES.includes(v as DeliveryType), t('errors.deliveryType'))),
      region: z.string(),
      city: z.string(),
      address: short(200),
      flat: short(20),
      entrance: short(20),
      floor: short(20),
      intercom: short(20),
      address_comment: short(500),
      // no store radio checked is null (react-hook-form's value of an empty radio group): "Choose a store", not a type error
      currentStore: z.nullable(z.string()),
      name: named(),
      surname: named(),
      phone: z.string().check(z.refine(isUzPhone, t('errors.phone'))),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.deliveryType === 'courier' || v.deliveryType === 'express') {
          if (!v.address.trim()) ctx.addIssue({ code: 'custom', path: ['address'], message: t('errors.required') });
          if (!v.region) ctx.addIssue({ code: 'custom', path: ['region'], message: t('errors.required') });
        }
        if (v.deliveryType === 'courier' && !v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: t('errors.required') });
        if (v.deliveryType === 'express' && !express.includes(v.region)) ctx.addIssue({ code: 'custom', path: ['region'], message: t('errors.expressRegion') });
        if (v.deliveryType === 'pickup' && !v.currentStore) ctx.addIssue({ code: 'custom', path: ['currentStore'], message: t('errors.store') });
      }),
    );
}

export type DeliveryValues = z.input<ReturnType<typeof deliverySchema>>;
