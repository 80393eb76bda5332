// Every table, from the schema file of the module (or provider) that owns it: what Drizzle, drizzle-kit and
// the repositories' reads take. Writes stay in the owner (api/test/table-ownership.test.ts).
export * from '../../modules/auth/auth.tables.js';
export * from '../../providers/limits/limits.tables.js';
export * from '../../providers/sms/sms.tables.js';
export * from '../../modules/catalog/catalog.tables.js';
export * from '../../modules/content/content.tables.js';
export * from '../../modules/inventory/inventory.tables.js';
export * from '../../modules/cart/cart.tables.js';
export * from '../../modules/favourites/favourites.tables.js';
export * from '../../lib/jobs.tables.js';
export * from '../../modules/payments/payments.tables.js';
export * from '../../modules/orders/orders.tables.js';
export * from '../../modules/checkout-payments/checkout-payments.tables.js';
export * from '../../modules/staff/staff.tables.js';
export * from '../../modules/audit/audit.tables.js';
export * from '../../modules/stock-alerts/stock-alerts.tables.js';
