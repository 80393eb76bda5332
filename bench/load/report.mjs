// The load bench's report (bench/load.mjs): Markdown for bench/RESULTS.md on stdout, raw figures to
// bench/out/load-<time>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOT_VARIANTS, SCARCE_STOCK, SECONDS, STEPS, benchDir } from './common.mjs';

export function report(runs) {
  const fmt = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
  const cpu = os.cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model?.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`;
  const lines = [
    `### Load — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${machine}; ${SECONDS} s per run; replicas, nginx, PostgreSQL, Redis and the load generator on the same machine; ` +
      `${HOT_VARIANTS} products bought, half with ${SCARCE_STOCK} units per store at the start of each run (sold out: a 409 OUT_OF_STOCK, not an error).`,
    '',
    '| replicas | shoppers | journeys | orders | orders/s | sold out | errors | stock arithmetic | double orders |',
    '|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...runs.map((r) => {
      const errs = Object.values(r.errors).reduce((a, b) => a + b, 0);
      return `| ${r.replicas} | ${r.vus} | ${r.journeys} | ${r.orders} | ${r.ordersPerSecond.toFixed(1)} | ${r.soldOut} | ${errs} | ${r.check.stockErrors.length ? `**${r.check.stockErrors.length} wrong**` : 'exact'} | ${r.check.doubleOrders} |`;
    }),
    '',
    'Per step, milliseconds (p50 / p95 / p99), errors in brackets:',
    '',
    `| replicas | shoppers | ${STEPS.join(' | ')} |`,
    `|---:|---:|${STEPS.map(() => '---:').join('|')}|`,
    ...runs.map((r) => `| ${r.replicas} | ${r.vus} | ${STEPS.map((s) => `${fmt(r.steps[s].p50)} / ${fmt(r.steps[s].p95)} / ${fmt(r.steps[s].p99)}${r.steps[s].errors ? ` (${r.steps[s].errors})` : ''}`).join(' | ')} |`),
    '',
  ];
  for (const r of runs.filter((x) => x.afterKill)) {
    const k = r.afterKill;
    lines.push(
      `Replica killed (SIGKILL) ${k.killedAfterS.toFixed(1)} s into the ${r.replicas}-replica, ${r.vus}-shopper run: ${k.inFlight} requests failed in flight (${k.inFlightOrders} of them orders), ` +
        `${k.later} failed after it${k.later ? ` (${k.laterDetail.map((f) => `${f.step} ${f.status || f.error}, sent ${f.msAfterKill} ms after the kill`).join('; ')})` : ''}. The in-flight orders sent again with their Idempotency-Key: ${k.recovered} created, ${k.replayed} answered as already made, ${k.recoveredSoldOut} sold out. ` +
        `Sign-in limits with a replica down: ${k.limits.codesAsked} codes asked from one address → ${k.limits.sent} sent, ${k.limits.limited} refused (429); ` +
        `5 wrong codes → ${k.limits.wrongAnswers.join(', ')}; the right code after them → ${k.limits.rightCodeAfterFiveWrong}.`,
      '',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync(path.join(benchDir, 'out'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'out', `load-${stamp}.json`), JSON.stringify(runs, null, 2));
  process.stdout.write(`${lines.join('\n')}\n`);
}
