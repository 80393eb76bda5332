import { AppError } from '../../errors.js';
import { type Lang, pick } from '../../i18n/lang.js';
import { courierFee } from './delivery.js';
import { type OrderPartDeps } from './order-deps.js';
import { lineKey } from './orders.repository.js';
import { type DeliveryInput } from './orders.schema.js';

export type Line = { product_id: number; variant_id?: number; quantity: number };

/** Prices, the line cap and the delivery fee of a basket: decided here, never by the client. */
export function createOrderPricing(deps: OrderPartDeps<'shopInfo' | 'limits'>) {
  const { repo, shopInfo } = deps;

  /** The lines merged by variant, priced from the account type's list; 422 for what cannot be sold or is over the line cap. */
  async function priceLines(lines: Line[], accountType: 'individual' | 'legal', lang: Lang) {
    const merged = new Map<string, Line>();
    // Where each merged line was first posted, to name its field (`items.2.quantity`).
    const firstIndex = new Map<string, number>();
    for (const [index, line] of lines.entries()) {
      const key = lineKey(line);
      const prev = merged.get(key);
      merged.set(key, prev ? { ...prev, quantity: prev.quantity + line.quantity } : line);
      if (!firstIndex.has(key)) firstIndex.set(key, index);
    }
    const sellable = await repo.sellable([...merged.values()], accountType);
    const missing = [...merged.keys()].filter((key) => !sellable.has(key));
    if (missing.length > 0) {
      throw new AppError('PRODUCT_UNAVAILABLE', 422, { fields: Object.fromEntries(missing.map((k) => [`items.${k}`, 'invalid'])) });
    }
    // One line may take at most ORDER_LINE_MAX_QTY units (ORDER_LINE_MAX_QTY_LEGAL for a legal entity),
    // lines of one variant counted together, so splitting a line does not get round it.
    const max = deps.limits.lineMaxQty[accountType];
    const over = [...merged.entries()].filter(([, line]) => line.quantity > max);
    if (over.length > 0) {
      throw new AppError('QUANTITY_LIMIT', 422, {
        params: { max, items: over.map(([key]) => pick(sellable.get(key)!.name, lang)).join(', ') },
        fields: Object.fromEntries(over.map(([key]) => [`items.${firstIndex.get(key)!}.quantity`, 'quantity_limit'])),
        extra: { max },
      });
    }
    const priced = [...merged.entries()].map(([key, line]) => ({ line, variant: sellable.get(key)! }));
    const itemsTotal = priced.reduce((sum, p) => sum + p.variant.price * p.line.quantity, 0);
    const weight = priced.reduce((sum, p) => sum + p.variant.weight_grams * p.line.quantity, 0);
    return { priced, itemsTotal, weight };
  }

  /** The delivery's fee and store; 422 for a region, city or store that does not exist. */
  async function deliveryFee(delivery: DeliveryInput, itemsTotal: number, weight: number) {
    const { settings, regions } = await shopInfo.deliveryRows();
    if (!settings) throw new AppError('SERVICE_UNAVAILABLE', 503);
    let fee = 0;
    let storeId: number | null = null;
    switch (delivery.type) {
      case 'courier': {
        const region = regions.find((r) => r.slug === (delivery.region ?? 'tashkent'));
        if (!region) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.region': 'invalid' } });
        // switched off in the back office after the shopper's page loaded its regions
        if (!region.active) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.region': 'region_closed' } });
        if (delivery.city && !region.cities.some((c) => c.slug === delivery.city)) {
          throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.city': 'invalid' } });
        }
        fee = courierFee(region, settings, itemsTotal, weight);
        break;
      }
      case 'express': {
        const region = regions.find((r) => r.slug === (delivery.region ?? 'tashkent'));
        if (!region?.expressAvailable || !region.active) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.region': 'express_tashkent_only' } });
        // Express is priced in the courier's app and paid to the courier: nothing is added here.
        fee = 0;
        break;
      }
      case 'pickup': {
        const stores = await shopInfo.storeRows();
        const store = stores.find((s) => s.id === delivery.store_id);
        if (!store) throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.store_id': delivery.store_id ? 'invalid' : 'required' } });
        storeId = store.id;
        break;
      }
    }
    if (delivery.type !== 'pickup' && !delivery.address) {
      throw new AppError('VALIDATION_FAILED', 422, { fields: { 'delivery.address': 'required' } });
    }
    return { fee, storeId, freeDeliveryThreshold: settings.freeDeliveryThreshold };
  }

  return {
    priceLines,

    /** Priced lines and the delivery fee for a basket; throws 422 for anything that cannot be sold or delivered. */
    async price(lines: Line[], delivery: DeliveryInput, accountType: 'individual' | 'legal', lang: Lang) {
      const { priced, itemsTotal, weight } = await priceLines(lines, accountType, lang);
      return { priced, itemsTotal, weight, ...(await deliveryFee(delivery, itemsTotal, weight)) };
    },
  };
}

export type OrderPricing = ReturnType<typeof createOrderPricing>;
/** A basket's priced lines, their total and weight. */
export type PricedLines = Awaited<ReturnType<OrderPricing['priceLines']>>;
