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
  // No reconciler timer here: this process lives for one command. Warnings (a failed provider call) go
  // to stderr, so stdout says only what happened to the order.
  const app = await buildApp(loadConfig(), { logger: { level: 'warn', stream: process.stderr }, background: false });
  try {
    const order = await app.services.orders.changeStatus(number, status as OrderStatus, note.join(' ') || undefined);
    process.stdout.write(`${order.number}: ${order.status} (payment ${order.paymentStatus})\n`);
    // Say what the provider actually confirmed; a pending refund is not an error (the API keeps retrying).
    if (order.paymentStatus === 'refund_pending') {
      process.stdout.write('refund pending: the provider did not confirm yet; the API asks again until it does\n');
    } else if (order.paymentStatus === 'refunded') {
      process.stdout.write('refunded\n');
    }
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      process.stderr.write(`No order ${number}.\n`);
      return 1;
    }
    if (err instanceof AppError && err.code === 'PAYMENT_CHECKING') {
      process.stderr.write(`${number}: its card payment is still being checked with the provider; cancel it once that is settled.\n`);
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
