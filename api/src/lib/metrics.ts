/**
 * The API's Prometheus metrics (docs/operations.md "Metrics"): one registry per app (tests build many
 * apps in one process, so no module-level singleton), served on METRICS_PORT by `serveMetrics` — never
 * on the public port, where `/metrics` is no route at all.
 *
 * Labels hold only bounded values: a route's pattern (never the URL a client wrote), a status code, a
 * payment method, an outcome from a fixed list.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type SmsProvider } from '../providers/sms/sms.js';

/** What the database pool reports (node-postgres only; PGlite has no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type OtpResult = 'ok' | 'wrong_code' | 'expired' | 'too_many_attempts' | 'rate_limited' | 'error';
export type PaymentOutcome = 'paid' | 'failed' | 'checking' | 'refunded';

export function createMetrics() {
  const registry = new Registry();
  let poolStats: (() => PoolStats | undefined) | undefined;
  const metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'bozor_api_http_request_duration_seconds',
      help: 'API requests: time to answer, per route pattern, method and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    dbPool: new Gauge({
      name: 'bozor_api_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one (absent on the embedded database).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    }),
    cacheLookups: new Counter({
      name: 'bozor_api_cache_lookups_total',
      help: 'In-process catalogue caches (lib/ttl-cache.ts): lookups per cache, hit or miss.',
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
    }),
    ordersCreated: new Counter({
      name: 'bozor_api_orders_created_total',
      help: 'Orders placed (stock reserved), per payment method; replays of an idempotency key are not counted.',
      labelNames: ['payment_method'] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: 'bozor_api_payments_total',
      help: 'Payment outcomes as they are recorded on orders: paid, failed, checking (outcome unknown), refunded.',
      labelNames: ['method', 'outcome'] as const,
      registers: [registry],
    }),
    sms: new Counter({
      name: 'bozor_api_sms_total',
      help: 'Text messages handed to the SMS provider: sent (accepted) or failed.',
      labelNames: ['provider', 'result'] as const,
      registers: [registry],
    }),
    otpVerifications: new Counter({
      name: 'bozor_api_otp_verifications_total',
      help: 'Sign-in code checks (shop and back office) by result.',
      labelNames: ['scope', 'result'] as const,
      registers: [registry],
    }),
    /** The pool to report on (openDatabase's `poolStats`); called on every scrape. */
    observePool(stats: (() => PoolStats | undefined) | undefined) {
      poolStats = stats;
    },
    /** Process metrics (CPU, memory, event loop, GC): only for a serving process, not for every test app. */
    collectProcessMetrics() {
      collectDefaultMetrics({ register: registry, prefix: 'bozor_api_' });
    },
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The SMS provider, counting each message as sent (accepted by the provider) or failed. */
export function countedSms(provider: SmsProvider, metrics: Metrics): SmsProvider {
  return {
    name: provider.name,
    async send(message) {
      try {
        const sent = await provider.send(message);
        metrics.sms.inc({ provider: provider.name, result: 'sent' });
        return sent;
      } catch (err) {
        metrics.sms.inc({ provider: provider.name, result: 'failed' });
        throw err;
      }
    },
  };
}

/** The OTP error codes (AppError.code) as a verification result label. */
const OTP_RESULTS: Record<string, OtpResult> = {
  OTP_INVALID: 'wrong_code',
  OTP_EXPIRED: 'expired',
  OTP_TOO_MANY_ATTEMPTS: 'too_many_attempts',
  RATE_LIMITED: 'rate_limited',
};
export function otpResultOf(code: string | undefined): OtpResult {
  return (code !== undefined && OTP_RESULTS[code]) || 'error';
}

/**
 * A listener for Prometheus only: GET /metrics answers the registry, anything else 404. Bound to
 * METRICS_HOST (127.0.0.1 by default), on its own port, so no gateway route can reach it. The shell
 * server serves its registry with the same listener (`@bozor/shared-runtime/metrics-server`).
 */
export { serveMetrics } from '@bozor/shared-runtime/metrics-server';
