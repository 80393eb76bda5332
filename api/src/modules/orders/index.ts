// The orders module's one face: all another module (or the wiring, app.ts and services.ts) may import from it.
// It owns the orders, their lines, status history, notes and stock moves (db/schema/orders.ts); others read
// and move them only through what is here. checkout-payments depends on it, never the other way: what orders
// needs of checkout-payments is the port in checkout-port.ts, which services.ts fills.

// Services, built once in services.ts.
export { type OrderService, createOrderService } from './orders.service.js';
export { type OrderPayments, type ReconcileReport, createOrderPayments } from './order-payments.js';
export { type OrderRecords, createOrderRecords } from './order-records.service.js';
export { type CashHoldExpiry, createCashHoldExpiry } from './cash-hold.js';
export { type StaffOrdersService, createStaffOrdersService } from './staff-orders.service.js';

// Routes: the shopper's and the catalogue API's, the back office's, `pnpm order:status`'s.
export { orderRoutes } from './orders.routes.js';
export { staffOrderRoutes } from './staff.routes.js';
export { opsRoutes } from './ops.routes.js';

// What checkout-payments provides (checkout-port.ts) and reaches orders with.
export { type CheckoutPort, FISCAL_RECEIPT_STATES, type FiscalReceiptState, type PaymentToRefund } from './checkout-port.js';
export { type OrderItemRow, type OrderRow, type PaymentStatus, type StatusChange } from './orders.repository.js';
export { DELIVERY_TITLE, receiptFromItems } from './order-lines.js';
export { linesWithoutLabels } from './marking.js';
export { orderSmsText, refundedSmsText } from './orders.text.js';

/** The courier fee (the product page's delivery estimate prices it as checkout does). */
export { courierFee } from './delivery.js';
