// How the back office writes sums, dates and addresses, in the staff member's language.
import { formatCount, formatDate as sharedDate, formatShortDateTime, formatSum, type Lang } from '@bozor/shared';
import type { OrderDetail } from './api/types';

export { formatSum as formatMoney, formatCount };

/** Where the shop and its staff are: staff read every time on the shop's clock, wherever the browser is. */
const SHOP_TIME_ZONE = 'Asia/Tashkent';

/** "24.11.2026, 01:30" (uz, ru), "24/11/2026, 01:30" (en), in Tashkent time. */
export const formatDateTime = (iso: string, lang: Lang): string => formatShortDateTime(iso, lang, SHOP_TIME_ZONE);

/** The date alone: "24-noyabr, 2026", "24 ноября 2026 г.", "24 November 2026", in Tashkent time. */
export const formatDate = (iso: string, lang: Lang): string => sharedDate(iso, lang, SHOP_TIME_ZONE);

/** Yandex Maps link with a pin at the point (the map's `pt` takes longitude first). */
export function mapLink(lat: number, lng: number): string {
  return `https://yandex.uz/maps/?pt=${lng},${lat}&z=17&l=map`;
}

type Address = NonNullable<OrderDetail['address']>;

/** The delivery address on one line (region, city, street and house, flat, entrance, floor, intercom); empty parts left out. */
export function addressLine(address: Address, t: (key: string, options?: Record<string, unknown>) => string): string {
  return [
    address.region_name,
    address.city_name,
    address.address,
    address.flat ? t('order.flat', { value: address.flat }) : null,
    address.entrance ? t('order.entrance', { value: address.entrance }) : null,
    address.floor ? t('order.floor', { value: address.floor }) : null,
    address.intercom ? t('order.intercom', { value: address.intercom }) : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** A customer's name and surname, or '' when they gave neither. */
export function fullName(person: { name: string | null; surname?: string | null }): string {
  return [person.name, person.surname].filter(Boolean).join(' ');
}

/** Spaces as a copied or typed amount carries them between thousands: plain, no-break, narrow no-break. */
const SPACES = ' \u00a0\u202f';

/**
 * The digits of a whole number as people type it: plain, or thousands apart by a space (also a no-break
 * one) or one of `more` (the delivery page takes "1,250,000" too). A separator anywhere else ("39 2000") is
 * a typo: null, as for text that is no number.
 */
export function wholeDigits(text: string, more = ''): string | null {
  const sep = `[${SPACES}${more}]`;
  const s = text.trim();
  return new RegExp(`^(\\d+|\\d{1,3}(${sep}\\d{3})+)$`).test(s) ? s.replace(new RegExp(sep, 'g'), '') : null;
}
