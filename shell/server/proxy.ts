// Reverse proxy to the API for the one-process gateway of `pnpm start`: /api, /backend (with the
// catalogue key added), /media, /healthz, /readyz.
import http from 'node:http';

export const PROXIED_PREFIXES = ['/api/', '/backend/', '/media/', '/healthz', '/readyz'];

export function isProxied(pathname: string): boolean {
  return PROXIED_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

export function proxyToApi(req: http.IncomingMessage, res: http.ServerResponse, apiUrl: string, catalogApiKey: string | null) {
  const target = new URL(req.url ?? '/', apiUrl);
  const headers = { ...req.headers };
  delete headers['x-api-key']; // only the gateway may set it
  if (catalogApiKey && target.pathname.startsWith('/backend/')) headers['x-api-key'] = catalogApiKey;
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  headers['x-forwarded-proto'] = (req.headers['x-forwarded-proto'] as string | undefined) ?? 'http';
  headers['x-forwarded-host'] = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? '';
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
