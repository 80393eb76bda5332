/**
 * `pnpm staff:add +998901234567 owner ["Full name"] [--store <id>]` — adds a staff member (the first
 * owner, typically). Through the running API when there is one (DATA_DIR/ops.json), else directly on
 * DATABASE_URL or the embedded database. The audit log records it as done by the command.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { STAFF_ROLES, type StaffRole } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { normalizeUzMobile } from '../lib/phone.js';
import { callRunningApi } from './ops-client.js';

const USAGE = `Usage: pnpm staff:add <+998XXXXXXXXX> <${STAFF_ROLES.join('|')}> ["Full name"] [--store <store id>]\n`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const storeAt = args.indexOf('--store');
  const storeId = storeAt >= 0 ? Number(args[storeAt + 1]) : null;
  const positional = storeAt >= 0 ? [...args.slice(0, storeAt), ...args.slice(storeAt + 2)] : args;
  const [rawPhone, role, ...nameParts] = positional;
  const phone = rawPhone ? normalizeUzMobile(rawPhone) : null;
  if (!phone || !role || !(STAFF_ROLES as readonly string[]).includes(role) || (storeId !== null && !Number.isInteger(storeId))) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (role === 'store' && storeId === null) {
    process.stderr.write(`A store account needs its store: --store <id>.\n${USAGE}`);
    return 2;
  }
  const name = nameParts.join(' ') || phone;
  const config = loadConfig();
  const answer = await callRunningApi(config.dataDir, 'POST', '/api/ops/staff', { phone, name, role, store_id: storeId });
  if (answer) {
    if (answer.status === 201) return added(phone, role);
    return refused(answer.body.error?.code ?? `HTTP_${answer.status}`, answer.body.error?.message);
  }
  const app = await buildApp(config, { logger: { level: 'warn', stream: process.stderr }, background: false });
  try {
    await app.services.staff.add({ command: 'staff:add' }, { phone, name, role: role as StaffRole, storeId }, 'en');
    return added(phone, role);
  } catch (err) {
    if (err instanceof AppError) return refused(err.code);
    throw err;
  } finally {
    await app.close();
  }
}

function added(phone: string, role: string): number {
  process.stdout.write(`${phone} added as ${role}. They sign in at /admin/ with this phone and an SMS code.\n`);
  return 0;
}

function refused(code: string, message?: string): number {
  process.stderr.write(code === 'STAFF_EXISTS' ? 'A staff member with this phone already exists.\n' : `Refused: ${message ?? code}\n`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
