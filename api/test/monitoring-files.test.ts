/**
 * The monitoring files under ops/ and the compose `metrics` profile (docs/operations.md "Metrics"): Docker is
 * not available where the tests run, so they are parsed and checked against each other and against the
 * metrics the code registers — a dashboard query on a metric nobody exports would chart nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { createMetrics } from '../src/lib/metrics.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const yaml = (file: string) => parse(read(file)) as Record<string, unknown>;

interface Service {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
}

const compose = yaml('docker-compose.yml') as { services: Record<string, Service>; volumes: Record<string, unknown> };
const prometheus = yaml('ops/prometheus/prometheus.yml') as { scrape_configs: { job_name: string; metrics_path?: string; dns_sd_configs?: { names: string[]; type: string; port: number }[] }[] };
const dashboard = JSON.parse(read('ops/grafana/dashboards/bozor.json')) as {
  uid: string;
  panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
};

/**
 * Every metric family the API and the shell server export, process metrics included (as a serving process
 * has them). The API's from its registry; the shell server's (another package) from its source, where each
 * is declared with `name: '…'` and a histogram as `new Histogram(`.
 */
async function exportedNames(): Promise<Set<string>> {
  const api = createMetrics();
  api.collectProcessMetrics();
  const names = new Set<string>();
  const add = (name: string, histogram: boolean) => {
    names.add(name);
    if (histogram) for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
  };
  for (const family of await api.registry.getMetricsAsJSON()) {
    add(family.name, String(family.type) === 'histogram');
  }
  // the shell server collects the same process metrics under its own prefix
  const processMetrics = [...names].filter((n) => /^bozor_api_(process|nodejs)_/.test(n));
  for (const n of processMetrics) names.add(n.replace(/^bozor_api_/, 'bozor_shell_'));
  const shellSource = read('shell/server/metrics.ts');
  for (const m of shellSource.matchAll(/new (Histogram|Counter|Gauge)\(\{\s*name: '(bozor_shell_[a-z0-9_]+)'/g)) add(m[2]!, m[1] === 'Histogram');
  expect([...names].filter((n) => n.startsWith('bozor_shell_') && !/_(process|nodejs)_/.test(n)).length).toBeGreaterThanOrEqual(4);
  return names;
}

test('compose: the API and the shell serve metrics on their own port, which is neither published nor routed by the gateway', () => {
  for (const name of ['api', 'shell']) {
    const service = compose.services[name]!;
    expect(service.environment?.METRICS_PORT).toBe('9464');
    expect(service.environment?.PORT).not.toBe('9464');
    expect(service.ports ?? []).toEqual([]);
  }
  const gateway = read('gateway/default.conf.template');
  expect(gateway).not.toMatch(/metrics|9464/);
  // the gateway publishes only its own port
  expect(compose.services.gateway!.ports).toEqual(['${GATEWAY_PUBLISH:-8080}:80']);
});

test('compose: the `metrics` profile starts Prometheus and Grafana, each on the loopback only, with the files under ops/', () => {
  const inProfile = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('metrics')).map(([n]) => n).sort();
  expect(inProfile).toEqual(['grafana', 'prometheus']);
  // the shop itself runs without any profile
  for (const name of ['gateway', 'shell', 'api', 'postgres', 'redis']) expect(compose.services[name]!.profiles).toBeUndefined();
  for (const name of inProfile) {
    const service = compose.services[name]!;
    // a pinned official image by default; a variable may name a local stand-in (ops/local-images/build)
    expect(service.image).toMatch(/^(\$\{[A-Z_]+_IMAGE:-)?(prom\/prometheus|grafana\/grafana):v?\d+\.\d+\.\d+\}?$/);
    for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('./')) expect(fs.existsSync(path.join(ROOT, source))).toBe(true);
      else expect(Object.keys(compose.volumes)).toContain(source);
    }
  }
  expect(compose.services.prometheus!.volumes).toContain('./ops/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
});

test('Prometheus scrapes the API and the shell on the port compose gives them, every replica found by DNS', () => {
  const targets = Object.fromEntries(
    prometheus.scrape_configs.map((c) => [c.job_name, (c.dns_sd_configs ?? []).flatMap((d) => d.names.map((name) => `${name}:${d.port} (${d.type})`))]),
  );
  expect(targets).toEqual({ 'bozor-api': ['api:9464 (A)'], 'bozor-shell': ['shell:9464 (A)'] });
  for (const c of prometheus.scrape_configs) expect(c.metrics_path ?? '/metrics').toBe('/metrics');
});

test('Grafana is provisioned with the Prometheus data source and the dashboard folder', () => {
  const sources = yaml('ops/grafana/provisioning/datasources/prometheus.yml') as { datasources: { uid: string; type: string; url: string }[] };
  expect(sources.datasources).toEqual([expect.objectContaining({ uid: 'bozor-prometheus', type: 'prometheus', url: 'http://prometheus:9090' })]);
  const providers = yaml('ops/grafana/provisioning/dashboards/bozor.yml') as { providers: { type: string; options: { path: string } }[] };
  const grafana = compose.services.grafana!;
  const mountedAt = grafana.volumes!.find((v) => v.startsWith('./ops/grafana/dashboards:'))!.split(':')[1];
  expect(providers.providers[0]!.options.path).toBe(mountedAt);
  expect(grafana.volumes).toContain('./ops/grafana/provisioning:/etc/grafana/provisioning:ro');
});

test('every dashboard query charts metrics the API or the shell export, through the provisioned data source', async () => {
  const names = await exportedNames();
  const charts = dashboard.panels.filter((p) => p.type !== 'row');
  expect(charts.length).toBeGreaterThanOrEqual(12);
  const used = new Set<string>();
  for (const panel of charts) {
    expect(panel.datasource?.uid).toBe('bozor-prometheus');
    expect(panel.targets?.length).toBeGreaterThan(0);
    for (const { expr } of panel.targets ?? []) {
      const metrics = [...expr.matchAll(/\b(bozor_[a-z0-9_]+)\b/g)].map((m) => m[1]!);
      expect(metrics.length).toBeGreaterThan(0);
      for (const metric of metrics) {
        if (!names.has(metric)) throw new Error(`panel "${panel.title}" queries ${metric}, which nothing exports`);
        used.add(metric.replace(/_(bucket|count|sum)$/, ''));
      }
    }
  }
  // and every metric of the issue has a panel
  for (const metric of [
    'bozor_api_http_request_duration_seconds',
    'bozor_api_db_pool_connections',
    'bozor_api_cache_lookups_total',
    'bozor_api_orders_created_total',
    'bozor_api_payments_total',
    'bozor_api_sms_total',
    'bozor_api_otp_verifications_total',
    'bozor_shell_http_request_duration_seconds',
    'bozor_shell_ssr_render_duration_seconds',
    'bozor_shell_remote_load_failures_total',
  ]) {
    expect(used).toContain(metric);
  }
});
