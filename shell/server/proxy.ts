// Reverse proxy to the API for the one-process gateway of `pnpm start`: /api, /backend (with the
// catalogue key added to the catalogue only), /media, /healthz, /readyz.
import http from 'node:http';
import type net from 'node:net';
import { forwardedOf } from './forwarded.js';

export const PROXIED_PREFIXES = ['/api/', '/backend/', '/media/', '/healthz', '/readyz'];

export function isProxied(pathname: string): boolean {
  return PROXIED_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

/**
 * The API's own body limits, which nginx applies too (gateway/default.conf.template): at most 1 MiB of
 * any body (api/src/app.ts bodyLimit), except the uploads below — multipart/form-data only, each at most
 * its files' limit in the API plus room for the form's framing.
 */
export const MAX_BODY_BYTES = 1024 * 1024;
const MiB = 1024 * 1024;
export const UPLOAD_LIMITS: ReadonlyArray<{ path: RegExp; bytes: number }> = [
  // the shopper's photo (PHOTO_MAX_BYTES, 5 MiB)
  { path: /^\/api\/profile\/upload-photo$/, bytes: 6 * MiB },
  // the back office's content pictures (the same 5 MiB)
  { path: /^\/api\/admin\/(categories\/[0-9]+\/picture|brands\/[0-9]+\/logo|slides\/[0-9]+\/picture|posts\/[0-9]+\/cover)$/, bytes: 6 * MiB },
  // a catalogue CSV (CSV_MAX_BYTES, 10 MiB)
  { path: /^\/api\/admin\/catalog\/import\/(dry-run|apply)$/, bytes: 11 * MiB },
  // product pictures, 10 MiB each (IMAGE_MAX_BYTES): the back office sends them in batches of at most 48 MiB
  { path: /^\/api\/admin\/products\/[0-9]+\/images$/, bytes: 64 * MiB },
];

/** The most a request to `pathname` may carry: its upload's limit for a form, else 1 MiB. */
export function bodyLimit(pathname: string, contentType: string): number {
  if (!/^multipart\/form-data\b/i.test(contentType)) return MAX_BODY_BYTES;
  return UPLOAD_LIMITS.find((u) => u.path.test(pathname))?.bytes ?? MAX_BODY_BYTES;
}

const TOO_LARGE: Record<string, string> = {
  uz: 'Soʻrov juda katta.',
  ru: 'Слишком большой запрос.',
  en: 'The request is too large.',
};

/**
 * Headers about one connection, not the message (RFC 9110, section 7.6.1; Proxy-Connection and Keep-Alive are old
 * ones clients still send): a proxy uses them for its own hop and passes none on, either way. The API's
 * `Keep-Alive: timeout=72`, forwarded, promised the gateway's clients a connection it closed after 5 s.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization']);

/** `headers` without the hop-by-hop ones, nor any header their Connection header names. */
export function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  }
  return kept;
}

/** Only the catalogue: customer data under /backend/api/ext/v1/customers must never get the key. */
const CATALOGUE_PREFIX = '/backend/api/ext/v1/resources/';

export interface ProxyOptions {
  apiUrl: string;
  /** CATALOG_API_KEY, added to catalogue requests only, so the browser never holds it. */
  catalogApiKey: string | null;
  /** TRUST_PROXY: proxies in front of this gateway whose X-Forwarded-* headers are believed. */
  trustedProxies: net.BlockList;
  /** HOST: the address this gateway listens on (the host it passes on when no trusted proxy names one). */
  bindHost: string;
}

function isOpsPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: the API answers 400 for it
  }
  return decoded === '/api/ops' || decoded.startsWith('/api/ops/');
}

function notFound(res: http.ServerResponse) {
  res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify({ error: { code: 'ROUTE_NOT_FOUND', message: 'Not found' } }));
}

/**
 * After refusing a body, how much more of it is read and thrown away before the connection closes (as nginx's
 * lingering close: lingering_time 30 s, lingering_timeout 5 s), and at most how many bytes: a stranger's
 * 64 MiB are not all read.
 */
export const LINGER = { ms: 30_000, idleMs: 5_000, bytes: 16 * MiB };

/**
 * Answers 413 in the API's error shape and the request's language. The client may still be sending its body,
 * and may read the answer only once it has sent it (a phone uploading a photo): had the connection closed at
 * once, the next bytes it sent would be answered with a reset, which loses the 413 on its way and the client
 * sees "connection reset". So the whole answer goes out with its length, the rest of the body is read and
 * thrown away — until it ends, LINGER.bytes, LINGER.ms in all or LINGER.idleMs of silence — then the
 * connection closes.
 */
function tooLarge(req: http.IncomingMessage, res: http.ServerResponse) {
  if (res.headersSent) {
    req.resume();
    return;
  }
  const lang = String(req.headers['x-lang'] ?? 'uz');
  const body = JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE[lang] ?? TOO_LARGE.uz } });
  res.removeHeader('Keep-Alive');
  res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close', 'X-Content-Type-Options': 'nosniff' });
  res.write(body);
  let discarded = 0;
  let idle: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(all);
    clearTimeout(idle);
    req.removeListener('data', onData);
    req.removeListener('end', close);
    // the answer is whole already; ending it closes the connection (Connection: close)
    res.end();
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER.bytes) return close();
    clearTimeout(idle);
    idle = setTimeout(close, LINGER.idleMs);
  };
  const all = setTimeout(close, LINGER.ms);
  idle = setTimeout(close, LINGER.idleMs);
  req.on('data', onData);
  req.once('end', close);
  res.once('close', () => {
    clearTimeout(all);
    clearTimeout(idle);
  });
  req.resume();
}

/**
 * Proxies one request to the API. A body over the limits is refused here, before it reaches the API:
 * the API would answer 413 and close while the body is still being sent, and that race surfaced as a 503.
 */
export function proxyToApi(req: http.IncomingMessage, res: http.ServerResponse, options: ProxyOptions) {
  // Always the API's origin: a request line such as "//elsewhere.example/backend/…" must not pick the host
  // (and receive the key). new URL() also resolves dot segments, so ".../resources/../customers/…" is
  // judged, and sent, as ".../customers/…".
  const asked = new URL(req.url ?? '/', 'http://gateway');
  const limit = bodyLimit(asked.pathname, String(req.headers['content-type'] ?? ''));
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge(req, res);
  // Commands run on the API's machine have their own routes (/api/ops/, docs/api.md "ops"): never
  // reachable from outside, whatever the spelling (%-escapes are decoded before matching, as the API does).
  if (isOpsPath(asked.pathname)) return notFound(res);
  const target = new URL(options.apiUrl);
  target.pathname = asked.pathname;
  target.search = asked.search;
  const headers = endToEnd(req.headers);
  // A body of unknown length (the client's chunked framing is its hop's) goes on chunked on ours.
  if (req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] === undefined) headers['transfer-encoding'] = 'chunked';
  // this gateway answered a client's Expect: 100-continue itself (Node does), as nginx does
  delete headers.expect;
  delete headers['x-api-key']; // only the gateway may set it
  if (options.catalogApiKey && target.pathname.startsWith(CATALOGUE_PREFIX)) headers['x-api-key'] = options.catalogApiKey;
  // The API believes this gateway's X-Forwarded-*: they say what the gateway saw, never what a client wrote.
  // The host is a trusted proxy's, else the listening address's (forwarded.ts), never a client's Host: the
  // API checks a cookie-signed write's Origin against it (and PUBLIC_URL), and builds links from it when
  // PUBLIC_URL is unset.
  const forwarded = forwardedOf(req, options.trustedProxies, options.bindHost);
  headers['x-forwarded-for'] = forwarded.clientIp;
  headers['x-forwarded-proto'] = forwarded.proto;
  headers['x-forwarded-host'] = forwarded.host;
  headers.host = target.host;
  let answered = false;
  const upstream = http.request(target, { method: req.method, headers }, (up) => {
    answered = true;
    // the framing and the connection of the answer are this server's own (Node adds them)
    res.writeHead(up.statusCode ?? 502, endToEnd(up.headers));
    up.pipe(res);
  });
  let refused = false;
  upstream.on('error', () => {
    // The API answered (say 413) and closed before taking the whole body: its answer stands. Or this
    // gateway refused the body and cut the request to the API off: its own 413 stands.
    if (answered || refused) return;
    if (!res.headersSent) {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'API_UNAVAILABLE', message: 'The API is not reachable' } }));
    } else res.destroy();
  });
  // A body sent without a length (chunked) is counted as it goes.
  let sent = 0;
  const count = (chunk: Buffer) => {
    sent += chunk.length;
    if (sent > limit && !answered) {
      refused = true;
      req.removeListener('data', count);
      req.unpipe(upstream);
      upstream.destroy();
      tooLarge(req, res);
    }
  };
  req.on('data', count);
  req.pipe(upstream);
}
