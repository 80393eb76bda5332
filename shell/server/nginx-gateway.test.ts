/** @jest-environment node */
// The docker-compose gateway (gateway/default.conf.template, Debian's nginx) as a proxy, seen from a raw
// socket with a stand-in API behind it: what the `pnpm start` gateway does in proxy.test.ts, nginx must do
// too. Skipped when nginx is not installed (CI installs it: .ci/run).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { NGINX, renderTemplate, startNginx } from '../../e2e/support/nginx.js';
import { type RawAnswer, rawClient } from './testing/raw-client.js';

const TEMPLATE = fs.readFileSync(path.join(__dirname, '../../gateway/default.conf.template'), 'utf8');
const haveNginx = fs.existsSync(NGINX);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** An answer's header lines, in lower case. */
const headerLines = (answer: RawAnswer) => answer.headers.map(([name, value]) => `${name}: ${value}`.toLowerCase());

(haveNginx ? describe : describe.skip)('the nginx gateway as a proxy (a raw socket)', () => {
  const seen: http.IncomingHttpHeaders[] = [];
  let api: http.Server;
  let nginx: ChildProcess;
  let port = 0;
  let tmp = '';

  /** nginx with the template; `edit` changes the rendered text (a test's shorter time-outs). */
  async function start(edit: (conf: string) => string = (c) => c) {
    port = await freePort();
    const upstream = `127.0.0.1:${(api.address() as net.AddressInfo).port}`;
    const conf = renderTemplate(TEMPLATE, {
      GATEWAY_PORT: `127.0.0.1:${port}`,
      SHELL_UPSTREAM: upstream,
      API_UPSTREAM: upstream,
      CATALOG_UPSTREAM: upstream,
      CART_UPSTREAM: upstream,
      CHECKOUT_UPSTREAM: upstream,
      ACCOUNT_UPSTREAM: upstream,
      ADMIN_UPSTREAM: upstream,
      CATALOG_API_KEY: '',
    });
    nginx = startNginx(path.join(tmp, `nginx-${port}`), [edit(conf)]);
    for (const deadline = Date.now() + 10_000; ; ) {
      if (await new Promise((r) => net.connect(port, '127.0.0.1').once('connect', function (this: net.Socket) { this.destroy(); r(true); }).once('error', () => r(false)))) return;
      if (Date.now() > deadline) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-nginx-'));
    fs.chmodSync(tmp, 0o755);
    // the API as Fastify runs it (keeps idle connections 72 s and says so), answering with headers for its hop too
    api = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push(req.headers);
        res.setHeader('Connection', 'keep-alive');
        res.setHeader('Keep-Alive', 'timeout=72');
        res.setHeader('Proxy-Authenticate', 'Basic realm="api"');
        res.setHeader('Upgrade', 'h2c');
        res.setHeader('Trailer', 'X-Checksum');
        res.setHeader('X-End-To-End', 'kept');
        res.write('{"ok":');
        res.end('true}');
      });
    });
    api.keepAliveTimeout = 72_000;
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  });

  afterEach(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
  });

  afterAll(async () => {
    api.closeAllConnections();
    await new Promise((r) => api.close(r));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('passes no hop-by-hop header on, either way, and advertises its own keep-alive time, longer than a load balancer pools (60 s)', async () => {
    await start();
    const client = rawClient(port);
    await client.ready;
    client.socket.write(
      [
        'POST /api/cart/check HTTP/1.1',
        'Host: shop.example',
        'Connection: keep-alive',
        'Keep-Alive: timeout=5',
        'TE: trailers',
        'Trailer: X-Sum',
        'Proxy-Authorization: Basic Zm9vOmJhcg==',
        'Proxy-Connection: keep-alive',
        'Upgrade: h2c',
        'X-End-To-End: kept',
        'Content-Type: application/json',
        'Content-Length: 2',
        '',
        '{}',
      ].join('\r\n'),
    );
    const answer = await client.answer();
    client.socket.destroy();

    const sent = seen.at(-1)!;
    expect(sent['x-end-to-end']).toBe('kept');
    for (const name of ['keep-alive', 'te', 'trailer', 'proxy-authorization', 'proxy-connection', 'upgrade']) expect({ name, sent: sent[name] }).toEqual({ name, sent: undefined });
    const lines = headerLines(answer);
    expect(lines).toContain('x-end-to-end: kept');
    for (const name of ['proxy-authenticate', 'upgrade', 'trailer']) expect({ name, present: lines.some((l) => l.startsWith(`${name}:`)) }).toEqual({ name, present: false });
    expect(lines.filter((l) => l.startsWith('keep-alive:') || l.startsWith('connection:'))).toEqual(['connection: keep-alive', 'keep-alive: timeout=70']);
    // kept longer than advertised and than an AWS load balancer pools a connection; nginx's own idle upstream
    // connections end before the shell (75 s) and the API (72 s) would close them
    const [kept, advertised] = /^\s*keepalive_timeout (\d+)s (\d+)s;/m.exec(TEMPLATE)!.slice(1).map(Number) as [number, number];
    expect(kept).toBeGreaterThan(advertised);
    expect(advertised).toBeGreaterThan(60);
    for (const upstream of ['bozor_shell', 'bozor_api']) {
      const idle = Number(new RegExp(`upstream ${upstream} .*keepalive_timeout (\\d+)s;`).exec(TEMPLATE)?.[1]);
      expect({ upstream, idle: idle < 72 }).toEqual({ upstream, idle: true });
    }
  });

  it('keeps an idle connection longer than it advertises: idle for the advertised time minus 1 s, the same connection still answers', async () => {
    // the template's times, made short for the test (75 s/70 s → 4 s/3 s)
    await start((conf) => conf.replace(/keepalive_timeout 75s 70s;/, 'keepalive_timeout 4s 3s;'));
    const client = rawClient(port);
    await client.ready;
    client.socket.write('GET /api/store/stores HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    expect(headerLines(await client.answer())).toContain('keep-alive: timeout=3');
    await new Promise((r) => setTimeout(r, 2000));
    client.socket.write('GET /api/content/slides HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    expect((await client.answer()).statusLine).toMatch(/^HTTP\/1\.1 200 /);
    client.socket.destroy();
  }, 20_000);

  it('answers an oversized upload with a 413 a client still sending can read', async () => {
    await start();
    const client = rawClient(port);
    await client.ready;
    client.socket.write(`POST /api/cart/check HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\nX-Lang: en\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n`);
    client.socket.pause();
    const chunk = Buffer.alloc(64 * 1024, 120);
    for (const until = Date.now() + 300; Date.now() < until; ) {
      client.socket.write(chunk);
      await new Promise((r) => setTimeout(r, 10));
    }
    client.socket.resume();
    const answer = await client.answer();
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.body).toContain('{"error":{"code":"PAYLOAD_TOO_LARGE","message":"The request is too large."}}');
    client.socket.destroy();
  });
});
