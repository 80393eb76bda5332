import { notFound } from '../../errors.js';
import { pageMeta } from '../../http/validation.js';
import { type Lang } from '../../i18n/lang.js';
import { type AuthContext } from '../auth/index.js';
import { type OrderPartDeps } from './order-deps.js';
import { nextStatuses } from './order-status-machine.js';
import { type OrderViews } from './order-views.js';
import { orderDto } from './orders.dto.js';

/** Orders as they are read: the shopper's own, the catalogue API's customer orders, and any order for staff. */
export function createOrderQueries(deps: OrderPartDeps<'media' | 'shopInfo'>, views: OrderViews) {
  const { repo, shopInfo } = deps;

  return {
    /** Any order as staff see it: the shopper's view with its timeline, plus where it may go next. */
    async staffView(tid: string, lang: Lang) {
      const order = await repo.findByNumberOrId(tid);
      if (!order) throw notFound();
      return { row: order, view: await views.dtoWithHistory(order, lang), allowedNext: nextStatuses(order) };
    },

    /** The order's row (the back office checks a store account's scope with it). */
    find: (tid: string) => repo.findByNumberOrId(tid),

    /** The shopper's own order by number or id; someone else's is simply not found. */
    async get(auth: AuthContext, tid: string, lang: Lang, origin?: string) {
      const order = await repo.findByNumberOrId(tid);
      if (!order || order.customerId !== auth.customer.id) throw notFound();
      return views.dtoWithHistory(order, lang, origin);
    },

    /** With `origin` (the shopper's own list), an unpaid `payme`/`click` order's `pay_url`, as on its page. */
    async listForCustomer(customerId: number, page: number, perPage: number, lang: Lang, origin?: string) {
      // One query each for the page's orders, their items, the stores and the regions, however many orders.
      const { rows, items, total } = await repo.listForCustomer(customerId, page, perPage);
      const [regions, stores] = await Promise.all([views.regionsFor(rows), shopInfo.storeRows()]);
      const data = rows.map((row) => views.withPayLink(row, orderDto(row, items.filter((i) => i.orderId === row.id), stores, regions, lang, deps.media), origin));
      return { data, meta: pageMeta(page, perPage, total) };
    },

    async details(customerId: number, tid: string, lang: Lang) {
      const order = await repo.findByNumberOrId(tid);
      if (!order || order.customerId !== customerId) throw notFound();
      return views.dtoWithHistory(order, lang);
    },
  };
}
