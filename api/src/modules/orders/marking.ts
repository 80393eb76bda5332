import { type Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { createOrderRepository } from './orders.repository.js';

/**
 * A fiscal marking code as the receipts take it: the identification code of one unit, GTIN (14 digits)
 * followed by its serial of 7 characters from GS1's set for serials (digits, Latin letters and
 * `!"%&'()*+,-./:;<=>?_`), 21 characters in all: Click's OFD documents `Labels` as string(21). Deliberately
 * conservative: the full DataMatrix string with its crypto tail, or longer serials, are refused until a
 * provider documents them; a refused code is visible at once, a wrong one on a receipt is not.
 */
export const MARKING_CODE = /^\d{14}[0-9A-Za-z!"%&'()*+,\-./:;<=>?_]{7}$/;

/** Why `labels` cannot be a line's marking codes, or null when they can. */
export function labelsProblem(line: { marked: boolean; quantity: number }, labels: string[]): string | null {
  if (!line.marked) return labels.length === 0 ? null : 'not_marked';
  if (labels.length !== line.quantity) return 'count';
  if (labels.some((l) => !MARKING_CODE.test(l))) return 'format';
  if (new Set(labels).size !== labels.length) return 'duplicate';
  return null;
}

/** Marking codes of order lines; the staff call that scans them in will use this. */
export function createMarkingService(deps: { db: Db }) {
  const repo = createOrderRepository(deps.db);
  return {
    /** Sets the codes of one line of an order (all of its units); 422 naming the problem, 404 for a line not in the order. */
    async setLabels(orderNumber: string, itemId: number, labels: string[]) {
      const order = await repo.findByNumberOrId(orderNumber);
      const line = order ? (await repo.items(order.id)).find((i) => i.id === itemId) : undefined;
      if (!order || !line) throw notFound();
      const problem = labelsProblem(line, labels);
      if (problem) throw new AppError('VALIDATION_FAILED', 422, { fields: { labels: 'invalid' }, params: { problem } });
      return repo.setItemLabels(line.id, labels);
    },
  };
}
