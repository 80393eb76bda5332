import { type deliveryRegions, type stores } from '../../db/schema/index.js';
import { type orderStatusHistory } from '../../db/schema/index.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { isRefusalKind } from '../../providers/payments/payment.js';
import { type OrderItemRow, type OrderRow } from './orders.repository.js';
import { STATUS_LABELS, paymentStatusLabel } from './orders.text.js';

type StoreRow = typeof stores.$inferSelect;
export type RegionRow = typeof deliveryRegions.$inferSelect;
type HistoryRow = typeof orderStatusHistory.$inferSelect;

/** Where an order stands, with the labels in `lang`: the same fields in every order answer (shop and back office). */
export function orderStatusFields(order: OrderRow, lang: Lang) {
  return {
    status: order.status,
    status_label: STATUS_LABELS[order.status][lang],
    payment_status: order.paymentStatus,
    payment_status_label: paymentStatusLabel(order.status, order.paymentStatus, lang),
    payment_method: order.paymentMethod,
  };
}

/** An order as the shopper and the catalogue API see it (without its status history: `orderStatusesDto`). */
export function orderDto(order: OrderRow, items: OrderItemRow[], storeRows: StoreRow[], regions: RegionRow[], lang: Lang, media: MediaStorage) {
  const store = order.storeId ? storeRows.find((s) => s.id === order.storeId) : undefined;
  const region = order.address ? regions.find((r) => r.slug === order.address!.region) : undefined;
  const city = order.address?.city ? region?.cities.find((c) => c.slug === order.address!.city) : undefined;
  return {
    id: order.id,
    number: order.number,
    ...orderStatusFields(order, lang),
    one_click: order.oneClick,
    delivery: {
      type: order.deliveryType,
      fee: order.deliveryFee,
      // The slugs stay (clients and the back office read them); the names read as people write the address.
      address: order.address
        ? { ...order.address, region_name: region ? pick(region.name, lang) : null, city_name: city ? pick(city.name, lang) : null }
        : null,
      store: store ? { id: store.id, slug: store.slug, name: pick(store.name, lang), address: pick(store.address, lang) } : null,
    },
    receiver: { name: order.receiverName, surname: order.receiverSurname, phone: order.receiverPhone },
    items: items.map((i) => ({
      product_id: i.productId,
      variant_id: i.variantId,
      sku: i.sku,
      slug: i.slug,
      name: pick(i.name, lang),
      attributes: i.attributes.map((a) => ({ name: pick(a.name, lang), value: pick(a.value, lang) })),
      img_url: i.image ? media.url(i.image) : null,
      price: i.price,
      quantity: i.quantity,
      total: i.price * i.quantity,
      mxit: i.mxit,
      mxit_unit: i.mxitUnit,
    })),
    items_total: order.itemsTotal,
    delivery_fee: order.deliveryFee,
    total: order.total,
    currency: 'UZS' as const,
    created_at: order.createdAt.toISOString(),
  };
}

/** Whether an order's payment failed on the bank's own refusal (its `failed` history entry's note), so nothing was charged. */
export const paymentDeclined = (history: HistoryRow[]): boolean => history.some((h) => h.paymentStatus === 'failed' && isRefusalKind(h.note));

/** An order's status history, oldest first, as one order's page shows it. */
export function orderStatusesDto(history: HistoryRow[], lang: Lang) {
  return history.map((h) => ({
    status: h.status,
    label: STATUS_LABELS[h.status][lang],
    payment_status: h.paymentStatus,
    payment_status_label: paymentStatusLabel(h.status, h.paymentStatus, lang),
    at: h.createdAt.toISOString(),
  }));
}
