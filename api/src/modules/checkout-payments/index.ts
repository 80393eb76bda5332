// checkout-payments' one face: Payme checkout and Click, paid on the providers' own pages (their callbacks,
// the expiry of unpaid orders, Click's reversals and fiscal receipts). It owns checkout_transactions. It
// depends on the orders module (through orders' index) and never the other way: its service is also what
// orders asks of it (orders' `CheckoutPort`), which services.ts passes in.
export { type CheckoutPayments, createCheckoutPayments } from './checkout-payments.service.js';
export { type ClickRefunds, createClickRefunds } from './click-refund.js';
export { type CheckoutSettlement, createCheckoutSettlement } from './settlement.js';
export { checkoutPaymentRoutes } from './checkout-payments.routes.js';
