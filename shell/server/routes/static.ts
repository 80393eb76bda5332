// Built files: the shell's (assets, sw.js, the offline page, favicon) and, for the `pnpm start` gateway,
// the remotes' builds under /remotes/<name>/ (REMOTE_DIRS). Cache rules and compression in ../files.ts.
import path from 'node:path';
import type { ShellContext } from '../context.js';
import { localRemoteFile, safeJoin, sendFile } from '../files.js';
import type { RouteRequest } from './route.js';

const NOT_FOUND = { 'Content-Type': 'text/plain; charset=utf-8' };

/** A file of the shell's build: anything with an extension but a page (index.html only through the page route). */
export const isBuiltFile = (pathname: string): boolean => Boolean(path.extname(pathname)) && !pathname.endsWith('.html');

export function builtFile({ config }: ShellContext) {
  return async ({ req, res, url, method }: RouteRequest): Promise<void> => {
    const file = safeJoin(config.distDir, url.pathname);
    if (file && (await sendFile(res, file, method, {}, req.headers))) return;
    res.writeHead(404, NOT_FOUND).end('Not found');
  };
}

/** The offline page the service worker keeps; without one in the build, the page route answers. */
export function offlinePage({ config }: ShellContext, page: (request: RouteRequest) => Promise<void>) {
  return async (request: RouteRequest): Promise<void> => {
    const file = safeJoin(config.distDir, request.url.pathname);
    if (file && (await sendFile(request.res, file, request.method))) return;
    await page(request);
  };
}

/** `/remotes/<name>/<path>`: a remote's file, from this machine's folder for it. */
export const isRemoteFile = ({ config }: ShellContext) => (pathname: string): boolean => localRemoteFile(config.remoteDirs, pathname) !== undefined;

/** The metrics label of a remote's file: the remote, when this machine serves it. */
export const remoteFileLabel = ({ config }: ShellContext) => (pathname: string): string => {
  const name = /^\/remotes\/([a-z]+)\//.exec(pathname)?.[1] ?? '';
  if (Object.hasOwn(config.remoteDirs, name)) return `/remotes/${name}/`;
  return isBuiltFile(pathname) ? 'static' : 'page';
};

export function remoteFile({ config }: ShellContext) {
  return async ({ req, res, url, method }: RouteRequest): Promise<void> => {
    const file = localRemoteFile(config.remoteDirs, url.pathname);
    if (file && (await sendFile(res, file, method, { 'Access-Control-Allow-Origin': '*' }, req.headers))) return;
    res.writeHead(404, { ...NOT_FOUND, 'Cache-Control': 'no-cache' }).end('Not found');
  };
}
