import { z } from 'zod';
import { dbId, dbIdParam } from '../../http/validation.js';

/** POST /api/profile/stock-alerts */
export const stockAlertBody = z.strictObject({ variant_id: dbId });
/** DELETE /api/profile/stock-alerts?variant_id= */
export const stockAlertQuery = z.strictObject({ variant_id: dbIdParam });

/** A variant the shopper waits for (not yet texted). */
export const stockAlertDto = z
  .object({ variant_id: z.number(), product_id: z.number(), product_slug: z.string(), created_at: z.string() })
  .meta({ id: 'StockAlert' });
export const stockAlertAnswer = z.object({ data: stockAlertDto });
export const stockAlertsAnswer = z.object({ data: z.array(stockAlertDto) });
export const stockAlertRemovedAnswer = z.object({ deleted: z.literal(true) });
