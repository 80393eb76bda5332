// The shell server's routes, in the order a request tries them (route.ts): the API proxy and the
// back office when this server is the `pnpm start` gateway, the server's own endpoints, the remotes'
// and the shell's built files, and last the shop's pages, which answer every other path.
import type { ShellContext } from '../context.js';
import { isAdminPath, serveAdmin } from '../admin.js';
import { langFromCookie } from '../cookies.js';
import { PROXIED_PREFIXES, isProxied, proxyToApi } from '../proxy.js';
import { createClientLog } from './client-log.js';
import { createPages } from './pages.js';
import { READ, type Route } from './route.js';
import { robotsTxt, sitemapXml } from './seo.js';
import { builtFile, isBuiltFile, isRemoteFile, offlinePage, remoteFile, remoteFileLabel } from './static.js';

/** The API proxy's label: the prefix it matched (`proxy:/api/`). */
const proxyLabel = (pathname: string) => `proxy:${PROXIED_PREFIXES.find((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))}`;

export function shellRoutes(ctx: ShellContext): Route[] {
  const { config } = ctx;
  const page = createPages(ctx);
  const { apiUrl, adminDir } = config;
  return [
    ...(config.proxyApi && apiUrl
      ? [
          {
            methods: 'any',
            path: isProxied,
            label: proxyLabel,
            handle: ({ req, res }) => proxyToApi(req, res, { apiUrl, catalogApiKey: config.catalogApiKey, trustedProxies: config.trustedProxies, bindHost: config.host }),
          } satisfies Route,
        ]
      : []),
    { methods: ['POST'], path: '/_client-log', handle: createClientLog(ctx) },
    ...(adminDir
      ? [{ methods: READ, path: isAdminPath, label: '/admin/', handle: ({ req, res, url }) => serveAdmin(req, res, adminDir, url.pathname, url.search) } satisfies Route]
      : []),
    {
      methods: READ,
      path: '/_healthz',
      handle: ({ res }) => {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('ok');
      },
    },
    {
      methods: READ,
      path: '/remotes.json',
      handle: async ({ res }) => {
        const body = JSON.stringify(await ctx.remotesConfig());
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' }).end(body);
      },
    },
    { methods: READ, path: isRemoteFile(ctx), label: remoteFileLabel(ctx), handle: remoteFile(ctx) },
    { methods: READ, path: '/robots.txt', handle: robotsTxt(ctx) },
    { methods: READ, path: '/sitemap.xml', handle: sitemapXml(ctx) },
    {
      // the shop's address: the language the shopper chose before, else Uzbek
      methods: READ,
      path: '/',
      handle: ({ req, res, url }) => {
        const lang = langFromCookie(req.headers.cookie) ?? 'uz';
        res.writeHead(302, { Location: `/${lang}${url.search}`, 'Cache-Control': 'no-cache', Vary: 'Cookie' }).end();
      },
    },
    { methods: READ, path: isBuiltFile, label: 'static', handle: builtFile(ctx) },
    { methods: READ, path: '/offline.html', handle: offlinePage(ctx, page) },
    { methods: READ, path: () => true, label: 'page', handle: page },
  ];
}
