// Reverse proxy to the API for the one-process gateway of `pnpm start`: /api, /backend (with the
// catalogue key added to the catalogue only), /media, /healthz, /readyz.
import http from 'node:http';
import type net from 'node:net';
import { forwardedOf } from './forwarded.js';

export const PROXIED_PREFIXES = ['/api/', '/backend/', '/media/', '/healthz', '/readyz'];

export function isProxied(pathname: string): boolean {
  return PROXIED_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

/** Only the catalogue: customer data under /backend/api/ext/v1/customers must never get the key. */
const CATALOGUE_PREFIX = '/backend/api/ext/v1/resources/';

export interface ProxyOptions {
  apiUrl: string;
  /** CATALOG_API_KEY, added to catalogue requests only, so the browser never holds it. */
  catalogApiKey: string | null;
  /** TRUST_PROXY: proxies in front of this gateway whose X-Forwarded-* headers are believed. */
  trustedProxies: net.BlockList;
}

export function proxyToApi(req: http.IncomingMessage, res: http.ServerResponse, options: ProxyOptions) {
  // Always the API's origin: a request line such as "//elsewhere.example/backend/…" must not pick the host
  // (and receive the key). new URL() also resolves dot segments, so ".../resources/../customers/…" is
  // judged, and sent, as ".../customers/…".
  const asked = new URL(req.url ?? '/', 'http://gateway');
  const target = new URL(options.apiUrl);
  target.pathname = asked.pathname;
  target.search = asked.search;
  const headers = { ...req.headers };
  delete headers['x-api-key']; // only the gateway may set it
  if (options.catalogApiKey && target.pathname.startsWith(CATALOGUE_PREFIX)) headers['x-api-key'] = options.catalogApiKey;
  // The API believes this gateway's X-Forwarded-*: they say what the gateway saw, never what a client wrote.
  const forwarded = forwardedOf(req, options.trustedProxies);
  headers['x-forwarded-for'] = forwarded.clientIp;
  headers['x-forwarded-proto'] = forwarded.proto;
  headers['x-forwarded-host'] = forwarded.host;
  headers.host = target.host;
  const upstream = http.request(target, { method: req.method, headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'API_UNAVAILABLE', message: 'The API is not reachable' } }));
    } else res.destroy();
  });
  req.pipe(upstream);
}
