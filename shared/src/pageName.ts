// A remote's word to the shell about the page it shows (contract 2.3.0). The shell's DocumentTitle listens.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The DOM event a remote sends when it knows its page's name (a product's, an order's state). */
export const PAGE_NAME_EVENT = 'bz:page-name';

export interface PageNameDetail {
  /** The page's path, e.g. /ru/products/tefal-kettle: a name for a page already left is kept for a return to it. */
  path: string;
  name: string;
}

/**
 * Tells the shell the name of the page at the current path, in the page's language: the browser tab then
 * reads "name — Bozor", as the shell server writes it for a page loaded afresh. Sent again when the name
 * or the path changes; an empty name is ignored by the shell.
 */
export function useAnnouncePageName(name: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.dispatchEvent(new CustomEvent<PageNameDetail>(PAGE_NAME_EVENT, { detail: { path: pathname, name } }));
  }, [pathname, name]);
}
