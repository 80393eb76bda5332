// One pickup store's line about the items being bought (issue 12), worded as the product page's per-store
// availability: "In stock — pick up today", "In stock: 2 of 3 items", "Not in this store now".
import { useTranslation } from 'react-i18next';
import { daysFrom, formatDay } from '@bozor/shared';
import type { CartAvailability, CartStoreAvailability, ShopStore } from '@bozor/shared/api/delivery';

/** "today", "tomorrow", or the weekday and date (calendar days in Tashkent, compared as dates). */
function pickupDay(day: string, today: string, lang: string, t: (key: string) => string): string {
  const n = daysFrom(today, day);
  if (n <= 0) return t('storeStock.today');
  if (n === 1) return t('storeStock.tomorrow');
  return formatDay(day, lang);
}

export function StoreStock({ entry, count, today }: { entry: CartStoreAvailability; count: number; today: string }) {
  const { t, i18n } = useTranslation();
  const text =
    entry.status === 'all'
      ? entry.pickup
        ? t('storeStock.all', { day: pickupDay(entry.pickup, today, i18n.language, t) })
        : t('storeStock.allNoDay')
      : entry.status === 'part'
        ? t('storeStock.part', { available: entry.available_items, count })
        : t('storeStock.none');
  return (
    <small className={`co-stock co-stock--${entry.status}`} data-testid="store-stock" data-status={entry.status}>
      {text}
    </small>
  );
}

/** The stores in the availability answer's order (everything first); the shop's order until it comes. */
export function byStock(stores: ShopStore[], data: CartAvailability | null): ShopStore[] {
  if (!data) return stores;
  const rank = new Map(data.stores.map((s, i) => [s.store_id, i]));
  return [...stores].sort((a, b) => (rank.get(a.id) ?? stores.length) - (rank.get(b.id) ?? stores.length));
}

/** The store's line, once the answer is there (nothing while it loads or when it failed). */
export function StoreStockOf({ storeId, data }: { storeId: number; data: CartAvailability | null }) {
  const entry = data?.stores.find((s) => s.store_id === storeId);
  return entry && data ? <StoreStock entry={entry} count={data.items_count} today={data.today} /> : null;
}
