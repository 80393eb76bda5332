// Story 6 of the compose test: the `metrics` profile's Prometheus (PROMETHEUS_IMAGE: prom/prometheus by
// default, the Debian stand-in of ops/local-images where no registry can be reached), started by name as a
// service of the profile, scrapes both API replicas and the shell by their service names
// (ops/prometheus/prometheus.yml), and is published on 127.0.0.1 only; the metrics ports themselves are
// published nowhere and the gateway does not reach them. Grafana is not started: docs/operations.md "Metrics".
import { expect, test } from '../support/test';
import { base, compose, containersOf, project, sh } from './compose';

const prometheus = () => `http://127.0.0.1:${process.env.PROMETHEUS_PUBLISH}`;

interface Target {
  labels: { job: string; instance: string };
  health: string;
  lastError: string;
}

/** The active targets as `job instance health`, sorted. */
async function targets(): Promise<string[]> {
  try {
    const res = await fetch(`${prometheus()}/api/v1/targets?state=active`, { signal: AbortSignal.timeout(5000) });
    const { data } = (await res.json()) as { data: { activeTargets: Target[] } };
    return data.activeTargets.map((t) => `${t.labels.job} ${t.labels.instance} ${t.health}`).sort();
  } catch {
    return [];
  }
}

/** A PromQL query's series, each as its labels' values named in `labels` and its value. */
async function query(promql: string, labels: string[]): Promise<string[]> {
  const res = await fetch(`${prometheus()}/api/v1/query?query=${encodeURIComponent(promql)}`);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
  return data.result.map((r) => [...labels.map((l) => r.metric[l]), r.value[1]].join(' ')).sort();
}

/** The container's address on the test's internal network (where Prometheus reaches it). */
const addressOf = (id: string) => sh('docker', ['inspect', '-f', `{{(index .NetworkSettings.Networks "${project()}_shop").IPAddress}}`, id]).trim();

test('Prometheus scrapes both API replicas and the shell, and is published on 127.0.0.1 only', async () => {
  test.setTimeout(5 * 60_000);
  expect(process.env.PROMETHEUS_PUBLISH).toMatch(/^\d+$/);
  const replicas = containersOf('api');
  expect(replicas).toHaveLength(2);
  const [shell] = containersOf('shell');
  // as `docker-compose --profile metrics up -d prometheus` would: the service named, the shop left as it is
  compose('up', '-d', '--no-deps', 'prometheus');
  try {
    const expected = [...replicas.map((id) => `bozor-api ${addressOf(id)}:9464 up`), `bozor-shell ${addressOf(shell!)}:9464 up`].sort();
    // the first scrape comes within a scrape interval (15 s) of the targets being found
    await expect.poll(targets, { timeout: 90_000, intervals: [2000] }).toEqual(expected);

    // the API's own series, one per replica: each has answered its health checks by now
    const instances = replicas.map((id) => `${addressOf(id)}:9464`);
    await expect
      .poll(async () => (await query('count by (instance) (bozor_api_http_request_duration_seconds_count)', ['instance'])).map((l) => l.split(' ')[0]), { timeout: 60_000 })
      .toEqual([...instances].sort());
    expect((await query('bozor_api_db_pool_connections{state="total"}', ['instance'])).length).toBe(2);
    expect(await query('up', ['job', 'instance'])).toEqual(expected.map((l) => `${l.replace(/ up$/, '')} 1`));
    expect((await query('count(bozor_shell_http_request_duration_seconds_count)', [])).length).toBe(1);

    // Prometheus on the host's loopback only; the metrics ports published nowhere
    const [container] = containersOf('prometheus');
    expect(sh('docker', ['port', container!, '9090/tcp']).trim().split('\n')).toEqual([`127.0.0.1:${process.env.PROMETHEUS_PUBLISH}`]);
    for (const id of [...replicas, shell!]) expect(sh('docker', ['port', id]).trim()).toBe('');
    // and the gateway does not reach them: /metrics is the shop's own page, not Prometheus text
    const gateway = await (await fetch(`${base()}/metrics`)).text();
    expect(gateway).not.toContain('bozor_api_');
    expect(gateway).not.toContain('# TYPE');
  } finally {
    compose('rm', '-sf', 'prometheus');
  }
});
