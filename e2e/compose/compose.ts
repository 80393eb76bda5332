// What the compose stories share: the shop's address, docker-compose on the test's project, SQL in the
// shop's PostgreSQL container, and the SMS codes the API's log provider keeps in its sms_outbox table.
import { spawnSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { typeInto } from '../support/keyboard';

export const base = () => process.env.COMPOSE_BASE_URL as string;
export const project = () => process.env.COMPOSE_TEST_PROJECT ?? 'bozortest';
export const repoRoot = () => process.env.COMPOSE_REPO_ROOT ?? process.cwd();
const FILES = ['-f', 'docker-compose.yml', '-f', 'e2e/compose/docker-compose.test.yml'];

/** Runs a command in the repository's root; throws with its output when it fails. */
export function sh(cmd: string, args: string[], input?: string): string {
  const r = spawnSync(cmd, args, { cwd: repoRoot(), encoding: 'utf8', input, env: process.env, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** docker-compose on the test's project and files. */
export function compose(...args: string[]): string {
  return sh('docker-compose', ['-p', project(), ...FILES, ...args]);
}

/** One SQL statement in the shop's database (psql inside the postgres container), rows as lines of `|`-separated values. */
export function sql(statement: string): string[] {
  return compose('exec', '-T', 'postgres', 'psql', '-U', 'bozor', '-d', 'bozor', '-AtX', '-v', 'ON_ERROR_STOP=1', '-c', statement)
    .split('\n')
    .filter((l) => l !== '');
}

/** A fresh Uzbek mobile number's 9 digits (a Beeline 90 number no other story uses). */
export function freshDigits(): string {
  return `90${String(Date.now() % 10_000_000).padStart(7, '0')}`;
}

/** The newest 5-digit code texted to +998<digits9> since `after` (the log provider's sms_outbox). */
export async function smsCode(digits9: string, after: Date): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const [message] = sql(`select message from sms_outbox where phone = '+998${digits9}' and created_at >= '${new Date(after.getTime() - 2000).toISOString()}' order by id desc limit 1`);
        code = /\b(\d{5})\b/.exec(message ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return code;
}

/** Container ids of a service of the project, running ones only. */
export function containersOf(service: string): string[] {
  return compose('ps', '-q', service)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .filter((id) => sh('docker', ['inspect', '-f', '{{.State.Running}}', id]).trim() === 'true');
}

/** Signs +998<digits9> in through the gateway (the code from the outbox); answers the bearer token. */
export async function signIn(digits9: string): Promise<string> {
  const asked = new Date();
  const json = { 'content-type': 'application/json' };
  const sent = await fetch(`${base()}/api/auth/send-otp`, { method: 'POST', headers: json, body: JSON.stringify({ phone: `+998${digits9}`, user_type: 'individual' }) });
  expect(sent.status).toBe(200);
  const otp = await smsCode(digits9, asked);
  const verified = await fetch(`${base()}/api/auth/verify-otp`, { method: 'POST', headers: json, body: JSON.stringify({ phone: `+998${digits9}`, otp }) });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { access_token: string }).access_token;
}

/** The orders a signed-in shopper sees in My orders (numbers and statuses), through the gateway. */
export async function myOrders(token: string): Promise<string[]> {
  const res = await fetch(`${base()}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { number: string; status: string }[] };
  return data.map((o) => `${o.number} ${o.status}`);
}

/** A cash store-pickup order's body for one unit of a product with at least `stock` units in store 1. */
export function pickupOrderBody(stock: number): string {
  const [row] = sql(
    `select p.id || ':' || v.id from products p join variants v on v.product_id = p.id join variant_stock s on s.variant_id = v.id and s.store_id = 1
     where p.status = 'active' and s.quantity >= ${stock} order by p.id limit 1`,
  );
  const [productId, variantId] = row!.split(':').map(Number);
  return JSON.stringify({
    items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
    one_click: false,
    delivery: { type: 'pickup', store_id: 1 },
    receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' },
    payment: { method: 'cash' },
  });
}

/** POST /api/orders through the gateway with an Idempotency-Key; answers the status and the order's number. */
export async function postOrder(token: string, body: string, key: string): Promise<{ status: number; number?: string; text: string }> {
  const res = await fetch(`${base()}/api/orders/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const number = res.status < 300 ? (JSON.parse(text) as { order: { number: string } }).order.number : undefined;
  return { status: res.status, text, ...(number ? { number } : {}) };
}

/** In the open sign-in dialog: a fresh phone typed key by key, the code from the outbox, signed in. Answers the phone's 9 digits. */
export async function signInInDialog(page: Page): Promise<string> {
  const digits = freshDigits();
  await typeInto(page.getByTestId('signin-phone'), digits);
  const asked = new Date();
  await page.getByTestId('signin-get-code').click();
  await typeInto(page.getByTestId('signin-code'), await smsCode(digits, asked));
  await page.getByTestId('signin-verify').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  return digits;
}
