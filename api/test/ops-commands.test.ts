/**
 * `pnpm staff:add` and `pnpm order:status` while the shop runs on the embedded database (one writer):
 * the commands go through the running API (DATA_DIR/ops.json), as an operator would run them next to
 * `pnpm start`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_DIR, type ApiProcess, TSX, startApiProcess } from './api-process.js';

describe('server commands against a running API on the embedded database', () => {
  let dataDir: string;
  let api: ApiProcess;
  let ownerToken = '';
  const env = () => ({ ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir });
  const run = (script: string, ...args: string[]) => spawnSync(TSX, [`src/cli/${script}.ts`, ...args], { cwd: API_DIR, env: env(), encoding: 'utf8' });
  const call = async (method: string, url: string, body?: object, token?: string) => {
    const res = await fetch(`${api.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-lang': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads JSON answers
  };
  /** Signs a phone in (shop or back office) with the code the log SMS provider kept. */
  async function signIn(prefix: '/api/auth' | '/api/admin/auth', phone: string): Promise<string> {
    expect((await call('POST', `${prefix}/send-otp`, { phone })).status).toBe(200);
    const code = run('sms-last', phone).stdout.match(/code is (\d{5})/)?.[1];
    const verified = await call('POST', `${prefix}/verify-otp`, { phone, otp: code });
    expect(verified.status).toBe(200);
    return (verified.body.token ?? verified.body.access_token) as string;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-ops-'));
    api = await startApiProcess({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 90_000);
  }, 120_000);
  afterAll(async () => {
    // SIGTERM: the API stops (tsx passes it on); a SIGKILL to tsx would leave the server running.
    if (api.proc.exitCode === null) {
      const exited = new Promise((resolve) => api.proc.once('exit', resolve));
      api.proc.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('pnpm staff:add adds the first owner, who signs in; a second add of the phone is refused', async () => {
    expect(fs.statSync(path.join(dataDir, 'ops.json')).mode & 0o777).toBe(0o600);
    const added = run('staff-add', '+998 90 555 44 33', 'owner', 'Aziz', 'Karimov');
    expect([added.status, added.stdout]).toEqual([0, expect.stringContaining('+998905554433 added as owner')]);
    const again = run('staff-add', '+998905554433', 'manager');
    expect([again.status, again.stderr]).toEqual([1, expect.stringContaining('already exists')]);
    expect(run('staff-add', '+998905554433', 'boss').status).toBe(2);
    ownerToken = await signIn('/api/admin/auth', '+998905554433');
    expect((await call('GET', '/api/admin/me', undefined, ownerToken)).body.staff).toMatchObject({ name: 'Aziz Karimov', role: 'owner' });
    expect(api.proc.exitCode).toBeNull();
  }, 60_000);

  test('pnpm order:status moves an order along the state machine and refuses a jump, while the shop runs', async () => {
    const shopper = await signIn('/api/auth', '+998935550077');
    const products = await call('POST', '/backend/api/ext/v1/resources/products', { page: 1, per_page: 40 });
    const product = (products.body.data as Array<{ id: number; total_quanity: number; variants_count: number }>).find((p) => p.total_quanity > 2 && p.variants_count === 1)!;
    const placed = await fetch(`${api.url}/api/orders/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper}`, 'idempotency-key': 'ops-command-order-1' },
      body: JSON.stringify({
        items: [{ product_id: product.id, quantity: 1 }],
        delivery: { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' },
        receiver: { name: 'Dilnoza', surname: 'Karimova', phone: '+998935550077' },
        payment: { method: 'cash' },
      }),
    });
    expect([placed.status, placed.status === 201 ? '' : await placed.text()]).toEqual([201, '']);
    const { number } = ((await placed.json()) as { order: { number: string } }).order;

    const confirmed = run('order-status', number, 'confirmed', 'Called', 'the', 'customer');
    expect([confirmed.status, confirmed.stdout]).toEqual([0, `${number}: confirmed (payment pending)\n`]);
    const jump = run('order-status', number, 'delivered');
    expect([jump.status, jump.stderr]).toEqual([1, expect.stringContaining('allowed next: assembling, cancelled')]);
    expect(run('order-status', 'BZ-999999', 'confirmed').stderr).toContain('No order BZ-999999');

    const mine = await call('GET', `/api/orders/${number}`, undefined, shopper);
    expect(mine.body.order.statuses.map((s: { status: string }) => s.status)).toEqual(['new', 'confirmed']);
    const audit = await call('GET', '/api/admin/audit?action=order.status', undefined, ownerToken);
    expect(audit.body.data[0]).toMatchObject({ staff: null, entity_id: number, after: { status: 'confirmed', note: 'Called the customer', _command: 'order:status' } });
    expect(api.proc.exitCode).toBeNull();
  }, 60_000);
});
