/**
 * Inventory: the one owner of stock (docs/architecture.md). Only this module writes variant_stock,
 * stock_movements, order_stock_moves and products.total_quantity; every function takes the caller's
 * transaction, so an order's placing or a CSV import stays one transaction with its stock. Others read stock
 * through the functions and SQL fragments below.
 */
export { type StockShortfall, type StockTake, recordOrderTakes, releaseOrderStock, reserveStock } from './order-stock.js';
export { type MoveAuthor, type StockMove, dropVariantStock, moveStock, openingStock, readStock, setStock } from './staff-moves.js';
export { type TotalsOf, refreshProductTotals } from './product-totals.js';
export { hasLowStock, hasStock, inStock, lowCondition, stockOf, variantStockByStore, variantStockJson, variantTotal } from './stock-reads.js';
export { type HistoryReason, type HistoryRow, type LowStockRow, lowStockCount, lowStockRows, stockHistory, stockHistoryCount } from './stock-history.js';
export { STOCK_TABLES, seedStock } from './seed-stock.js';
