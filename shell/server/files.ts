// Static files: the built shell and the remotes' builds, with the cache rules of docs/architecture.md "Caching of static files" —
// manifests, remote entries, sw.js and remotes.json no-cache; content-hashed chunks immutable.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** The Cache-Control a file gets. */
export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  // files whose name stays the same from one build to the next: asked again each time (a stale
  // start-after-load.js beside a new page would start the wrong scripts)
  if (/^(mf-manifest\.json|mf-stats\.json|remoteEntry\.js|sw\.js|remotes\.json|index\.html|dev\.html|start-after-load\.js)$/.test(base)) return 'no-cache';
  if (/[.-][0-9a-f]{8,}\.(js|css|json)$/.test(base) || /^workbox-[0-9a-f]+\.js$/.test(base)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Resolves a URL path inside a root folder; null when it would escape it. */
export function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

/**
 * The file on this machine for a `/remotes/<name>/<path>` URL path (a remote's build folder from
 * REMOTE_DIRS): undefined when the path is not of that form, null when this machine has no folder for
 * that remote or the path would leave it.
 */
export function localRemoteFile(remoteDirs: Record<string, string>, urlPath: string): string | null | undefined {
  const match = /^\/remotes\/([a-z]+)\/(.+)$/.exec(urlPath);
  if (!match) return undefined;
  const [, name, rest] = match as unknown as [string, string, string];
  // own keys only: the names are checked against the four remotes when the config is read
  return Object.hasOwn(remoteDirs, name) ? safeJoin(remoteDirs[name] as string, rest) : null;
}

const COMPRESSIBLE = new Set(['.js', '.mjs', '.json', '.html', '.css', '.svg', '.txt', '.map']);
const MAX_CACHED = 4 * 1024 * 1024;
/** Compressed copies of files, keyed by path + mtime + encoding (the built files never change in place). */
const compressed = new Map<string, Buffer>();

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts: brotli, then gzip, else none. */
export function pickEncoding(headers: IncomingHttpHeaders): Encoding | null {
  const accept = String(headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/** Compresses a buffer (brotli quality 9 / gzip level 9 — done once per file thanks to the cache). */
function compress(data: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
    : zlib.gzipSync(data, { level: 9 });
}

/**
 * Sends a file if it exists (true), else does nothing (false). Text files are sent compressed (br or
 * gzip) when the client accepts it — the `pnpm start` gateway has no nginx in front to do it.
 */
export async function sendFile(
  res: ServerResponse,
  file: string,
  method: string,
  extraHeaders: Record<string, string> = {},
  requestHeaders: IncomingHttpHeaders = {},
): Promise<boolean> {
  try {
    const st = await stat(file);
    if (!st.isFile()) return false;
    const encoding = COMPRESSIBLE.has(path.extname(file)) && st.size > 512 && st.size < MAX_CACHED ? pickEncoding(requestHeaders) : null;
    if (encoding) {
      const key = `${file}:${st.mtimeMs}:${encoding}`;
      let body = compressed.get(key);
      if (!body) {
        body = compress(await readFile(file), encoding);
        compressed.set(key, body);
      }
      res.writeHead(200, {
        'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'Content-Length': body.length,
        'Content-Encoding': encoding,
        Vary: 'Accept-Encoding',
        'Cache-Control': cacheControlFor(file),
        'X-Content-Type-Options': 'nosniff',
        ...extraHeaders,
      });
      res.end(method === 'HEAD' ? undefined : body);
      return true;
    }
    res.writeHead(200, {
      'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': st.size,
      'Cache-Control': cacheControlFor(file),
      'X-Content-Type-Options': 'nosniff',
      ...extraHeaders,
    });
    if (method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return true;
  } catch {
    return false;
  }
}
