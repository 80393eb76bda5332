// Where the window should scroll after a navigation, decided from the two locations alone (the
// ScrollRestoration component does the scrolling), and the positions kept per history entry.
import { NavigationType, type Location } from 'react-router';

export type ScrollAction =
  /** A new page: its top. */
  | { kind: 'top' }
  /** The element the URL's #fragment names (once it is on the page). */
  | { kind: 'hash'; id: string }
  /** Back/Forward (or a reload): where the shopper left this entry. */
  | { kind: 'restore'; y: number }
  /** The same page changed in place (a filter, the sort): no jump. */
  | { kind: 'stay' };

/** The catalogue pager's query parameter (mf-catalog src/api/filter.ts: `?page=2`, page 1 left out). */
export const PAGE_PARAM = 'page';

/** Whether two queries differ in the page number only: the pager's next page of the same list. */
export function onlyPageChanged(before: string, after: string): boolean {
  const a = new URLSearchParams(before);
  const b = new URLSearchParams(after);
  if (a.get(PAGE_PARAM) === b.get(PAGE_PARAM)) return false;
  a.delete(PAGE_PARAM);
  b.delete(PAGE_PARAM);
  a.sort();
  b.sort();
  return a.toString() === b.toString();
}

/** The id a #fragment names, or null for none. */
export function hashTarget(hash: string): string | null {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * What a navigation from `previous` (null: the document's first location) to `next` does to the scroll
 * position; `saved` is the position last seen on `next`'s history entry.
 *
 * - Back/Forward, or the first location after a reload: the saved position; a first visit leaves the
 *   browser's own (the top, or the #fragment once it is rendered).
 * - A link or a redirect to another path: the top, or the #fragment.
 * - The same path with another query: the top when only the page number changed (the catalogue's
 *   pager); otherwise the list changed in place (a filter, the sort, both pushed by the catalogue) and
 *   the shopper stays where the filter was.
 * - Only the #fragment changed: that element.
 */
export function scrollActionFor(previous: Location | null, next: Location, type: NavigationType, saved: number | undefined): ScrollAction {
  const hash = hashTarget(next.hash);
  if (previous === null || type === NavigationType.Pop) {
    if (saved !== undefined) return { kind: 'restore', y: saved };
    return previous === null && hash ? { kind: 'hash', id: hash } : { kind: 'stay' };
  }
  const newPage = previous.pathname !== next.pathname || (previous.search !== next.search && onlyPageChanged(previous.search, next.search));
  if (newPage) return hash ? { kind: 'hash', id: hash } : { kind: 'top' };
  if (hash && previous.search === next.search && previous.hash !== next.hash) return { kind: 'hash', id: hash };
  return { kind: 'stay' };
}

/**
 * The key a position is kept under: the history entry's. An entry the router did not make (the first
 * page of a tab, a plain #fragment link) has the key "default"; its URL tells those apart.
 */
export function positionKey(location: Location): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}${location.hash}` : location.key;
}

const STORAGE_KEY = 'bozor:scroll';
/** Enough for any Back a shopper makes; older entries go first. */
const POSITIONS_KEPT = 100;

/**
 * Scroll positions per history entry, in sessionStorage across reloads (the browser's own restoration
 * is turned off, so a reload would otherwise start at the top).
 */
export class ScrollPositions {
  private readonly positions = new Map<string, number>();

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
    try {
      const kept = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
      for (const [key, y] of Object.entries(kept)) if (typeof y === 'number' && Number.isFinite(y)) this.positions.set(key, y);
    } catch {
      // unreadable or blocked storage: positions of this page's life only
    }
  }

  get(key: string): number | undefined {
    return this.positions.get(key);
  }

  set(key: string, y: number): void {
    this.positions.delete(key);
    this.positions.set(key, Math.max(0, Math.round(y)));
    if (this.positions.size > POSITIONS_KEPT) this.positions.delete(this.positions.keys().next().value as string);
  }

  /** Writes them for the next load of this tab (on pagehide). */
  save(): void {
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(this.positions)));
    } catch {
      // storage full or blocked: a reload starts at the top, as without this
    }
  }
}
