// The back office (admin/, a separate single-page app) under /admin/, for the `pnpm start` gateway
// (ADMIN_DIST); in docker-compose nginx sends /admin/ to the admin image instead. Nothing here touches
// the shop's pages: the shop never references the admin build, and the admin page has its own policy.
import type http from 'node:http';
import path from 'node:path';
import { safeJoin, sendFile } from './files.js';

/**
 * The admin page's Content-Security-Policy: like the shop's (scripts and connections to this origin
 * only; inline styles, which the design system injects; pictures from any https host), but never in a
 * frame and no form posting elsewhere. No maps script: the order page links to Yandex Maps instead.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Headers of the admin page itself (index.html, sent for every screen's address). */
export const ADMIN_PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': ADMIN_CSP,
  'X-Frame-Options': 'DENY',
  // addresses carry order numbers and customer ids: never sent to another site
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** True for the paths the back office owns. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Answers an /admin path from the admin build: `/admin` → `/admin/`; a built file (hashed assets are
 * immutable) or 404 when missing — never the page, so a stale chunk fails loudly instead of parsing
 * HTML as script; any other path is a screen's address and gets index.html (no-cache), so
 * /admin/orders/BZ-100042 reloads fine.
 */
export async function serveAdmin(req: http.IncomingMessage, res: http.ServerResponse, adminDir: string, pathname: string, search: string): Promise<void> {
  const method = req.method ?? 'GET';
  if (pathname === '/admin') {
    res.writeHead(301, { Location: `/admin/${search}`, 'Cache-Control': 'no-cache' }).end();
    return;
  }
  const rest = pathname.slice('/admin'.length);
  if (path.extname(rest) && !rest.endsWith('.html')) {
    const file = safeJoin(adminDir, rest);
    if (file && (await sendFile(res, file, method, { 'X-Robots-Tag': 'noindex' }, req.headers))) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
    return;
  }
  if (await sendFile(res, path.join(adminDir, 'index.html'), method, ADMIN_PAGE_HEADERS, req.headers)) return;
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('The back office is not built (pnpm --filter @bozor/admin build)');
}
