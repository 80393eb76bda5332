import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type DbOrTx } from '../../db/client.js';
import { createEskizSmsProvider } from './eskiz.js';
import { createLogSmsProvider } from './log.js';
import { type SmsProvider } from './sms.js';

export * from './sms.js';

/** Picks the SMS adapter named by SMS_PROVIDER. */
export function createSmsProvider(config: Config['sms'], deps: { db: DbOrTx; log: FastifyBaseLogger; dataDir: string }): SmsProvider {
  switch (config.provider) {
    case 'log':
      return createLogSmsProvider(deps);
    case 'eskiz':
      return createEskizSmsProvider(config, deps);
  }
}
