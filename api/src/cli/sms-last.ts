/**
 * `pnpm sms:last +998901234567` — prints the newest SMS sent to a phone by the `log`
 * provider (development: this is where sign-in codes arrive).
 * With DATABASE_URL it reads the sms_outbox table; on the embedded database it reads
 * DATA_DIR/sms-outbox.jsonl, since the running API holds PGlite open.
 */
import fs from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { smsOutbox } from '../db/schema/index.js';
import { normalizeUzMobile } from '../lib/phone.js';
import { outboxFile } from '../providers/sms/log.js';

async function main(): Promise<number> {
  const arg = process.argv.slice(2).join(' ');
  const phone = normalizeUzMobile(arg);
  if (!phone) {
    process.stderr.write('Usage: pnpm sms:last +998901234567  (an Uzbek mobile number)\n');
    return 2;
  }
  const config = loadConfig();
  let found: { message: string; at: string } | undefined;
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
    try {
      const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
      if (row) found = { message: row.message, at: row.createdAt.toISOString() };
    } finally {
      await database.close();
    }
  } else {
    const file = outboxFile(config.dataDir);
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
    for (const line of lines.reverse()) {
      const entry = JSON.parse(line) as { phone: string; message: string; at: string };
      if (entry.phone === phone) {
        found = entry;
        break;
      }
    }
  }
  if (!found) {
    process.stderr.write(`No SMS to ${phone} yet (DATA_DIR=${config.dataDir}).\n`);
    return 1;
  }
  process.stdout.write(`${found.at}  ${phone}\n${found.message}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
