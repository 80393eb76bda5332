// The shell's Node server: the built shell with a per-route <head> and the right status, sitemap.xml,
// robots.txt and /remotes.json — plus, when configured (the `pnpm start` gateway), the remotes' builds
// under /remotes/<name>/ and a proxy to the API.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { catalogListQuery, matchRoute, splitLangPath, type PageName } from '../../shared/src/routes.js';
import { KEEP_ALIVE_MARGIN_S, type ShellServerConfig } from './config.js';
import { createCatalogueReader, type CatalogueReader, type Lang } from './catalogue.js';
import { buildHead, escapeHtml, type HeadInput } from './head.js';
import { siteDescription } from './titles.js';
import { pageTitle } from '../src/routing/titles.js';
import { localRemoteFile, pickEncoding, safeJoin, sendFile } from './files.js';
import { forwardedOf } from './forwarded.js';
import { CLIENT_LOG_PER_MINUTE, CONTROL_CHARACTERS, createWindowLimiter } from './limits.js';
import { PROXIED_PREFIXES, isProxied, proxyToApi } from './proxy.js';
import { type ShellMetrics, countClientReport, createShellMetrics } from './metrics.js';
import { createPreloader, type Preloader } from './preload.js';
import { responsiveImage } from '../../shared/src/media.js';
import { buildRobots, buildSitemap } from './sitemap.js';
import { createSsr, type Ssr, type SsrContext, type SsrRemote } from './ssr.js';
import { CART_COOKIE, decodeCartCookie } from '../../shared/src/cartCookie.js';
import { SIGNED_IN_COOKIE } from '../src/layout/signedInCookie.js';
import { isAdminPath, serveAdmin } from './admin.js';

/** The image preload React writes for a server-rendered page's high-priority picture (page text is escaped, so only React writes a tag). */
const REACT_IMAGE_PRELOAD = /<link rel="preload" as="image"/;

export interface ShellServerDeps {
  reader?: CatalogueReader;
  preloader?: Preloader;
  ssr?: Ssr;
  log?: (line: string) => void;
  /** Prometheus metrics (metrics.ts); main.ts serves them on METRICS_PORT. */
  metrics?: ShellMetrics;
}

const SITEMAP_TTL_MS = 10 * 60 * 1000;

/** What a request turned out to be, for its metrics label. */
interface Seen {
  route: string;
}

/** One cookie's value, as written, in a Cookie header; undefined when it is not there. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trimStart() === name) return part.slice(eq + 1);
  }
  return undefined;
}

function langFromCookie(cookie: string | undefined): Lang | null {
  const value = cookieValue(cookie, 'lang');
  return value === 'uz' || value === 'ru' || value === 'en' ? value : null;
}

/** The cart's cookie mirror (shared/src/cartCookie.ts); undefined without one, or with one we did not write. */
function cartFromCookie(cookie: string | undefined): SsrContext['cart'] {
  const value = cookieValue(cookie, CART_COOKIE);
  return value === undefined ? undefined : (decodeCartCookie(value) ?? undefined);
}

/** The shopper's browser keeps a signed-in session (its `bz_in` cookie): the header is drawn for them. */
const signedInFromCookie = (cookie: string | undefined) => cookieValue(cookie, SIGNED_IN_COOKIE) === '1';

/** The checkout's header has no search box (the catalog's): nothing to preload or render for it there. */
const hasSearchBox = (remote: string) => remote !== 'checkout';

/**
 * The pages the server renders, by the remote whose route tree they are: all of the catalog's; the
 * cart (from its cookie mirror); the checkout's first step, as a frame the browser fills in (who is
 * signed in is known only there).
 */
function ssrRemoteOf(match: { remote: string; page: PageName }): SsrRemote | null {
  if (match.remote === 'catalog') return 'catalog';
  if (match.page === 'cart') return 'cart';
  if (match.page === 'checkout') return 'checkout';
  return null;
}

/**
 * Hosts the Yandex Maps JS API 2.1 needs, loaded with `csp=true` (no eval, styles as blobs), after
 * Yandex's "CSP" page; added to the policy only when YANDEX_MAPS_API_KEY is set. Tiles and icons are
 * images, which img-src already allows from any https host.
 */
const YANDEX_MAPS_CSP = {
  script: 'https://api-maps.yandex.ru https://suggest-maps.yandex.ru https://*.maps.yandex.net https://yandex.ru https://yastatic.net',
  style: 'blob:',
  connect: 'https://api-maps.yandex.ru https://suggest-maps.yandex.ru https://*.maps.yandex.net https://yandex.ru https://*.taxi.yandex.net',
  frame: 'https://api-maps.yandex.ru',
};

/** The one script of a server-rendered page: it starts the shell's scripts after the page's load event. */
function startAfterLoadTag({ scripts, preload, manifest }: { scripts: string[]; preload: string[]; manifest: string | null }): string {
  const attr = (name: string, value: unknown) => ` ${name}="${escapeHtml(JSON.stringify(value))}"`;
  return (
    `<script defer src="/start-after-load.js"${attr('data-scripts', scripts)}${attr('data-preload', preload.filter((s) => !scripts.includes(s)))}` +
    `${manifest ? ` data-manifest="${escapeHtml(manifest)}"` : ''}></script>`
  );
}

export function createShellServer(config: ShellServerConfig, deps: ShellServerDeps = {}): http.Server {
  const reader = deps.reader ?? createCatalogueReader(config);
  const preloader = deps.preloader ?? createPreloader(config);
  const log = deps.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const metrics = deps.metrics ?? createShellMetrics();
  const ssr =
    deps.ssr ??
    createSsr({
      shellBundle: config.ssrBundle,
      remoteDirs: config.remoteDirs,
      remotesOrigin: config.remotesOrigin,
      log,
      onRemoteLoadFailure: (remote) => metrics.remoteLoadFailures.inc({ remote, side: 'server' }),
    });
  let sitemap: { at: number; origin: string; xml: string } | null = null;
  /** index.html and the scripts it loads (main.js), read once. */
  let template: Promise<{ html: string; scripts: string[] }> | null = null;

  /**
   * The shop's origin for canonical links, hreflang, Open Graph, sitemap.xml and robots.txt: PUBLIC_URL;
   * else what a TRUST_PROXY proxy says (X-Forwarded-Proto/-Host); else the address this server listens on.
   * Never the Host a client wrote (forwarded.ts): sitemap.xml is cached publicly.
   */
  const originOf = (req: http.IncomingMessage) => {
    if (config.publicUrl) return config.publicUrl;
    const { proto, host } = forwardedOf(req, config.trustedProxies, config.host);
    return `${proto}://${host}`;
  };

  /** remotes.json: the file (read fresh every time), else the inline JSON, then per-remote overrides. */
  async function remotesConfig(): Promise<Record<string, string>> {
    let base: Record<string, string> = {};
    if (config.remotesFile) base = JSON.parse(await readFile(config.remotesFile, 'utf8')) as Record<string, string>;
    else if (config.remotesJson) base = JSON.parse(config.remotesJson) as Record<string, string>;
    return { ...base, ...config.remoteUrls };
  }

  const maps = config.yandexMapsApiKey ? YANDEX_MAPS_CSP : null;
  const csp = (remotes: Record<string, string>) => {
    const origins = [...new Set(Object.values(remotes).filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))].join(' ');
    const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
    return [
      "default-src 'self'",
      join("script-src 'self'", origins, maps?.script),
      join("style-src 'self' 'unsafe-inline'", maps?.style),
      "img-src 'self' data: blob: https:",
      join("connect-src 'self'", origins, maps?.connect),
      ...(maps ? [`frame-src ${maps.frame}`] : []),
      "worker-src 'self'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
    ].join('; ');
  };
  /** The public runtime config the browser reads (shared `publicRuntimeConfig()`); attribute-escaped JSON. */
  const runtimeConfigMeta = `<meta name="bozor:config" content="${escapeHtml(JSON.stringify({ yandexMapsApiKey: config.yandexMapsApiKey }))}" />`;

  /** index.html and the scripts it loads (main.js), read once (again after a failed read). */
  function readTemplate() {
    template ??= readFile(path.join(config.distDir, 'index.html'), 'utf8').then(
      (html) => ({ html, scripts: [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] as string) }),
      (err: unknown) => {
        template = null;
        throw err;
      },
    );
    return template;
  }

  /**
   * What a page is: its language, route, status and <head>, with what the server looks up for it — a
   * product's, a post's or an information page's title (404 when it is gone), the stores of the markets
   * page, the home page's answer and first slide — and those answers, for the page not to ask again.
   */
  async function describePage(req: http.IncomingMessage, pathname: string, search: string, seen: Seen) {
    const split = splitLangPath(pathname);
    const lang: Lang = split?.lang ?? langFromCookie(req.headers.cookie) ?? 'uz';
    const match = split ? matchRoute(split.rest) : null;
    let status = match ? 200 : 404;
    let page: PageName | 'notFound' = match ? match.page : 'notFound';
    seen.route = `page:${page}`;
    const rest = split?.rest ?? '';
    const head: HeadInput = { lang, rest, origin: originOf(req), page, title: pageTitle(lang, page, rest), description: siteDescription(lang) };
    if (match?.page === 'product' && match.params.slug) {
      const found = await reader.product(match.params.slug, lang);
      if (found.kind === 'missing') status = 404;
      else if (found.kind === 'found') {
        const p = found.value;
        Object.assign(head, { title: p.name, description: p.description || head.description, image: p.image, product: p });
        // the gallery's first picture is the page's largest element: fetch it with the HTML
        if (p.image) head.preloadImage = responsiveImage(p.image, 'gallery');
        // the product page reads this instead of asking the API again (mf-catalog src/api/prefetch.ts)
        if (p.answer) head.inlineData = { [`product:${p.slug}|${lang}|individual`]: p.answer };
      }
    } else if (match?.page === 'blog' && match.params.slug) {
      const found = await reader.blog(match.params.slug, lang);
      if (found.kind === 'missing') status = 404;
      else if (found.kind === 'found') {
        Object.assign(head, { title: found.value.title, description: found.value.description || head.description });
        // the article reads this instead of asking the API again (mf-catalog src/api/prefetch.ts)
        if (found.value.answer) head.inlineData = { [`blog:${match.params.slug}|${lang}`]: found.value.answer };
      }
    } else if (match?.page === 'info' && rest !== 'pages') {
      // the page's heading, as the back office last named it; a page the back office has hidden is a
      // 404 (the catalogue shows its "not found"); no answer keeps the page's usual name
      const found = await reader.infoPage(rest, lang);
      if (found.kind === 'missing') status = 404;
      else if (found.kind === 'found') {
        head.title = found.value.title;
        if (found.value.answer) head.inlineData = { [`page:${rest}|${lang}`]: found.value.answer };
      }
    } else if (match?.page === 'catalog' || match?.page === 'products') {
      // a category's or a brand's list is a page of its own for a search engine: its name and its address
      const listed = catalogListQuery(new URLSearchParams(search));
      head.query = listed.query;
      // "products" lists what "catalog" lists: one address for search engines
      if (match.page === 'products') head.rest = 'catalog';
      const name = listed.category
        ? await reader.listName('categories', listed.category, lang)
        : listed.brand
          ? await reader.listName('brands', listed.brand, lang)
          : null;
      if (name) head.title = name;
    } else if (match?.page === 'markets' || match?.page === 'home') {
      head.stores = [];
      if (match.page === 'markets') {
        const stores = await reader.stores(lang);
        head.stores = stores.list;
        if (stores.answer) head.inlineData = { [`markets|${lang}`]: stores.answer };
      }
      if (match.page === 'home') {
        // the page's one API answer goes into the HTML, and its first slide (the largest element) is preloaded
        const home = await reader.home(lang);
        if (home?.firstSlide) head.preloadImage = responsiveImage(home.firstSlide, 'slide');
        if (home) head.inlineData = { [`home|${lang}|individual`]: home.answer };
      }
    }
    if (status === 404) {
      page = 'notFound';
      seen.route = 'page:notFound';
      Object.assign(head, { page, title: pageTitle(lang, page), product: null, image: null });
    }
    return { lang, rest, match: status === 200 ? match : null, status, head };
  }

  /**
   * The scripts a page of `remote` needs, in order: main.js (it is at the end of <body>), the shell's
   * boot chunks, the route's remote and the header's search box. The mini-cart is mounted after the
   * page's load event (shell/src/layout/Header.tsx), so it is not hinted.
   */
  async function preloadsFor(remote: string, remotes: Record<string, string>, scripts: string[], origin: string): Promise<string[]> {
    const wanted: [string, string][] = [[remote, 'Routes']];
    if (hasSearchBox(remote)) wanted.push(['catalog', 'SearchBox']);
    const lists = await Promise.all([
      Promise.resolve(scripts),
      preloader.bootScripts(),
      ...wanted.map(([name, expose]) => {
        const url = remotes[name];
        return url ? preloader.remoteScripts(url, [expose], origin) : Promise.resolve([]);
      }),
    ]);
    return [...new Set(lists.flat())];
  }

  /** A page's own HTML, which the browser hydrates (shell/server/ssr.ts); null when it could not be rendered. */
  async function renderOnServer(req: http.IncomingMessage, remote: SsrRemote, remotes: Record<string, string>, pathname: string, search: string, page: { lang: Lang; rest: string; data: Record<string, unknown>; signedIn: boolean }) {
    const { lang, rest, data, signedIn } = page;
    const endSsr = metrics.ssrDuration.startTimer();
    const rendered = await ssr.render({
      remote,
      manifests: { catalog: remotes.catalog, [remote]: remotes[remote] },
      searchBox: hasSearchBox(remote),
      context: { cart: remote === 'cart' ? cartFromCookie(req.headers.cookie) : undefined, signedIn },
      url: pathname + search,
      rest,
      search: search.replace(/^\?/, ''),
      lang,
      data,
      fetchAnswer: (request) => reader.answer(request, lang),
    });
    endSsr({ outcome: rendered ? 'rendered' : 'fallback' });
    return rendered;
  }

  /** Sends a page: gzip when the client takes it (a quick level 6: pages differ per request), with the page headers. */
  function sendPage(req: http.IncomingMessage, res: http.ServerResponse, status: number, lang: Lang, remotes: Record<string, string>, pageHtml: string) {
    const gzip = pickEncoding(req.headers) !== null;
    const body = gzip ? zlib.gzipSync(Buffer.from(pageHtml), { level: 6 }) : Buffer.from(pageHtml);
    res.writeHead(status, {
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      'Content-Type': 'text/html; charset=utf-8',
      // private: a page is drawn from the browser's cookies (its cart, whether it keeps a session), so
      // no shared cache (a CDN, a company proxy) may hand one shopper's page to another
      'Cache-Control': 'private, no-cache',
      'Content-Language': lang,
      'Content-Security-Policy': csp(remotes),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** A page of the shop: index.html with the page's <head>, and for catalogue pages their HTML. */
  async function renderPage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, search: string, seen: Seen) {
    const { html, scripts } = await readTemplate();
    const { lang, rest, match, status, head } = await describePage(req, pathname, search, seen);
    let remotes: Record<string, string> = {};
    try {
      remotes = await remotesConfig();
    } catch (err) {
      log(`remotes.json unreadable: ${String(err)}`);
    }
    head.inlineRemotes = remotes;
    if (match) {
      head.preloadManifest = remotes[match.remote] ?? null;
      head.preloadScripts = await preloadsFor(match.remote, remotes, scripts, head.origin);
    }
    const ssrRemote = match ? ssrRemoteOf(match) : null;
    // the header is drawn from it, and #root says so: one reading for both
    const signedIn = signedInFromCookie(req.headers.cookie);
    const rendered = ssrRemote ? await renderOnServer(req, ssrRemote, remotes, pathname, search, { lang, rest, data: head.inlineData ?? {}, signedIn }) : null;
    if (rendered) head.inlineData = rendered.data;
    const app = rendered?.html ?? '';
    // React preloads the picture a rendered page shows first (its <img fetchPriority="high">, as a <link> at the
    // top of the page's HTML): that one, not the shell's guess. A product's first picture is not the one
    // shown when its first variant is sold out, and both would be fetched at high priority.
    if (REACT_IMAGE_PRELOAD.test(app)) head.preloadImage = null;
    // a server-rendered page needs no script for its first picture: they all start after its load
    // event (public/start-after-load.js), so none competes with the page's pictures
    const deferred = app ? { scripts, preload: head.preloadScripts ?? [], manifest: head.preloadManifest ?? null } : null;
    if (deferred) {
      head.preloadScripts = [];
      head.preloadManifest = null;
    }
    const headHtml = runtimeConfigMeta + (await ssr.designStyle()) + buildHead(head);
    // function replacements: a "$" in a product's text must not be read as a replacement pattern
    const pageHtml = html
      .replace('<html lang="uz">', () => `<html lang="${lang}">`)
      .replace('<!--bozor:head-->', () => headHtml)
      // data-signed-in: the header was drawn for a signed-in shopper, and the browser hydrates it so
      .replace('<div id="root"></div>', () => (app ? `<div id="root" data-ssr="1"${signedIn ? ' data-signed-in="1"' : ''}>${app}</div>` : '<div id="root"></div>'))
      .replace(/<script\b[^>]*\bsrc="[^"]+"[^>]*><\/script>/g, (tag) => (deferred ? '' : tag))
      .replace('</body>', () => (deferred ? `${startAfterLoadTag(deferred)}</body>` : '</body>'));
    sendPage(req, res, status, lang, remotes, pageHtml);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) {
    const url = new URL(req.url ?? '/', 'http://x');
    const { pathname } = url;
    const method = req.method ?? 'GET';
    seen.route = routeKind(pathname);

    if (config.proxyApi && config.apiUrl && isProxied(pathname)) return proxyToApi(req, res, { apiUrl: config.apiUrl, catalogApiKey: config.catalogApiKey, trustedProxies: config.trustedProxies, bindHost: config.host });

    if (pathname === '/_client-log' && method === 'POST') {
      // A client may report a few errors a minute; more are refused unread, so nobody floods the log.
      if (!clientLog.allow(forwardedOf(req, config.trustedProxies, config.host).clientIp, Date.now())) {
        req.resume();
        res.writeHead(429, { 'Retry-After': '60' }).end();
        return;
      }
      let raw = '';
      for await (const chunk of req) {
        raw += String(chunk);
        if (raw.length > 4096) break;
      }
      // control characters (a terminal's escape sequences among them) never reach the log
      log(`client-error ${raw.slice(0, 4096).replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ')}`);
      countClientReport(metrics, raw.slice(0, 4096));
      res.writeHead(204).end();
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (config.adminDir && isAdminPath(pathname)) return serveAdmin(req, res, config.adminDir, pathname, url.search);
    if (pathname === '/_healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('ok');
      return;
    }
    if (pathname === '/remotes.json') {
      const body = JSON.stringify(await remotesConfig());
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' }).end(body);
      return;
    }
    const remoteFile = localRemoteFile(config.remoteDirs, pathname);
    if (remoteFile !== undefined) {
      if (remoteFile && (await sendFile(res, remoteFile, method, { 'Access-Control-Allow-Origin': '*' }, req.headers))) return;
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
    await renderPage(req, res, pathname, url.search, seen);
  }

  /** The route label of a request before it is handled (pages refine it to `page:<name>` in renderPage). */
  function routeKind(pathname: string): string {
    if (config.proxyApi && config.apiUrl && isProxied(pathname)) {
      return `proxy:${PROXIED_PREFIXES.find((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))}`;
    }
    if (['/_client-log', '/_healthz', '/remotes.json', '/robots.txt', '/sitemap.xml', '/', '/offline.html'].includes(pathname)) return pathname;
    if (config.adminDir && isAdminPath(pathname)) return '/admin/';
    const remote = /^\/remotes\/([a-z]+)\//.exec(pathname)?.[1];
    if (remote && config.remoteDirs[remote]) return `/remotes/${remote}/`;
    if (path.extname(pathname) && !pathname.endsWith('.html')) return 'static';
    return 'page';
  }

  const clientLog = createWindowLimiter(CLIENT_LOG_PER_MINUTE, 60_000);
  const server = http.createServer((req, res) => {
    // This server's own keep-alive time, advertised shorter than it is kept (config.ts KEEP_ALIVE_S); the
    // API's is never passed on (proxy.ts).
    if (res.shouldKeepAlive) res.setHeader('Keep-Alive', `timeout=${config.keepAliveS - KEEP_ALIVE_MARGIN_S}`);
    const seen: Seen = { route: 'other' };
    const endRequest = metrics.httpDuration.startTimer();
    res.once('close', () => endRequest({ method: req.method ?? 'GET', route: seen.route, status_code: String(res.statusCode) }));
    handle(req, res, seen).catch((err: unknown) => {
      // A malformed %-escape is the request's fault, wherever it was decoded.
      const bad = err instanceof URIError;
      if (!bad) log(`shell-server error ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(bad ? 400 : 500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(bad ? 'Bad Request' : 'Internal Server Error');
    });
  });
  // Node closed idle connections after 5 s while the proxies in front pool them for 60 s: a request sent on a
  // connection just being closed failed ("other side closed"). headersTimeout (60 s) needs no change: it does
  // not cut a connection waiting idle between requests (Node 20: a 1 s headersTimeout, idle 2.5 s, kept).
  server.keepAliveTimeout = config.keepAliveS * 1000;
  return server;
}
