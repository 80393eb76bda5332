// The "change stock" form's rules and its preview of the count after the change (StockPanel's MovementForm).
import { z } from 'zod';
import { STOCK_REASONS, type StockReason } from '../api/catalog';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The "change stock" rules (the API's: received/damaged ≥ 1 unit, a correction is the new count ≥ 0, and
 * no more is written off than the store holds — `inStore`, the count the form shows as "now").
 */
export const movementSchema = (t: T, inStore: (storeId: string) => number = () => Number.POSITIVE_INFINITY) =>
  z
    .object({
      store_id: z.string().min(1, t('validation.choose')),
      reason: z.enum(STOCK_REASONS),
      quantity: z.string().trim().regex(/^\d{1,7}$/, t('validation.wholeNumber')),
      note: z.string().max(500, t('validation.tooLong')),
    })
    .superRefine((v, ctx) => {
      if (v.reason !== 'correction' && /^\d+$/.test(v.quantity) && Number(v.quantity) < 1) ctx.addIssue({ code: 'custom', path: ['quantity'], message: t('validation.atLeastOne') });
      else if (v.reason === 'damaged' && /^\d+$/.test(v.quantity) && v.store_id && Number(v.quantity) > inStore(v.store_id)) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: t('stock.moreThanInStore', { count: inStore(v.store_id) }) });
      }
    });
export type MovementValues = z.infer<ReturnType<typeof movementSchema>>;

/** The count after the movement, as the form previews it (null while the quantity is not a number). */
export function countAfter(current: number, reason: StockReason, quantity: string): number | null {
  if (!/^\d+$/.test(quantity.trim())) return null;
  const n = Number(quantity.trim());
  if (reason === 'received') return current + n;
  if (reason === 'damaged') return current - n;
  return n;
}

