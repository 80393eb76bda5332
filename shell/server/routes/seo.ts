// What search engines read besides the pages: robots.txt and sitemap.xml (sitemap.ts writes both), for
// the shop's origin (ShellContext.originOf). The sitemap asks the API for every slug, so it is kept a while.
import type { ShellContext } from '../context.js';
import { buildRobots, buildSitemap } from '../sitemap.js';
import type { RouteRequest } from './route.js';

const SITEMAP_TTL_MS = 10 * 60 * 1000;

export function robotsTxt(ctx: ShellContext) {
  return ({ req, res }: RouteRequest): void => {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }).end(buildRobots(ctx.originOf(req)));
  };
}

export function sitemapXml(ctx: ShellContext) {
  /** The last sitemap written, for one origin. */
  let sitemap: { at: number; origin: string; xml: string } | null = null;
  return async ({ req, res }: RouteRequest): Promise<void> => {
    const origin = ctx.originOf(req);
    if (!sitemap || sitemap.origin !== origin || Date.now() - sitemap.at > SITEMAP_TTL_MS) {
      sitemap = { at: Date.now(), origin, xml: await buildSitemap(origin, ctx.reader) };
    }
    res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' }).end(sitemap.xml);
  };
}
