/** @jest-environment node */
// The route table as a request meets it: first route with both path and method, 405 otherwise, and the
// metrics label of the first route with the path, whatever the method.
import type http from 'node:http';
import { loadConfig } from '../config.js';
import { createShellContext } from '../context.js';
import type { CatalogueReader } from '../catalogue.js';
import { dispatch, labelFor, READ, type Route, type RouteRequest } from './route.js';
import { shellRoutes } from './table.js';

/** A request to `path` whose answer is only recorded: its status and headers, and which handler took it. */
function ask(method: string, path: string) {
  const answered: { status?: number; headers?: http.OutgoingHttpHeaders } = {};
  const res = {
    writeHead(status: number, headers: http.OutgoingHttpHeaders = {}) {
      Object.assign(answered, { status, headers });
      return this;
    },
    end() {
      return this;
    },
  } as unknown as http.ServerResponse;
  const request: RouteRequest = { req: {} as http.IncomingMessage, res, url: new URL(path, 'http://x'), method, seen: { route: 'other' } };
  return { request, answered };
}

describe('dispatch', () => {
  const took: string[] = [];
  const routes: Route[] = [
    { methods: ['POST'], path: '/report', handle: () => void took.push('report') },
    { methods: READ, path: /^\/files\//, label: 'file', handle: () => void took.push('file') },
    { methods: READ, path: () => true, label: 'page', handle: () => void took.push('page') },
  ];

  it('takes the first route with the path and the method; a route for another method lets the request go on', async () => {
    for (const [method, path] of [['POST', '/report'], ['GET', '/report'], ['HEAD', '/files/a.js'], ['GET', '/uz']]) await dispatch(routes, ask(method!, path!).request);
    expect(took.splice(0)).toEqual(['report', 'page', 'file', 'page']);
  });

  it('labels a request by the first route with its path, and answers a method no route takes with 405', async () => {
    const { request, answered } = ask('DELETE', '/report');
    await dispatch(routes, request);
    expect({ label: request.seen.route, ...answered }).toEqual({ label: '/report', status: 405, headers: { Allow: 'GET, HEAD' } });
    expect(took).toEqual([]);
  });
});

describe("the shell server's table", () => {
  const reader = {} as CatalogueReader;
  const config = loadConfig({ SHELL_DIST: '/nowhere', API_URL: 'http://127.0.0.1:1', PROXY_API: '1', ADMIN_DIST: '/nowhere-admin', REMOTE_DIRS: 'catalog=/nowhere-catalog', SSR: 'off' });
  const routes = shellRoutes(createShellContext(config, { reader, log: () => undefined }));
  it('labels requests by what they are, never by the address asked for', () => {
    const labels: Record<string, string> = {};
    for (const path of ['/api/cart/check', '/healthz', '/_client-log', '/admin/orders/BZ-1', '/remotes.json', '/remotes/catalog/1.0.0/x.js', '/remotes/cart/1.0.0/x.js', '/sitemap.xml', '/', '/assets/a.js', '/offline.html', '/uz/catalog']) {
      labels[path] = labelFor(routes, path);
    }
    expect(labels).toEqual({
      '/api/cart/check': 'proxy:/api/',
      '/healthz': 'proxy:/healthz',
      '/_client-log': '/_client-log',
      '/admin/orders/BZ-1': '/admin/',
      '/remotes.json': '/remotes.json',
      '/remotes/catalog/1.0.0/x.js': '/remotes/catalog/',
      // a remote this machine does not serve: a file like any other
      '/remotes/cart/1.0.0/x.js': 'static',
      '/sitemap.xml': '/sitemap.xml',
      '/': '/',
      '/assets/a.js': 'static',
      '/offline.html': '/offline.html',
      '/uz/catalog': 'page',
    });
  });
});
