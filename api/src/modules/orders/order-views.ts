import { type Lang } from '../../i18n/lang.js';
import { type OrderPartDeps } from './order-deps.js';
import { type RegionRow, orderDto, orderStatusesDto, paymentDeclined } from './orders.dto.js';
import { type OrderRow } from './orders.repository.js';
import { shopperRefund } from './refund-tasks.js';

/** An order as its answers show it (the shopper's lists and page, checkout answers, the staff's view of it). */
export function createOrderViews(deps: OrderPartDeps<'media' | 'shopInfo' | 'checkoutPayments' | 'refunds' | 'clock'>) {
  const { repo, shopInfo } = deps;

  /** The regions (names of the address's region and city), read once per answer and only for an address. */
  const regionsFor = async (rows: OrderRow[]) => (rows.some((o) => o.address) ? (await shopInfo.deliveryRows()).regions : []);

  /** With `origin`, an unpaid `payme`/`click` order's `pay_url`: the provider's page to pay it on. */
  const payLink = (order: OrderRow, origin?: string): string | null =>
    origin !== undefined && order.paymentStatus === 'pending' && order.status !== 'cancelled' ? deps.checkoutPayments.payLink(order, origin) : null;

  function withPayLink<T extends object>(order: OrderRow, base: T, origin?: string): T | (T & { pay_url: string }) {
    const link = payLink(order, origin);
    return link ? { ...base, pay_url: link } : base;
  }

  return {
    regionsFor,
    withPayLink,

    /** An order as the shopper sees it in lists and checkout answers; with `origin`, `pay_url` while it awaits payment. */
    async dto(order: OrderRow, lang: Lang, regions?: RegionRow[], origin?: string) {
      const [items, stores, regionRows] = await Promise.all([repo.items(order.id), shopInfo.storeRows(), regions ?? regionsFor([order])]);
      return withPayLink(order, orderDto(order, items, stores, regionRows, lang, deps.media), origin);
    },

    /** The same with the order's status history (one order's page). */
    async dtoWithHistory(order: OrderRow, lang: Lang, origin?: string) {
      const [items, stores, history, regionRows] = await Promise.all([repo.items(order.id), shopInfo.storeRows(), repo.history(order.id), regionsFor([order])]);
      return withPayLink(
        order,
        {
          ...orderDto(order, items, stores, regionRows, lang, deps.media),
          statuses: orderStatusesDto(history, lang),
          payment_declined: paymentDeclined(history),
          refund: shopperRefund(order, history, deps.refunds, deps.clock.now(), lang),
        },
        origin,
      );
    },
  };
}

export type OrderViews = ReturnType<typeof createOrderViews>;
