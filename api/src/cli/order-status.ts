/**
 * `pnpm order:status BZ-100042 shipping [note]` — moves an order along the state machine, records the
 * change with its time and texts the customer in their language. Goes through the running API when
 * there is one (DATA_DIR/ops.json), so it works while `pnpm start` runs on the embedded database;
 * otherwise opens DATABASE_URL or the embedded database itself.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { ORDER_STATUSES, type OrderStatus } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { callRunningApi } from './ops-client.js';

interface Outcome {
  number: string;
  status: string;
  payment_status: string;
}

async function direct(number: string, status: OrderStatus, note: string | undefined): Promise<Outcome> {
  // No reconciler timer here: this process lives for one command. Warnings (a failed provider call) go
  // to stderr, so stdout says only what happened to the order.
  const app = await buildApp(loadConfig(), { logger: { level: 'warn', stream: process.stderr }, background: false });
  try {
    const order = await app.services.orders.changeStatus(number, status, { ...(note ? { note } : {}), actor: { command: 'order:status' } });
    return { number: order.number, status: order.status, payment_status: order.paymentStatus };
  } catch (err) {
    if (err instanceof AppError) throw new CommandError(err.code, err.options.extra?.allowed as string[] | undefined, err.options.extra?.expires_at as string | null | undefined);
    throw err;
  } finally {
    await app.close();
  }
}

class CommandError extends Error {
  constructor(
    readonly code: string,
    readonly allowed?: string[],
    /** PAYMENT_AWAITED: when the unpaid order expires by itself (at the earliest). */
    readonly expiresAt?: string | null,
  ) {
    super(code);
  }
}

async function main(): Promise<number> {
  const [number, status, ...rest] = process.argv.slice(2);
  if (!number || !status || !(ORDER_STATUSES as readonly string[]).includes(status)) {
    process.stderr.write(`Usage: pnpm order:status <order number> <${ORDER_STATUSES.join('|')}> [note]\n`);
    return 2;
  }
  const note = rest.join(' ') || undefined;
  let outcome: Outcome;
  try {
    const answer = await callRunningApi(loadConfig().dataDir, 'POST', `/api/ops/orders/${encodeURIComponent(number)}/status`, { status, ...(note ? { note } : {}) });
    if (answer && answer.status !== 200) throw new CommandError(answer.body.error?.code ?? `HTTP_${answer.status}`, answer.body.error?.allowed, answer.body.error?.expires_at);
    outcome = answer ? (answer.body as unknown as Outcome) : await direct(number, status as OrderStatus, note);
  } catch (err) {
    if (!(err instanceof CommandError)) throw err;
    if (err.code === 'NOT_FOUND') process.stderr.write(`No order ${number}.\n`);
    else if (err.code === 'PAYMENT_CHECKING') process.stderr.write(`${number}: its payment is still being checked with the provider; cancel it once that is settled.\n`);
    else if (err.code === 'PAYMENT_AWAITED') {
      const when = err.expiresAt ? ` (from ${err.expiresAt})` : '';
      process.stderr.write(`${number}: awaiting payment on the Payme/Click page; if it is not paid, it cancels by itself and gives its stock back when its time to pay runs out${when}.\n`);
    } else if (err.code === 'INVALID_TRANSITION') process.stderr.write(`${number} cannot go to ${status}; allowed next: ${err.allowed?.join(', ') || 'none'}.\n`);
    else process.stderr.write(`${number}: ${err.code}\n`);
    return 1;
  }
  process.stdout.write(`${outcome.number}: ${outcome.status} (payment ${outcome.payment_status})\n`);
  // Say what the provider actually confirmed; a pending refund is not an error (the API keeps retrying, or it
  // is a refund owed by hand in the provider's cabinet: orders/refund-tasks.ts).
  if (outcome.payment_status === 'refund_pending') {
    process.stdout.write(
      "refund pending: the provider has not confirmed it yet; a card or Click refund the API asks again for until it does, a Payme-checkout one is made in Payme's merchant cabinet (the order's page in the back office says what to refund)\n",
    );
  } else if (outcome.payment_status === 'refunded') {
    process.stdout.write('refunded\n');
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
