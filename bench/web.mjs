#!/usr/bin/env node
// `pnpm bench web [--url http://host:port] [--pages home,catalog,product,cart,checkout] [--runs N] [--returning]`:
// Lighthouse (mobile preset: the default form factor with simulated slow 4G and 4× CPU slowdown) on the home,
// catalog, product, cart and checkout pages, with Debian's Chromium. Each page is a first visit (Lighthouse's
// cold load), measured N times (5 unless --runs says otherwise); the table gives the median of the passes'
// scores and metrics, and every pass's performance beside it. The cart and checkout are measured with one
// product in the cart, as a shopper on their way to pay meets them: the browser profile Lighthouse uses gets
// the cart first, and Lighthouse keeps its storage; --returning also keeps the service worker and the caches
// of the passes before (a returning shopper). The shop's pages are opened once in a browser before the
// first pass, so the server has drawn their pictures.
// Without --url it starts the shop as `pnpm start` does, on a free port with a throwaway
// DATA_DIR. Prints a Markdown table (performance, accessibility, SEO, and the JavaScript that arrived
// before the first contentful paint) and writes the raw reports to bench/out/web-<page>-<time>-<pass>.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const outDir = path.join(here, 'out');
fs.mkdirSync(outDir, { recursive: true });
const urlArg = process.argv.indexOf('--url');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of passes, 1 or more');
const returning = process.argv.includes('--returning');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median of the passes' CPU index (Lighthouse's benchmarkIndex), or undefined when none has one. */
function cpuIndex(reports) {
  const known = reports.map((r) => r.environment?.benchmarkIndex).filter(Number.isFinite);
  return known.length ? median(known) : undefined;
}

/** gzip size (level 6) of each script as a server with compression would send it. */
async function gzipSize(scripts) {
  let gz = 0;
  for (const s of scripts) {
    try {
      const body = Buffer.from(await (await fetch(s.url)).arrayBuffer());
      gz += zlib.gzipSync(body, { level: 6 }).length;
    } catch {
      gz += s.transferSize; // could not fetch again: count what arrived
    }
  }
  return gz;
}

/** The profile as a first visit finds the shop: no service worker, nothing in the caches; its storage (the cart) kept. */
async function firstVisit(profile) {
  const context = await chromium.launchPersistentContext(profile, { executablePath: chrome, args: ['--no-sandbox', '--disable-gpu'] });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await context.close();
}

let shop;
let base = urlArg >= 0 ? process.argv[urlArg + 1] : undefined;
if (!base) {
  const port = await freePort();
  const apiPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-web-bench-'));
  shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`);
}

try {
  // a product that exists in the demo data: the first popular one
  const res = await fetch(`${base}/backend/api/ext/v1/resources/products`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ per_page: 1 }),
  });
  const first = (await res.json()).data[0];
  const slug = first.slug;
  const all = { home: '/uz', catalog: '/uz/catalog', product: `/uz/products/${slug}`, cart: '/uz/cart', checkout: '/uz/checkout' };
  // a browser profile whose cart holds that product (the shell keeps the cart in localStorage 'cart', and
  // mirrors it into the bz_cart cookie the server renders the cart page from, as it does on every load)
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-web-bench-profile-'));
  {
    const detail = await (await fetch(`${base}/backend/api/ext/v1/resources/product/${encodeURIComponent(slug)}`)).json();
    const product = detail.product ?? detail;
    const variant = product.variants?.find((v) => v.total_quanity > 0) ?? product.variants?.[0];
    const item = { product_id: product.id, name: product.name, quantity: 1, price: variant?.price ?? product.price, slug: product.slug, attributes: variant ? { variant_id: variant.id } : {} };
    const context = await chromium.launchPersistentContext(profile, { executablePath: chrome, args: ['--no-sandbox', '--disable-gpu'] });
    const page = await context.newPage();
    await page.goto(`${base}/uz`);
    await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [item]);
    await page.reload();
    await page.waitForFunction(() => /(?:^|;\s*)bz_cart=\d/.test(globalThis.document.cookie), null, { timeout: 30_000 });
    await context.close();
  }
  const withCart = new Set(['cart', 'checkout']);
  // --pages product,catalog measures only those
  const only = process.argv.indexOf('--pages') >= 0 ? process.argv[process.argv.indexOf('--pages') + 1].split(',') : Object.keys(all);
  const pages = Object.fromEntries(Object.entries(all).filter(([k]) => only.includes(k)));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // Warm the shop as a running one is: each page once in a browser, so the server has drawn every picture
  // the page shows (a picture is drawn and resized on its first request) and its code is warm. Without it
  // the first Lighthouse pass of a page measured the server drawing pictures on the same two cores.
  {
    const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage();
    for (const pathname of Object.values(pages)) await page.goto(base + pathname, { waitUntil: 'networkidle' });
    await browser.close();
  }
  const rows = [];
  for (const [name, pathname] of Object.entries(pages)) {
    const reports = [];
    for (let run = 1; run <= runs; run += 1) {
      // A cart page is measured as every other page is, a first visit (no service worker, nothing cached),
      // with only the cart kept: Lighthouse leaves the profile's storage alone here, so the service worker
      // and the HTTP and code caches of earlier passes are cleared by hand. --returning keeps them: a
      // returning shopper's load, with the service worker's scripts and their code caches.
      if (withCart.has(name) && !returning) await firstVisit(profile);
      const out = path.join(outDir, `web-${name}-${stamp}-${run}.json`);
      const lh = spawnSync(
        path.join(here, 'node_modules/.bin/lighthouse'),
        [
          base + pathname,
          '--output=json',
          `--output-path=${out}`,
          '--only-categories=performance,accessibility,seo',
          '--quiet',
          '--max-wait-for-fcp=60000',
          '--max-wait-for-load=90000',
          // the cart pages keep the profile's storage (its cart); Chromium takes the last --user-data-dir given
          ...(withCart.has(name) ? ['--disable-storage-reset', `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${profile}`] : ['--chrome-flags=--headless=new --no-sandbox --disable-gpu']),
        ],
        { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      if (lh.status !== 0 && !fs.existsSync(out)) throw new Error(`lighthouse failed on ${pathname}`);
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      if (report.runtimeError) throw new Error(`${pathname}: ${report.runtimeError.code} ${report.runtimeError.message}`);
      reports.push(report);
    }
    // Each figure is the median of the passes' (Lighthouse CI's "median" aggregation; Lighthouse's own
    // variability guide: the median of five passes halves the spread of one), every pass's performance
    // beside it. The downloads are read from the pass Lighthouse's computeMedianRun picks as the
    // representative one (the nearest the median FCP and time to interactive).
    const report = computeMedianRun(reports);
    const perfs = reports.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).sort((a, b) => a - b);
    const score = (c) => median(reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)));
    const metric = (audit) => median(reports.map((r) => r.audits[audit].numericValue));
    const fcp = report.audits['first-contentful-paint'].numericValue;
    const observed = report.audits.metrics.details.items[0];
    const requests = report.audits['network-requests'].details.items;
    const t0 = Math.min(...requests.map((r) => r.networkRequestTime ?? r.startTime ?? 0));
    const scriptsBy = (ms) => requests.filter((r) => r.resourceType === 'Script' && (r.networkEndTime ?? r.endTime) - t0 <= ms);
    // The budget's figure: scripts downloaded before the first contentful paint, both read off the same
    // (observed, unthrottled) timeline. The figure of the runs before 22 Nov 20:35 compared observed
    // download times with the *simulated* FCP (slow 4G, 4× CPU), so it also counted scripts fetched
    // after the page's load event (the mini-cart, the lazily loaded schemas); it is kept as a second column.
    const scripts = scriptsBy(observed.observedFirstContentfulPaint);
    const gz = await gzipSize(scripts);
    const gzSimulated = await gzipSize(scriptsBy(fcp));
    rows.push({ name, pathname, perf: score('performance'), perfs, a11y: score('accessibility'), seo: score('seo'), fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), scripts: scripts.length, gzKb: gz / 1024, simulatedScripts: scriptsBy(fcp).length, simulatedGzKb: gzSimulated / 1024, cpu: cpuIndex(reports) });
  }
  // Lighthouse's benchmarkIndex: how fast this machine's CPU was during the run (higher is faster). TBT is
  // the observed tasks × 4, so it moves with this; compare runs of similar index only.
  console.log(`${runs} pass${runs === 1 ? '' : 'es'} per page; each figure is the median of the passes', "all passes" lists every pass's performance${returning ? '; cart and checkout as a returning shopper (service worker and caches kept)' : ''}`);
  console.log('| page | path | performance | all passes | accessibility | SEO | FCP ms | LCP ms | TBT ms | CLS | JS before first render (files, KB gzip) | same, by the simulated FCP | CPU index |');
  console.log('|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.pathname} | ${r.perf} | ${r.perfs.join(' ')} | ${r.a11y} | ${r.seo} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.scripts}, ${r.gzKb.toFixed(1)} | ${r.simulatedScripts}, ${r.simulatedGzKb.toFixed(1)} | ${r.cpu === undefined ? '' : Math.round(r.cpu)} |`,
    );
} finally {
  if (shop) shop.kill('SIGTERM');
}
