// Recently viewed (issue 12): the last products the shopper opened, newest first, kept in this browser
// (localStorage 'recently-viewed'); the home page and the product page show them as a row.
import { atom } from 'nanostores';
import { RECENTLY_VIEWED_KEY, onAuthEvent } from '@bozor/shared';

export const RECENT_KEY = RECENTLY_VIEWED_KEY;
/** How many distinct products are remembered. */
export const RECENT_MAX = 12;

/** Product ids, newest first; filled from the browser's storage on first use. */
export const $recent = atom<number[]>([]);
let loaded = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // storage disabled (privacy settings): nothing is remembered
    return null;
  }
}

/** What storage holds, when it is a list of product ids; else nothing. */
function checkRecent(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647);
  return [...new Set(ids)].slice(0, RECENT_MAX);
}

/**
 * Sets the list unless it already holds these ids in this order: an equal new array would still make
 * every reader render again, synchronously (a store's change is never a transition in React), right
 * after a page hydrates.
 */
function keep(ids: number[]): void {
  const now = $recent.get();
  if (ids.length !== now.length || ids.some((id, i) => id !== now[i])) $recent.set(ids);
}

/** Reads the list from storage once per page (and again when another tab changes it). */
export function loadRecent(): void {
  if (loaded) return;
  loaded = true;
  const store = storage();
  const read = () => {
    try {
      keep(checkRecent(JSON.parse(store?.getItem(RECENT_KEY) ?? '[]')));
    } catch {
      keep([]);
    }
  };
  read();
  if (typeof window !== 'undefined') window.addEventListener('storage', (e) => (e.key === RECENT_KEY || e.key === null) && read());
  // signing out forgets them (the shell removes the stored list): a shared computer's next user starts afresh
  onAuthEvent((event) => event === 'logged-out' && keep([]));
}

/** Puts a product first (once); the oldest beyond RECENT_MAX drop out. */
export function recordView(productId: number): void {
  loadRecent();
  const next = [productId, ...$recent.get().filter((id) => id !== productId)].slice(0, RECENT_MAX);
  keep(next);
  try {
    storage()?.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // full or disabled storage: the row simply stays as it was
  }
}
