// The shell's Node server: the built shell with a per-route <head> and the right status, sitemap.xml,
// robots.txt and /remotes.json — plus, when configured (the `pnpm start` gateway), the remotes' builds
// under /remotes/<name>/ and a proxy to the API.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { matchRoute, splitLangPath, type PageName } from '../../shared/src/routes.js';
import type { ShellServerConfig } from './config.js';
import { createCatalogueReader, type CatalogueReader, type Lang } from './catalogue.js';
import { buildHead, type HeadInput } from './head.js';
import { pageTitle, siteDescription } from './titles.js';
import { pickEncoding, safeJoin, sendFile } from './files.js';
import { isProxied, proxyToApi } from './proxy.js';
import { buildRobots, buildSitemap } from './sitemap.js';

export interface ShellServerDeps {
  reader?: CatalogueReader;
  log?: (line: string) => void;
}

const REMOTE_NAMES = ['catalog', 'cart', 'checkout', 'account'];
const SITEMAP_TTL_MS = 10 * 60 * 1000;

function langFromCookie(cookie: string | undefined): Lang | null {
  const m = /(?:^|;\s*)lang=(uz|ru|en)(?:;|$)/.exec(cookie ?? '');
  return m ? (m[1] as Lang) : null;
}

export function createShellServer(config: ShellServerConfig, deps: ShellServerDeps = {}): http.Server {
  const reader = deps.reader ?? createCatalogueReader(config);
  const log = deps.log ?? ((line: string) => process.stdout.write(line + '\n'));
  let sitemap: { at: number; origin: string; xml: string } | null = null;
  let template: Promise<string> | null = null;

  const originOf = (req: http.IncomingMessage) => {
    if (config.publicUrl) return config.publicUrl;
    const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? 'http';
    const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? 'localhost';
    return `${proto}://${host}`;
  };

  /** remotes.json: the file (read fresh every time), else the inline JSON, then per-remote overrides. */
  async function remotesConfig(): Promise<Record<string, string>> {
    let base: Record<string, string> = {};
    if (config.remotesFile) base = JSON.parse(await readFile(config.remotesFile, 'utf8')) as Record<string, string>;
    else if (config.remotesJson) base = JSON.parse(config.remotesJson) as Record<string, string>;
    return { ...base, ...config.remoteUrls };
  }

  const csp = (remotes: Record<string, string>) => {
    const origins = [...new Set(Object.values(remotes).filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))].join(' ');
    return [
      "default-src 'self'",
      `script-src 'self' ${origins}`.trim(),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      `connect-src 'self' ${origins}`.trim(),
      "worker-src 'self'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
    ].join('; ');
  };

  async function renderPage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    template ??= readFile(path.join(config.distDir, 'index.html'), 'utf8').catch((err: unknown) => {
      template = null;
      throw err;
    });
    const html = await template;
    const origin = originOf(req);
    const split = splitLangPath(pathname);
    const lang: Lang = split?.lang ?? langFromCookie(req.headers.cookie) ?? 'uz';
    const match = split ? matchRoute(split.rest) : null;
    let status = match ? 200 : 404;
    let page: PageName | 'notFound' = match ? match.page : 'notFound';
    const head: HeadInput = {
      lang,
      rest: split?.rest ?? '',
      origin,
      page,
      title: pageTitle(lang, page),
      description: siteDescription(lang),
    };
    if (match?.page === 'product' && match.params.slug) {
      const found = await reader.product(match.params.slug, lang);
      if (found.kind === 'missing') status = 404;
      else if (found.kind === 'found') {
        const p = found.value;
        Object.assign(head, { title: p.name, description: p.description || head.description, image: p.image, product: p });
      }
    } else if (match?.page === 'blog' && match.params.slug) {
      const found = await reader.blog(match.params.slug, lang);
      if (found.kind === 'missing') status = 404;
      else if (found.kind === 'found') Object.assign(head, { title: found.value.title, description: found.value.description || head.description });
    } else if (match?.page === 'markets' || match?.page === 'home') {
      head.stores = match.page === 'markets' ? await reader.stores(lang) : [];
    }
    if (status === 404) {
      page = 'notFound';
      Object.assign(head, { page, title: pageTitle(lang, page), product: null, image: null });
    }
    let remotes: Record<string, string> = {};
    try {
      remotes = await remotesConfig();
    } catch (err) {
      log(`remotes.json unreadable: ${String(err)}`);
    }
    if (match && status === 200) head.preloadManifest = remotes[match.remote] ?? null;
    const pageHtml = html.replace('<html lang="uz">', `<html lang="${lang}">`).replace('<!--bozor:head-->', buildHead(head));
    // pages differ per request: a quick gzip (level 6), not the cached brotli of static files
    const gzip = pickEncoding(req.headers) !== null;
    const body = gzip ? zlib.gzipSync(Buffer.from(pageHtml), { level: 6 }) : Buffer.from(pageHtml);
    res.writeHead(status, {
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Language': lang,
      'Content-Security-Policy': csp(remotes),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const { pathname } = url;
    const method = req.method ?? 'GET';

    if (config.proxyApi && config.apiUrl && isProxied(pathname)) return proxyToApi(req, res, config.apiUrl, config.catalogApiKey);

    if (pathname === '/_client-log' && method === 'POST') {
      let raw = '';
      for await (const chunk of req) {
        raw += String(chunk);
        if (raw.length > 4096) break;
      }
      log(`client-error ${raw.slice(0, 4096).replace(/\s+/g, ' ')}`);
      res.writeHead(204).end();
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (pathname === '/_healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('ok');
      return;
    }
    if (pathname === '/remotes.json') {
      const body = JSON.stringify(await remotesConfig());
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' }).end(body);
      return;
    }
    const remoteMatch = /^\/remotes\/([a-z]+)\/(.+)$/.exec(pathname);
    if (remoteMatch) {
      const [, name, rest] = remoteMatch as unknown as [string, string, string];
      const root = config.remoteDirs[name];
      const file = root && REMOTE_NAMES.includes(name) ? safeJoin(root, rest) : null;
      if (file && (await sendFile(res, file, method, { 'Access-Control-Allow-Origin': '*' }, req.headers))) return;
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
      return;
    }
    if (pathname === '/robots.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }).end(buildRobots(originOf(req)));
      return;
    }
    if (pathname === '/sitemap.xml') {
      const origin = originOf(req);
      if (!sitemap || sitemap.origin !== origin || Date.now() - sitemap.at > SITEMAP_TTL_MS) {
        sitemap = { at: Date.now(), origin, xml: await buildSitemap(origin, reader) };
      }
      res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' }).end(sitemap.xml);
      return;
    }
    if (pathname === '/') {
      const lang = langFromCookie(req.headers.cookie) ?? 'uz';
      res.writeHead(302, { Location: `/${lang}${url.search}`, 'Cache-Control': 'no-cache', Vary: 'Cookie' }).end();
      return;
    }
    // Built files (assets, sw.js, offline page, favicon); index.html only through renderPage.
    if (path.extname(pathname) && !pathname.endsWith('.html')) {
      const file = safeJoin(config.distDir, pathname);
      if (file && (await sendFile(res, file, method, {}, req.headers))) return;
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    if (pathname === '/offline.html') {
      const file = safeJoin(config.distDir, pathname);
      if (file && (await sendFile(res, file, method))) return;
    }
    await renderPage(req, res, pathname);
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`shell-server error ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    });
  });
}
