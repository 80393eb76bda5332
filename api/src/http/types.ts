import { type Config } from '../config.js';
import { type Metrics } from '../lib/metrics.js';
import { type Lang } from '../i18n/lang.js';
import { type AuthContext } from '../modules/auth/index.js';
import { type Providers, type Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** From X-LANG (uz|ru|en, default uz). */
    lang: Lang;
    /** Memo of currentAuth(); undefined until looked up. */
    authCache: AuthContext | null | undefined;
  }
  interface FastifyInstance {
    config: Config;
    services: Services;
    providers: Providers;
    /** The secret of `ops` routes for this process (see http/access.ts). */
    opsSecret: string;
    /** Prometheus metrics of this app (lib/metrics.ts), served on METRICS_PORT by server.ts. */
    metrics: Metrics;
  }
}
