// The browser tab's title after each in-app navigation and language switch: the same text the shell
// server writes into <title> for that route (routing/titles.ts), so a page reached by a link reads as one
// loaded afresh. The first page keeps the server's title, which may hold a name only the server looked
// up (a product's, a post's, an information page's as the back office named it). A remote that learns its
// page's name says so with `useAnnouncePageName` (@bozor/shared, the `bz:page-name` event).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_LANG, PAGE_NAME_EVENT, matchRoute, splitLangPath, type PageNameDetail } from '@bozor/shared';
import { langFromCookie } from './language';
import { documentTitle, routeTitle } from './titles';

/** Names the remotes told us, by path (the most recent few, for Back to a page seen before). */
const pageNames = new Map<string, string>();
const NAMES_KEPT = 50;

function rememberName(path: string, name: string) {
  pageNames.delete(path);
  pageNames.set(path, name);
  if (pageNames.size > NAMES_KEPT) pageNames.delete(pageNames.keys().next().value as string);
}

function isPageNameDetail(detail: unknown): detail is PageNameDetail {
  const d = detail as Partial<PageNameDetail> | null;
  return typeof d?.path === 'string' && typeof d.name === 'string' && d.name.trim() !== '';
}

/**
 * The title the shell server writes for `pathname` (`cookie`: the language of a path without one, as the
 * server reads it), with `name` when the page's own name is known; null for "/", which only redirects.
 */
export function titleForPath(pathname: string, cookie: string, name?: string): string | null {
  if (pathname === '/') return null;
  const split = splitLangPath(pathname);
  const match = split ? matchRoute(split.rest) : null;
  if (name && match) return documentTitle(match.page, name.trim());
  return routeTitle(split?.lang ?? langFromCookie(cookie) ?? DEFAULT_LANG, match?.page ?? 'notFound', split?.rest ?? '');
}

/** Keeps document.title in step with the route; renders nothing (the server's HTML is unchanged). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);

  // a layout effect: listening before any remote's effect of the same commit can announce its page
  useLayoutEffect(() => {
    const onName = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (!isPageNameDetail(detail)) return;
      rememberName(detail.path, detail.name);
      const title = detail.path === shown.current ? titleForPath(detail.path, document.cookie, detail.name) : null;
      if (title) document.title = title;
    };
    document.addEventListener(PAGE_NAME_EVENT, onName);
    return () => document.removeEventListener(PAGE_NAME_EVENT, onName);
  }, []);

  useEffect(() => {
    const first = shown.current === null;
    shown.current = pathname;
    // the server's title for the page it sent (a page from elsewhere, the dev server's, has none)
    if (first && document.title) return;
    const title = titleForPath(pathname, document.cookie, pageNames.get(pathname));
    if (title) document.title = title;
  }, [pathname]);

  return null;
}
