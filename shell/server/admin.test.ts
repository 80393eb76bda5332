/** @jest-environment node */
// The back office under /admin/ on the `pnpm start` gateway: its own page for every screen's address,
// hashed files immutable, a missing file 404 (never the page), and the shop's pages untouched.
import type http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import type { CatalogueReader } from './catalogue.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-admin-'));
const dist = path.join(tmp, 'shell');
const admin = path.join(tmp, 'admin');
fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
fs.mkdirSync(path.join(admin, 'assets'), { recursive: true });
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="uz"><head><!--bozor:head--></head><body><div id="root"></div><script src="/assets/main.0123abcd.js"></script></body></html>');
fs.writeFileSync(path.join(admin, 'index.html'), '<!doctype html><html lang="uz"><head><title>admin</title></head><body><div id="root"></div><script defer src="/admin/assets/main.89abcdef.js"></script></body></html>');
fs.writeFileSync(path.join(admin, 'assets', 'main.89abcdef.js'), 'console.log("admin")');
const remotesFile = path.join(tmp, 'remotes.json');
fs.writeFileSync(remotesFile, '{}');

const reader: CatalogueReader = {
  product: async () => ({ kind: 'unknown' }),
  blog: async () => ({ kind: 'unknown' }),
  infoPage: async () => ({ kind: 'unknown' }),
  home: async () => null,
  stores: async () => ({ list: [] }),
  slugs: async () => [],
  listName: async () => null,
  productSlugs: async () => [],
  answer: async () => undefined,
};

async function withServer(env: Record<string, string>, run: (base: string) => Promise<void>) {
  const server: http.Server = createShellServer(loadConfig({ PORT: '1', SHELL_DIST: dist, REMOTES_FILE: remotesFile, SSR: 'off', ...env }), { reader, log: () => undefined });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('with ADMIN_DIST', () => {
  const env = { ADMIN_DIST: admin };

  it('answers any screen address with the admin page, not cached, with its own policy', async () => {
    await withServer(env, async (base) => {
      for (const p of ['/admin/', '/admin/orders/BZ-100042', '/admin/orders/BZ-100042/slip', '/admin/customers?q=ali']) {
        const res = await fetch(base + p);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('/admin/assets/main.89abcdef.js');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-robots-tag')).toContain('noindex');
      }
    });
  });

  it('sends /admin to /admin/', async () => {
    await withServer(env, async (base) => {
      const res = await fetch(`${base}/admin?x=1`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/admin/?x=1');
    });
  });

  it('serves hashed files immutable and a missing file as 404, never as the page', async () => {
    await withServer(env, async (base) => {
      const js = await fetch(`${base}/admin/assets/main.89abcdef.js`);
      expect(js.status).toBe(200);
      expect(js.headers.get('cache-control')).toContain('immutable');
      expect(js.headers.get('content-type')).toContain('javascript');
      const gone = await fetch(`${base}/admin/assets/main.00000000.js`);
      expect(gone.status).toBe(404);
      expect(await gone.text()).not.toContain('<html');
      expect((await fetch(`${base}/admin/..%2f..%2fshell/index.html.js`)).status).toBe(404);
    });
  });

  it("leaves the shop's pages alone: they never mention the admin build", async () => {
    await withServer(env, async (base) => {
      const res = await fetch(`${base}/uz`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('/admin');
      expect(res.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    });
  });
});

it('without ADMIN_DIST (compose: nginx serves /admin/) /admin/ is not the back office', async () => {
  await withServer({}, async (base) => {
    const res = await fetch(`${base}/admin/orders`);
    expect(await res.text()).not.toContain('/admin/assets/');
  });
});
