// A route of the shell server: which methods and paths it answers, the label its requests carry in the
// metrics, and its handler. The table (table.ts) is read in order: a request goes to the first route
// whose path and method both match; a path some route has but not for this method, or none has, is a 405.
import type http from 'node:http';

/** What a request turned out to be, for its metrics label; a page refines it to `page:<name>`. */
export interface Seen {
  route: string;
}

/** One request as a handler gets it. */
export interface RouteRequest {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  /** The request's method (GET when Node has none). */
  method: string;
  seen: Seen;
}

/** An exact path, a pattern, or a test of the path. */
export type PathPattern = string | RegExp | ((pathname: string) => boolean);

export interface Route {
  /** The methods it answers; `any` for the API proxy, which passes every method on. */
  methods: readonly string[] | 'any';
  path: PathPattern;
  /** Its requests' metrics label (bounded values only, metrics.ts); an exact path's own path when left out. */
  label?: string | ((pathname: string) => string);
  handle(request: RouteRequest): Promise<void> | void;
}

/** Reading methods: every route but the proxy and the client-error log answers these only. */
export const READ: readonly string[] = ['GET', 'HEAD'];

function pathMatches(pattern: PathPattern, pathname: string): boolean {
  if (typeof pattern === 'string') return pathname === pattern;
  if (pattern instanceof RegExp) return pattern.test(pathname);
  return pattern(pathname);
}

function labelOf(route: Route, pathname: string): string {
  if (typeof route.label === 'function') return route.label(pathname);
  return route.label ?? (typeof route.path === 'string' ? route.path : 'other');
}

/**
 * A request's metrics label: that of the first route with its path, whatever the method (a POST to
 * /sitemap.xml counts as /sitemap.xml, answered 405); `other` when no route has the path.
 */
export function labelFor(routes: readonly Route[], pathname: string): string {
  const first = routes.find((route) => pathMatches(route.path, pathname));
  return first ? labelOf(first, pathname) : 'other';
}

/** Answers a request from the table, labelling it first. */
export async function dispatch(routes: readonly Route[], request: RouteRequest): Promise<void> {
  const { pathname } = request.url;
  request.seen.route = labelFor(routes, pathname);
  const route = routes.find((r) => (r.methods === 'any' || r.methods.includes(request.method)) && pathMatches(r.path, pathname));
  if (!route) {
    request.res.writeHead(405, { Allow: READ.join(', ') }).end();
    return;
  }
  await route.handle(request);
}
