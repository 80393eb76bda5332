/**
 * `pnpm order:status <number> cancelled` run as staff run it, against a PostgreSQL database and the fake
 * Payme: it says whether the refund is confirmed, and refuses to cancel while a payment is being checked.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/db/client.js';
import { API_DIR, TSX } from './api-process.js';
import { startFakePayme } from './fake-payme.js';
import { type TestApp, bearer, createTestApp, signIn } from './helpers.js';

const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
const TIMEOUT_MS = 300;
const LATE = 900;

const describeIfPg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeIfPg('pnpm order:status tells staff the truth about a refund (PostgreSQL)', () => {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let t: TestApp;
  let env: Record<string, string>;
  let dataDir: string;
  beforeAll(async () => {
    payme = await startFakePayme();
    env = { PAYMENT_PROVIDER: 'payme', PAYME_BASE_URL: payme.baseUrl, PAYME_MERCHANT_ID: payme.merchantId, PAYME_KEY: payme.key, PAYME_TIMEOUT_MS: String(TIMEOUT_MS) };
    t = await createTestApp('postgres', { seed: true, env });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-cli-'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await payme.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the real command against the test database; answers its exit code and output. */
  function orderStatus(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const proc = spawn(TSX, ['src/cli/order-status.ts', ...args], {
      cwd: API_DIR,
      env: { ...process.env, ...env, DATABASE_URL: (t.database as Database & { url: string }).url, DATA_DIR: dataDir, SMS_PROVIDER: 'log' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stdout, stderr })));
  }

  test('refund pending when Payme fails, refunded once it confirms; refused while a payment is being checked', async () => {
    const token = await signIn(t);
    const headers = { ...bearer(token) };
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers, payload: { number: '8600 0691 9540 6311', expire: '03/99' } });
    const cardId = created.json().card.id as number;
    await t.app.inject({ method: 'POST', url: '/api/payments/card/confirm', headers, payload: { card_id: cardId, code: '666666' } });
    const [v] = await queryRows<{ product_id: number }>(t.database.db, sql`select p.id as product_id from products p where p.status = 'active' and p.visible_to is null and p.price_individual < 900000 order by p.id limit 1`);
    const body = { items: [{ product_id: v!.product_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: cardId } };
    const paid = await t.app.inject({ method: 'POST', url: '/api/orders/', headers: { ...headers, 'idempotency-key': 'cli-refund-001' }, payload: body });
    const number = paid.json().order.number as string;

    payme.faults.push({ method: 'receipts.cancel', process: false, answer: 'http', status: 500 });
    const pending = await orderStatus(number, 'cancelled');
    expect(pending).toMatchObject({ code: 0, stdout: `${number}: cancelled (payment refund_pending)\nrefund pending: the provider has not confirmed it yet; a card or Click refund the API asks again for until it does, a Payme-checkout one is made in Payme's merchant cabinet (the order's page in the back office says what to refund)\n` });
    const again = await orderStatus(number, 'cancelled');
    expect(again).toMatchObject({ code: 0, stdout: `${number}: cancelled (payment refunded)\nrefunded\n` });

    payme.faults.push({ method: 'receipts.pay', process: true, answer: 'late', delayMs: LATE });
    const checking = await t.app.inject({ method: 'POST', url: '/api/orders/', headers: { ...headers, 'idempotency-key': 'cli-checking-01' }, payload: body });
    expect(checking.statusCode).toBe(202);
    const refused = await orderStatus(checking.json().order.number as string, 'cancelled');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('still being checked with the provider');
  }, 60_000);
});
