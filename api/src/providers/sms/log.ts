import fs from 'node:fs/promises';
import path from 'node:path';
import { type FastifyBaseLogger } from 'fastify';
import { type DbOrTx } from '../../db/client.js';
import { smsOutbox } from '../../db/schema/index.js';
import { type SmsMessage, type SmsProvider } from './sms.js';

/** JSON lines beside the embedded database: `pnpm sms:last` reads them while the API holds PGlite. */
export const outboxFile = (dataDir: string): string => path.join(dataDir, 'sms-outbox.jsonl');

/**
 * Development stand-in for a phone: writes each message to the log, to `sms_outbox` and to
 * DATA_DIR/sms-outbox.jsonl, where `pnpm sms:last <phone>` finds it. Never configure it in
 * production — it keeps codes.
 */
export function createLogSmsProvider(deps: { db: DbOrTx; log: FastifyBaseLogger; dataDir: string }): SmsProvider {
  return {
    name: 'log',
    async send(message: SmsMessage) {
      const [row] = await deps.db
        .insert(smsOutbox)
        .values({ phone: message.phone, message: message.text, provider: 'log' })
        .returning({ id: smsOutbox.id });
      const line = JSON.stringify({ phone: message.phone, message: message.text, at: new Date().toISOString() });
      await fs.mkdir(deps.dataDir, { recursive: true });
      await fs.appendFile(outboxFile(deps.dataDir), `${line}\n`);
      deps.log.info({ sms: { to: message.phone, text: message.text } }, 'SMS (log provider)');
      return { providerMessageId: String(row?.id ?? '') };
    },
  };
}
