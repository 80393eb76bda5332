import { type deliveryRegions, type deliverySettings } from '../../db/schema/index.js';

type Region = typeof deliveryRegions.$inferSelect;
type Settings = typeof deliverySettings.$inferSelect;

/**
 * The courier fee for a parcel: the region's base fee covers `baseWeightG`; each further started
 * kilogram costs `perKgFee`. Free once the goods reach the free-delivery threshold.
 */
export function courierFee(region: Region, settings: Settings, itemsTotal: number, weightGrams: number): number {
  if (itemsTotal >= settings.freeDeliveryThreshold) return 0;
  const extraKg = Math.max(0, Math.ceil((weightGrams - region.baseWeightG) / 1000));
  return region.baseFee + extraKg * region.perKgFee;
}
