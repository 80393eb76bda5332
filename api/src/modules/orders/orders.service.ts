import { type OrderDeps } from './order-deps.js';
import { createOneClickOrders } from './one-click.js';
import { createOrderPlacing } from './order-placing.js';
import { createOrderPricing } from './order-pricing.js';
import { createOrderQueries } from './order-queries.js';
import { createOrderStatus } from './order-status.js';
import { createOrderViews } from './order-views.js';
import { createOrderWriting } from './order-writing.js';
import { createOrderRepository } from './orders.repository.js';

/**
 * The orders of the shop, one service made of its uses: placing an order at checkout (order-placing.ts),
 * "Buy in 1 click" (one-click.ts), both written the one way (order-writing.ts); reading orders
 * (order-queries.ts); moving them along the state machine (order-status.ts). Card payments are
 * order-payments.ts, staff's views of orders staff-orders.service.ts.
 */
export function createOrderService(deps: OrderDeps) {
  const parts = { ...deps, repo: createOrderRepository(deps.db) };
  const views = createOrderViews(parts);
  const pricing = createOrderPricing(parts);
  const writing = createOrderWriting(parts, views);
  const placing = createOrderPlacing(parts, { pricing, writing, views });
  const oneClick = createOneClickOrders(parts, { pricing, writing, views });
  const queries = createOrderQueries(parts, views);
  const status = createOrderStatus(parts);

  return {
    quote: placing.quote,
    create: placing.create,
    createOneClick: oneClick.createOneClick,
    staffView: queries.staffView,
    find: queries.find,
    get: queries.get,
    listForCustomer: queries.listForCustomer,
    details: queries.details,
    changeStatus: status.changeStatus,
    expireHold: status.expireHold,
    extendHold: status.extendHold,
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
