/** @jest-environment node */
// Server rendering in the shell server, with stand-in bundles (testing/ssr-fixture.ts), and the ways it
// falls back to a page the browser renders: a catalog build for another contract, one without a server
// bundle, a render that throws, no shell bundle at all.
import type http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { ssrFixture } from './testing/ssr-fixture.js';

const { tmp, dist, remotes, cartDir, checkoutDir, remotesFile, shellBundle, useCatalog, reader, asked } = ssrFixture();

let server: http.Server;
let base = '';
const logs: string[] = [];

beforeAll(async () => {
  const config = loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes},cart=${cartDir},checkout=${checkoutDir}`, SSR_BUNDLE: shellBundle });
  server = createShellServer(config, { reader, log: (l) => logs.push(l) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  useCatalog('1.0.0');
  asked.length = 0;
  logs.length = 0;
});
afterAll(() => server.close());

const page = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + p, { headers });
  return { status: res.status, html: await res.text() };
};

test('a catalog build for another contract major is not run on the server: the browser renders the page', async () => {
  useCatalog('9.0.0');
  const { status, html } = await page('/uz/catalog');
  expect(status).toBe(200);
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script defer src="/assets/main.0123abcd.js"></script>');
  expect(logs.join('\n')).toMatch(/contract 9\.0\.0, the shell has 2\.0\.0/);
});

test('a catalog build without a server bundle: the page is sent as before', async () => {
  useCatalog('2.0.0');
  for (const p of ['/uz/catalog', '/ru']) expect((await page(p)).html).toContain('<div id="root"></div>');
  // said once, not on every page
  expect(logs.filter((l) => l.startsWith('ssr:'))).toEqual([expect.stringMatching(/^ssr: catalog bundle for \/remotes\/catalog\/2\.0\.0\/mf-manifest\.json not loaded/)]);
});

test('a page whose render fails is sent for the browser to render, and the failure is logged', async () => {
  useCatalog('2.0.1');
  const { status, html } = await page('/en/catalog');
  expect(status).toBe(200);
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('<script defer src="/assets/main.0123abcd.js"></script>');
  expect(logs).toEqual([expect.stringMatching(/^ssr: \/en\/catalog left to the browser: render broke$/)]);
});

test('without the shell bundle (SSR_BUNDLE missing) every page is sent for the browser to render', async () => {
  const lines: string[] = [];
  const srv = createShellServer(
    loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, REMOTE_DIRS: `catalog=${remotes}`, SSR_BUNDLE: path.join(tmp, 'none.cjs') }),
    { reader, log: (l) => lines.push(l) },
  );
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    for (const p of ['/uz/catalog', '/ru']) expect(await (await fetch(url + p)).text()).toContain('<div id="root"></div>');
    expect(lines.filter((l) => l.includes('ssr: off'))).toHaveLength(1);
  } finally {
    srv.close();
  }
});
