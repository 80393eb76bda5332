// The favourites store (issue 12): the product ids the shopper hearted, newest first — a guest's list
// (kept in the browser by the shell, localStorage 'favourites') or, signed in, the account's
// (/api/profile/favourites). Every remote reads the same atom, so a heart is the same on every page.
// The shell wires the storage, the other tabs and the merge at sign-in (shell/src/stores/favourites.ts).
import { atom, computed } from 'nanostores';
import { $auth } from './auth';
import { getApi } from './services';

/** The most favourites one list holds (the API's limit for an account too). */
export const MAX_FAVOURITES = 100;

/** Product ids, newest first. */
export const $favourites = atom<number[]>([]);

/** How many favourites (what the header's heart shows). */
export const $favouritesCount = computed($favourites, (ids) => ids.length);

/** A list as storage or another tab gives it: positive integer ids, each once, at most MAX_FAVOURITES; else null. */
export function checkFavouriteIds(value: unknown): number[] | null {
  if (!Array.isArray(value) || !value.every((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647)) return null;
  return [...new Set(value)].slice(0, MAX_FAVOURITES);
}

/** Replaces the list (from storage, another tab or the account). */
export function replaceFavourites(ids: number[]) {
  $favourites.set(ids);
}

// a signed-in shopper's changes reach the API in the order they were made
let queue: Promise<unknown> = Promise.resolve();
function inOrder<T>(call: () => Promise<T>): Promise<T> {
  const run = queue.then(call);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Hearts (`on`) or un-hearts a product. The heart changes at once. Signed in, the account is changed
 * too; when that fails the heart goes back and the promise rejects (the caller says so). A guest's list
 * keeps the newest MAX_FAVOURITES.
 */
export async function setFavourite(productId: number, on: boolean): Promise<void> {
  const before = $favourites.get();
  if (before.includes(productId) === on) return;
  $favourites.set(on ? [productId, ...before].slice(0, MAX_FAVOURITES) : before.filter((id) => id !== productId));
  if (!$auth.get().isAuthenticated) return;
  try {
    await inOrder<unknown>(() =>
      on
        ? getApi().post('/api/profile/favourites', { body: { product_id: productId } })
        : getApi().delete('/api/profile/favourites/{productId}', { path: { productId } }),
    );
  } catch (err) {
    // only this product goes back: others may have changed meanwhile
    const now = $favourites.get();
    $favourites.set(on ? now.filter((id) => id !== productId) : now.includes(productId) ? now : [productId, ...now]);
    throw err;
  }
}

/** Hearts a product that is not a favourite, un-hearts one that is. */
export function toggleFavourite(productId: number): Promise<void> {
  return setFavourite(productId, !$favourites.get().includes(productId));
}

/** The signed-in shopper's favourites from the account (ids, newest first). */
export async function loadAccountFavourites(): Promise<number[]> {
  const answer = await getApi().get('/api/profile/favourites');
  return answer.data.map((card) => card.id);
}

/** Adds a guest's list to the account's (idempotent) and answers the account's whole list. */
export async function mergeGuestFavourites(guest: number[]): Promise<number[]> {
  const answer = await getApi().post('/api/profile/favourites/merge', { body: { product_ids: guest.slice(0, MAX_FAVOURITES) } });
  return answer.data.map((card) => card.id);
}

/**
 * The browser's storage key of the recently viewed products (mf-catalog's src/recent.ts keeps the list). The
 * shell removes it at sign-out, so the next person at a shared computer does not see what was looked at.
 */
export const RECENTLY_VIEWED_KEY = 'recently-viewed';
