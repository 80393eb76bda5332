/**
 * `pnpm order:status BZ-100042 shipping [note]` — moves an order to a status until a back
 * office exists: records the change with its time and texts the customer in their language.
 * Runs against DATABASE_URL, or the embedded database under DATA_DIR (stop `pnpm start` first:
 * PGlite allows one process).
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { ORDER_STATUSES, type OrderStatus } from '../db/schema/orders.js';
import { AppError } from '../errors.js';

async function main(): Promise<number> {
  const [number, status, ...note] = process.argv.slice(2);
  if (!number || !status || !(ORDER_STATUSES as readonly string[]).includes(status)) {
    process.stderr.write(`Usage: pnpm order:status <order number> <${ORDER_STATUSES.join('|')}> [note]\n`);
    return 2;
  }
  const app = await buildApp(loadConfig(), { logger: { level: 'warn' } });
  try {
    const order = await app.services.orders.changeStatus(number, status as OrderStatus, note.join(' ') || undefined);
    process.stdout.write(`${order.number}: ${order.status} (payment ${order.paymentStatus})\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      process.stderr.write(`No order ${number}.\n`);
      return 1;
    }
    throw err;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
