/** @jest-environment node */
// The `pnpm start` gateway as an HTTP/1.1 proxy, seen from a raw socket: it speaks for its own connection
// (RFC 9110, section 7.6.1 — hop-by-hop headers, and any header the Connection header names, go no further either
// way), keeps an idle connection longer than it advertises, and answers an oversized upload with a 413 that a
// client still sending can read.
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import type { CatalogueReader } from './catalogue.js';
import { header, names, rawClient } from './testing/raw-client.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-proxy-'));
fs.writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><html lang="uz"><head><!--bozor:head--></head><body><div id="root"></div></body></html>');
const unknown = async () => ({ kind: 'unknown' as const });
const reader = { product: unknown, blog: unknown, infoPage: unknown, category: unknown, brand: unknown, list: unknown } as unknown as CatalogueReader;

/** Every server a test started, closed after it whatever happened. */
const running: http.Server[] = [];
afterEach(async () => {
  const servers = running.splice(0);
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The API as Fastify runs it: it keeps an idle connection 72 s and says so (Keep-Alive: timeout=72). */
async function startApi(handler: http.RequestListener) {
  const api = http.createServer(handler);
  api.keepAliveTimeout = 72_000;
  running.push(api);
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  return api;
}

async function startGateway(api: http.Server, env: Record<string, string> = {}) {
  const apiUrl = `http://127.0.0.1:${(api.address() as net.AddressInfo).port}`;
  const gw = createShellServer(loadConfig({ SHELL_DIST: tmp, API_URL: apiUrl, PROXY_API: '1', SSR: 'off', ...env }), { reader, log: () => undefined });
  running.push(gw);
  await new Promise<void>((r) => gw.listen(0, '127.0.0.1', r));
  return (gw.address() as net.AddressInfo).port;
}

describe('the pnpm start gateway as a proxy (a raw socket)', () => {
  it('passes no hop-by-hop header on, either way, nor a header the Connection header names; the rest arrives whole', async () => {
    const seen: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    const api = await startApi((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        // the API's own connection, as a server may word it (and headers meant only for that hop)
        res.setHeader('Connection', 'keep-alive, X-Upstream-Hop');
        res.setHeader('X-Upstream-Hop', 'for the gateway only');
        res.setHeader('Keep-Alive', 'timeout=72');
        res.setHeader('Proxy-Authenticate', 'Basic realm="api"');
        res.setHeader('Upgrade', 'h2c');
        res.setHeader('Trailer', 'X-Checksum');
        res.setHeader('X-End-To-End', 'kept');
        res.setHeader('Content-Type', 'application/json');
        res.write('{"ok":');
        res.addTrailers({ 'X-Checksum': 'abc' });
        res.end('true}');
      });
    });
    const port = await startGateway(api, { KEEP_ALIVE_S: '75' });
    const client = rawClient(port);
    await client.ready;
    const body = '{"cart_data":[]}';
    client.socket.write(
      [
        'POST /api/cart/check HTTP/1.1',
        'Host: shop.example',
        'Connection: keep-alive, X-Client-Hop, Cookie-Helper',
        'X-Client-Hop: for the gateway only',
        'Cookie-Helper: also for the gateway only',
        'Keep-Alive: timeout=5',
        'TE: trailers',
        'Trailer: X-Sum',
        'Proxy-Authorization: Basic Zm9vOmJhcg==',
        'Proxy-Connection: keep-alive',
        'Upgrade: h2c',
        'X-End-To-End: kept',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        '',
        `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`,
      ].join('\r\n'),
    );
    const res = await client.answer();

    expect(seen).toHaveLength(1);
    const sent = seen[0]!;
    expect(sent.body).toBe(body);
    expect(sent.headers['x-end-to-end']).toBe('kept');
    for (const name of ['x-client-hop', 'cookie-helper', 'keep-alive', 'te', 'trailer', 'proxy-authorization', 'proxy-connection', 'upgrade']) {
      expect({ name, sent: sent.headers[name] }).toEqual({ name, sent: undefined });
    }
    // the connection to the API is the gateway's own: it names none of the client's headers
    expect(sent.headers.connection ?? 'keep-alive').toBe('keep-alive');

    expect(res.status).toBe(200);
    expect(res.body).toBe('{"ok":true}');
    expect(header(res.headers, 'x-end-to-end')).toEqual(['kept']);
    for (const name of ['x-upstream-hop', 'proxy-authenticate', 'upgrade', 'trailer']) expect({ name, present: names(res.headers).includes(name) }).toEqual({ name, present: false });
    // its own connection, and its own keep-alive time — not the API's 72 s
    expect(header(res.headers, 'connection')).toEqual(['keep-alive']);
    expect(header(res.headers, 'keep-alive')).toEqual(['timeout=70']);
  });

  it('keeps an idle connection longer than it advertises: idle for the advertised time minus 1 s, the same connection still answers', async () => {
    const api = await startApi((req, res) => {
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    // 8 s kept, 3 s advertised (5 s less): the test waits 2 s
    const port = await startGateway(api, { KEEP_ALIVE_S: '8' });
    const client = rawClient(port);
    await client.ready;
    const ask = (path: string) => client.socket.write(`GET ${path} HTTP/1.1\r\nHost: shop.example\r\n\r\n`);
    ask('/api/store/stores');
    const first = await client.answer();
    expect(first.status).toBe(200);
    const advertised = Number(/^timeout=(\d+)$/.exec(header(first.headers, 'keep-alive')[0] ?? '')?.[1]);
    expect(advertised).toBe(3);
    await new Promise((r) => setTimeout(r, (advertised - 1) * 1000));
    expect(client.isClosed()).toBe(false);
    ask('/api/content/slides');
    const second = await client.answer();
    expect(second.status).toBe(200);
    // the gateway's own pages say the same
    ask('/_healthz');
    expect(header((await client.answer()).headers, 'keep-alive')).toEqual(['timeout=3']);
    client.socket.destroy();
  }, 20_000);

  it('answers an oversized upload with a 413 a client still sending can read, then closes once it has read enough', async () => {
    let reached = 0;
    const api = await startApi((req, res) => {
      reached++;
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    const port = await startGateway(api);
    const client = rawClient(port);
    await client.ready;
    const announced = 64 * 1024 * 1024;
    client.socket.write(`POST /api/cart/check HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\nX-Lang: ru\r\nContent-Length: ${announced}\r\n\r\n`);
    // a client busy sending its body, not reading yet (a phone uploading a photo)
    client.socket.pause();
    const chunk = Buffer.alloc(64 * 1024, 120);
    let written = 0;
    // 64 KiB every 10 ms: a fast upload, ~6 MB/s
    const writeFor = async (ms: number) => {
      for (const until = Date.now() + ms; Date.now() < until && !client.isClosed() && written < announced; ) {
        written += chunk.length;
        client.socket.write(chunk);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await writeFor(300);
    client.socket.resume();
    const res = await client.answer();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос.' } });
    expect(header(res.headers, 'connection')).toEqual(['close']);
    // it does not read a stranger's 64 MiB: it closes well before, though the client goes on sending
    await writeFor(15_000);
    expect(client.isClosed()).toBe(true);
    expect(written).toBeLessThan(announced);
    expect(reached).toBe(0);
  }, 30_000);

  it('keeps idle connections 75 s by default, longer than the proxies in front pool them (nginx upstream, AWS load balancer: 60 s); a bad KEEP_ALIVE_S stops start-up naming it', () => {
    const server = createShellServer(loadConfig({ SHELL_DIST: tmp, SSR: 'off' }), { reader, log: () => undefined });
    expect(server.keepAliveTimeout).toBe(75_000);
    expect(createShellServer(loadConfig({ SHELL_DIST: tmp, SSR: 'off', KEEP_ALIVE_S: '620' }), { reader, log: () => undefined }).keepAliveTimeout).toBe(620_000);
    for (const bad of ['5', '61.5', 'long', '4000']) expect(() => loadConfig({ KEEP_ALIVE_S: bad })).toThrow(`KEEP_ALIVE_S must be whole seconds from 7 to 3600, got "${bad}"`);
  });
});
