#!/usr/bin/env node
// `node bench/long-tasks.mjs <url>`: where a slow phone's main thread goes while a page loads. Opens the page
// in Debian's Chromium at 4× CPU slowdown (a first visit: fresh context, no service worker; the page is opened
// once before so the server is warm), records a trace with the V8 sampling profiler, and prints each main-
// thread task of MIN ms or more (50 unless MIN says otherwise) with the functions it spent its time in
// (inclusive, the top INCL=18; then the top self times), and the sum of "blocking" (time over 50 ms per task),
// which is what Lighthouse's TBT adds up. STATE=<file> loads a Playwright storage state first (a cart, a
// session); WAIT=<ms> how long to keep recording after the load event (7000). Build with
// `BZ_NO_MINIFY=1 pnpm build` for readable function names. A tool for finding work, not a benchmark: its
// figures move with the machine's load.
import { chromium } from 'playwright-core';
const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: node bench/long-tasks.mjs <url>\n');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
{
  // the server warmed: its pictures drawn, its code compiled
  const warm = await browser.newContext();
  await (await warm.newPage()).goto(url, { waitUntil: 'networkidle' });
  await warm.close();
}
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, serviceWorkers: 'block', storageState: process.env.STATE || undefined });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel'] });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(Number(process.env.WAIT ?? 7000));
const buf = await browser.stopTracing();
await browser.close();
const ev = JSON.parse(buf.toString()).traceEvents;
const mains = ev.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
let best = null, bestN = 0;
for (const n of mains) { const c = ev.filter((e) => e.pid === n.pid && e.tid === n.tid && e.name === 'RunTask').length; if (c > bestN) { best = n; bestN = c; } }
const onMain = (e) => e.pid === best.pid && e.tid === best.tid;
// the page's own request: times are printed from there
const nav = ev.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === url)?.ts ?? ev.find((e) => onMain(e) && e.name === 'RunTask')?.ts ?? 0;
// the V8 sampling profile: one or more profiles (each its own ids and clock), samples as { t, node }
const nodes = new Map(); // `${profile}:${id}` -> node
const parent = new Map();
const samples = [];
for (const prof of ev.filter((e) => e.name === 'Profile' && e.pid === best.pid)) {
  let t = prof.args?.data?.startTime ?? 0;
  for (const e of ev.filter((c) => c.name === 'ProfileChunk' && c.pid === best.pid && c.id === prof.id)) {
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) {
      nodes.set(`${prof.id}:${n.id}`, n);
      if (n.parent) parent.set(`${prof.id}:${n.id}`, `${prof.id}:${n.parent}`);
    }
    const deltas = e.args.data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((id, i) => {
      t += deltas[i];
      samples.push({ t, id: `${prof.id}:${id}` });
    });
  }
}
const name = (n) => `${n.callFrame.functionName || '(anon)'}@${(n.callFrame.url || '').split('/').pop()}:${n.callFrame.lineNumber}`;
const min = Number(process.env.MIN ?? 50) * 1000;
const tasks = ev.filter((e) => onMain(e) && e.name === 'RunTask' && e.dur >= min).sort((a, b) => a.ts - b.ts);
let tbt = 0;
for (const task of ev.filter((e) => onMain(e) && e.name === 'RunTask' && e.dur >= 50000)) tbt += task.dur / 1000 - 50;
console.log('tasks >= 50ms blocking sum (throttled):', tbt.toFixed(0));
for (const task of tasks) {
  const ss = samples.filter((s) => s.t >= task.ts && s.t <= task.ts + task.dur);
  const per = ss.length ? task.dur / 1000 / ss.length : 0;
  const incl = new Map(); const self = new Map();
  for (const s of ss) {
    const seen = new Set();
    for (let id = s.id; id; id = parent.get(id)) { const n = nodes.get(id); if (!n) break; const k = name(n); if (seen.has(k)) continue; seen.add(k); incl.set(k, (incl.get(k) ?? 0) + 1); }
    const n = nodes.get(s.id); if (n) { const k = name(n); self.set(k, (self.get(k) ?? 0) + 1); }
  }
  const kids = ev.filter((e) => onMain(e) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && ['EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'v8.compile'].includes(e.name) && e.dur > 5000).map((e) => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.split('/').pop() + ')' : ''}:${(e.dur / 1000).toFixed(0)}`);
  console.log(`\n== @${((task.ts - nav) / 1000).toFixed(0)}ms ${(task.dur / 1000).toFixed(0)}ms  ${kids.slice(0, 6).join(' ')}`);
  console.log('  ' + [...incl].sort((a, b) => b[1] - a[1]).filter(([k]) => !/^\((root|program)\)/.test(k)).slice(0, Number(process.env.INCL ?? 18)).map(([k, v]) => `${k} ${(v * per).toFixed(0)}`).join('\n  '));
  console.log('  self: ' + [...self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${(v * per).toFixed(0)}`).join(' | '));
}
