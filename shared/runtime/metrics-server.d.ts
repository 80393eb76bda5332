// Types of metrics-server.js (hand-written: the module is plain JavaScript so node runs it as it is).
import type { Server } from 'node:http';

/** What the listener reads of a registry; prom-client's `Registry` has both. */
export interface MetricsRegistry {
  metrics(): Promise<string>;
  readonly contentType: string;
}

/** A listener for Prometheus only: GET /metrics answers the registry, anything else 404. */
export function serveMetrics(registry: MetricsRegistry): Server;
