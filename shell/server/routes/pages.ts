// The shop's pages: index.html with the page's <head> (head.ts), and for the pages the server renders
// (ssr.ts) their HTML, whose scripts then start after the page's load event.
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { PageName } from '../../../shared/src/routes.js';
import type { Lang } from '../catalogue.js';
import type { ShellContext } from '../context.js';
import { cartFromCookie, signedInFromCookie } from '../cookies.js';
import { pickEncoding } from '../files.js';
import { buildHead, escapeHtml } from '../head.js';
import { pagePolicy } from '../page-policy.js';
import type { SsrRemote } from '../ssr.js';
import { describePage } from './describe-page.js';
import type { RouteRequest } from './route.js';

/** The image preload React writes for a server-rendered page's high-priority picture (page text is escaped, so only React writes a tag). */
const REACT_IMAGE_PRELOAD = /<link rel="preload" as="image"/;

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

/** The one script of a server-rendered page: it starts the shell's scripts after the page's load event. */
function startAfterLoadTag({ scripts, preload, manifest }: { scripts: string[]; preload: string[]; manifest: string | null }): string {
  const attr = (name: string, value: unknown) => ` ${name}="${escapeHtml(JSON.stringify(value))}"`;
  return (
    `<script defer src="/start-after-load.js"${attr('data-scripts', scripts)}${attr('data-preload', preload.filter((s) => !scripts.includes(s)))}` +
    `${manifest ? ` data-manifest="${escapeHtml(manifest)}"` : ''}></script>`
  );
}

/** The page handler of one server: it reads index.html once and draws every page from it. */
export function createPages(ctx: ShellContext) {
  const { config, preloader, reader, ssr, metrics, log } = ctx;
  const csp = pagePolicy(Boolean(config.yandexMapsApiKey));
  /** The public runtime config the browser reads (shared `publicRuntimeConfig()`); attribute-escaped JSON. */
  const runtimeConfigMeta = `<meta name="bozor:config" content="${escapeHtml(JSON.stringify({ yandexMapsApiKey: config.yandexMapsApiKey }))}" />`;
  /** index.html and the scripts it loads (main.js), read once. */
  let template: Promise<{ html: string; scripts: string[] }> | null = null;

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
  return async function renderPage({ req, res, url, seen }: RouteRequest): Promise<void> {
    const { pathname, search } = url;
    const { html, scripts } = await readTemplate();
    const { lang, rest, match, status, head } = await describePage(ctx, req, pathname, search, seen);
    let remotes: Record<string, string> = {};
    try {
      remotes = await ctx.remotesConfig();
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
  };
}
