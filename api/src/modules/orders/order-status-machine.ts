import { type DeliveryType, type OrderStatus } from '../../db/schema/index.js';

/**
 * The one order state machine (docs/back-office.md): every status change — staff in the back office,
 * `pnpm order:status` — goes through `nextStatuses`. Goods leave at `shipping` / `picked_up`; before
 * that an order can be cancelled. Nothing leaves `cancelled` or `completed`: a cancelled order's stock
 * is already back on sale.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['assembling', 'cancelled'],
  assembling: ['shipping', 'ready_for_pickup', 'cancelled'],
  shipping: ['delivered'],
  ready_for_pickup: ['picked_up', 'cancelled'],
  delivered: ['completed'],
  picked_up: ['completed'],
  completed: [],
  cancelled: [],
};

/**
 * Where an order may go next: a courier or express order is shipped, a pickup order waits in its store.
 * A "Buy in 1 click" order (`phone`: delivery agreed with the shopper by phone when staff confirm it) may
 * take either road once packed — staff choose `shipping` or `ready_for_pickup` as agreed.
 */
export function nextStatuses(order: { status: OrderStatus; deliveryType: DeliveryType }): OrderStatus[] {
  return NEXT[order.status].filter((next) => {
    if (order.deliveryType === 'phone') return true;
    if (next === 'shipping' || next === 'delivered') return order.deliveryType !== 'pickup';
    if (next === 'ready_for_pickup' || next === 'picked_up') return order.deliveryType === 'pickup';
    return true;
  });
}

export function canMove(order: { status: OrderStatus; deliveryType: DeliveryType }, to: OrderStatus): boolean {
  return nextStatuses(order).includes(to);
}
