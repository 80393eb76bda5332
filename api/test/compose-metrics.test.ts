/**
 * docker-compose's `metrics` profile (docs/operations.md "Metrics"): Prometheus scrapes every replica of the
 * API and of the shell on their metrics port, and nothing of it is published beyond the host's loopback.
 * Docker is not available where these tests run, so the files are parsed; `pnpm test:compose` (story 06)
 * starts the real Prometheus against two API replicas.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
}
interface ScrapeConfig {
  job_name: string;
  metrics_path?: string;
  static_configs?: { targets: string[] }[];
  dns_sd_configs?: { names: string[]; type?: string; port?: number }[];
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const prometheus = parse(read('ops/prometheus/prometheus.yml')) as { scrape_configs: ScrapeConfig[] };

describe("docker-compose's metrics profile", () => {
  test('every replica of the API and the shell is a target of its own, on the metrics port compose gives it', () => {
    for (const [service, job] of [['api', 'bozor-api'], ['shell', 'bozor-shell']] as const) {
      const port = Number(compose.services[service]!.environment!.METRICS_PORT);
      expect(port).toBeGreaterThan(0);
      const scrape = prometheus.scrape_configs.find((c) => c.job_name === job);
      expect(scrape?.metrics_path ?? '/metrics').toBe('/metrics');
      // the service's name asked of the compose network's DNS, which answers with every replica's address:
      // a static `api:9464` is one target that each scrape sends to whichever replica the name resolved to
      expect(scrape?.dns_sd_configs).toEqual([{ names: [service], type: 'A', port, refresh_interval: expect.any(String) }]);
      expect(scrape?.static_configs).toBeUndefined();
    }
  });

  test("Prometheus and Grafana are on the host's loopback only; the metrics ports are published nowhere", () => {
    for (const name of ['prometheus', 'grafana']) {
      const service = compose.services[name]!;
      expect(service.profiles).toEqual(['metrics']);
      expect(service.ports).toEqual([expect.stringMatching(/^127\.0\.0\.1:/)]);
    }
    expect(compose.services.api!.ports).toBeUndefined();
    expect(compose.services.shell!.ports).toBeUndefined();
    // the official image unless PROMETHEUS_IMAGE names another (the Debian stand-in of ops/local-images)
    expect(compose.services.prometheus!.image).toMatch(/^\$\{PROMETHEUS_IMAGE:-prom\/prometheus:v[\d.]+\}$/);
    expect(compose.services.prometheus!.volumes).toContain('./ops/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
  });
});
