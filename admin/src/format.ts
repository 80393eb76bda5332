// How the back office writes sums, dates and addresses, in the staff member's language.
import { formatSum, type Lang } from '@bozor/shared';
import type { OrderDetail } from './api/types';

export { formatSum as formatMoney };

const LOCALES: Record<Lang, string> = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' };

/** "23.11.2026 14:05" style date and time (Tashkent time, where the shop and its staff are). */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Tashkent' }).format(date);
}

/** The date alone. */
export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'Asia/Tashkent' }).format(date);
}

/** A count with the language's digit grouping, no fraction. */
export function formatCount(n: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 }).format(n);
}

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
