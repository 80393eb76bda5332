/** @jest-environment node */
// The origin the shop's links are written with (canonical, hreflang, sitemap.xml, robots.txt): PUBLIC_URL,
// else a trusted proxy's word, else the listening address — never a client's Host (forwarded.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShellServer } from './app.js';
import { loadConfig } from './config.js';
import { listeningHost } from './forwarded.js';
import { shopFixture } from './testing/shop-fixture.js';

const { dist, remotesFile, reader } = shopFixture();

describe('the origin of links (canonical, hreflang, sitemap.xml, robots.txt)', () => {
  /** A shell server on 127.0.0.1 with the given environment, and raw requests to it (any Host header). */
  async function shellWith(env: Record<string, string>) {
    const srv = createShellServer(loadConfig({ SHELL_DIST: dist, REMOTES_FILE: remotesFile, SSR: 'off', ...env }), { reader, log: () => undefined });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as AddressInfo).port;
    const send = (requestPath: string, headers: Record<string, string> = {}) =>
      new Promise<string>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: requestPath, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
    /** The origins a page, the sitemap and robots.txt link to, for one set of request headers. */
    const origins = async (headers: Record<string, string>) => {
      const page = await send('/ru/catalog', headers);
      const sitemap = await send('/sitemap.xml', headers);
      const robots = await send('/robots.txt', headers);
      return [
        /<link rel="canonical" href="([^"]*)\/ru\/catalog" \/>/.exec(page)?.[1],
        /hreflang="en" href="([^"]*)\/en\/catalog"/.exec(page)?.[1],
        /hreflang="x-default" href="([^"]*)\/uz\/catalog"/.exec(page)?.[1],
        /<loc>([^<]*)\/uz\/products\/kettle<\/loc>/.exec(sitemap)?.[1],
        /hreflang="ru" href="([^"]*)\/ru\/about"/.exec(sitemap)?.[1],
        /^Sitemap: (.*)\/sitemap\.xml$/m.exec(robots)?.[1],
      ];
    };
    return { port, send, origins, close: () => new Promise((r) => srv.close(r)) };
  }
  const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const all = (origin: string) => Array<string>(6).fill(origin);

  it("without PUBLIC_URL, a client's Host and X-Forwarded-Host never choose them: the listening address does", async () => {
    const shop = await shellWith({});
    expect(await shop.origins(evil)).toEqual(all(`http://localhost:${shop.port}`));
    expect(await shop.origins({ host: `evil.example:${shop.port}` })).toEqual(all(`http://localhost:${shop.port}`));
    // a name of the listening address on its port is the browser's own origin, and stays
    expect(await shop.origins({ host: `127.0.0.1:${shop.port}` })).toEqual(all(`http://127.0.0.1:${shop.port}`));
    expect(await shop.origins({ host: `LOCALHOST:${shop.port}` })).toEqual(all(`http://localhost:${shop.port}`));
    expect(await shop.origins({ host: `localhost:${shop.port + 1}` })).toEqual(all(`http://localhost:${shop.port}`));
    expect(await shop.origins({ host: `127.0.0.1:${shop.port}@evil.example` })).toEqual(all(`http://localhost:${shop.port}`));
    // the sitemap the client above asked for is not the one the next client gets
    expect(await shop.send('/sitemap.xml', {})).not.toContain('evil.example');
    await shop.close();
  });

  it('from a TRUST_PROXY proxy they follow its X-Forwarded-Host and -Proto; without them, the listening address', async () => {
    const shop = await shellWith({ TRUST_PROXY: 'loopback' });
    expect(await shop.origins({ host: `127.0.0.1:${shop.port}`, 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' })).toEqual(all('https://shop.example'));
    expect(await shop.origins({ host: 'evil.example', 'x-forwarded-host': 'shop.example:8080' })).toEqual(all('http://shop.example:8080'));
    expect(await shop.origins({ host: 'evil.example' })).toEqual(all(`http://localhost:${shop.port}`));
    // what is not a host is not believed even from the proxy
    expect(await shop.origins({ host: 'evil.example', 'x-forwarded-host': 'shop.example/evil' })).toEqual(all(`http://localhost:${shop.port}`));
    await shop.close();
  });

  it('with PUBLIC_URL, always PUBLIC_URL', async () => {
    for (const env of [{}, { TRUST_PROXY: 'loopback' }] as Record<string, string>[]) {
      const shop = await shellWith({ PUBLIC_URL: 'https://bozor.uz/', ...env });
      expect(await shop.origins(evil)).toEqual(all('https://bozor.uz'));
      expect(await shop.origins({ host: `127.0.0.1:${shop.port}` })).toEqual(all('https://bozor.uz'));
      await shop.close();
    }
  });

  it('names the listening address: localhost when bound everywhere or to loopback, else the bound address', () => {
    const req = (host: string | undefined, localAddress: string, localPort = 3000) => ({ headers: { host }, socket: { localAddress, localPort } }) as unknown as http.IncomingMessage;
    const cases: Array<[string, http.IncomingMessage, string]> = [
      ['0.0.0.0', req('evil.example', '127.0.0.1'), 'localhost:3000'],
      ['0.0.0.0', req(undefined, '127.0.0.1'), 'localhost:3000'],
      ['::', req('[::1]:3000', '::1'), '[::1]:3000'],
      ['127.0.0.1', req('127.0.0.1:3000', '127.0.0.1'), '127.0.0.1:3000'],
      ['localhost', req('evil.example:3000', '::ffff:127.0.0.1'), 'localhost:3000'],
      // bound everywhere: the LAN address a connection came in on is ours; another is not
      ['0.0.0.0', req('192.168.1.5:3000', '::ffff:192.168.1.5'), '192.168.1.5:3000'],
      ['0.0.0.0', req('192.168.1.6:3000', '192.168.1.5'), 'localhost:3000'],
      // bound to one address: that address, whatever the Host
      ['192.168.1.5', req('localhost:3000', '192.168.1.5'), '192.168.1.5:3000'],
      ['fd00::5', req('evil.example', 'fd00::5'), '[fd00::5]:3000'],
      ['shop.lan', req('evil.example', '192.168.1.5'), 'shop.lan:3000'],
      // port 80 is left out, as browsers do
      ['0.0.0.0', req('127.0.0.1', '127.0.0.1', 80), '127.0.0.1'],
      ['0.0.0.0', req('evil.example', '127.0.0.1', 80), 'localhost'],
    ];
    expect(cases.map(([bind, r]) => listeningHost(r, bind))).toEqual(cases.map(([, , expected]) => expected));
  });
});
