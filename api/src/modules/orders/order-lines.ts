import { variantPicture } from '../catalog/index.js';
import { pick } from '../../i18n/lang.js';
import { type ReceiptRequest } from '../../providers/payments/payment.js';
import { type OrderItemRow, type OrderRow, type SellableVariant } from './orders.repository.js';

type Line = { quantity: number };

/** The delivery fee's line on a fiscal receipt (Payme's `shipping`, Click's delivery item). */
export const DELIVERY_TITLE = 'Yetkazib berish';

/** An order line as stored: names, prices and fiscal codes copied from the variant at the time. */
export function itemRow(v: SellableVariant, quantity: number) {
  return {
    productId: v.product_id,
    variantId: v.variant_id,
    sku: v.sku,
    slug: v.slug,
    name: v.name,
    attributes: v.options.map((o) => ({ name: o.name, value: o.label })),
    image: variantPicture(v.images, v.options) ?? null,
    price: v.price,
    quantity,
    mxit: v.mxit,
    mxitUnit: v.mxit_unit,
    vatPercent: v.vat_percent,
    weightGrams: v.weight_grams,
    marked: v.marked,
  };
}

/** The Payme receipt: each line with its fiscal codes, prices in tiyin, shipping apart. */
export function receiptFor(order: OrderRow, priced: Array<{ line: Line; variant: SellableVariant }>, fee: number): ReceiptRequest {
  return {
    orderId: order.number,
    amount: order.total * 100,
    items: priced.map(({ line, variant }) => ({
      title: pick(variant.name, 'uz'),
      price: variant.price * 100,
      count: line.quantity,
      code: variant.mxit,
      packageCode: variant.mxit_unit,
      vatPercent: variant.vat_percent,
    })),
    ...(fee > 0 ? { shipping: { title: DELIVERY_TITLE, price: fee * 100 } } : {}),
  };
}

/**
 * The fiscal receipt of an order from its stored lines (prices as they were when it was placed), for a
 * payment made later on the provider's page: tiyin, each line with its MXIK, package code and VAT.
 */
export function receiptFromItems(order: OrderRow, items: OrderItemRow[]): ReceiptRequest & { items: Array<ReceiptRequest['items'][number] & { labels: string[] }> } {
  return {
    orderId: order.number,
    amount: order.total * 100,
    items: items.map((i) => ({
      title: pick(i.name, 'uz'),
      price: i.price * 100,
      count: i.quantity,
      code: i.mxit,
      packageCode: i.mxitUnit,
      vatPercent: i.vatPercent,
      labels: i.labels,
    })),
    ...(order.deliveryFee > 0 ? { shipping: { title: DELIVERY_TITLE, price: order.deliveryFee * 100 } } : {}),
  };
}

/** A unique index refused the insert (PostgreSQL 23505), whichever driver reports it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
