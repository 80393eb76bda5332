// Where the favourites live (issue 12): a guest's in localStorage 'favourites' (kept across reloads and
// followed by other tabs), a signed-in shopper's in the account. At sign-in the guest's list is merged
// into the account's and the browser's list emptied; after sign-out the hearts follow the browser's list
// again (empty, unless the shopper hearted something as a guest since).
import {
  $auth,
  $favourites,
  ApiError,
  checkFavouriteIds,
  loadAccountFavourites,
  mergeGuestFavourites,
  onAuthEvent,
  replaceFavourites,
} from '@bozor/shared';

export const FAVOURITES_KEY = 'favourites';

/** Logged to the console when the account's favourites could not be read or merged. */
export const FAVOURITES_SYNC_ERROR = 'favourites sync failed';

export interface FavouritesOptions {
  storage?: Storage;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Restores the list, keeps a guest's written, follows other tabs and sign-in/out. Returns a stop function (tests). */
export function initFavourites({ storage = localStorage, target = window }: FavouritesOptions = {}) {
  const readGuest = (): number[] => {
    try {
      const raw = storage.getItem(FAVOURITES_KEY);
      return (raw ? checkFavouriteIds(JSON.parse(raw)) : null) ?? [];
    } catch {
      return [];
    }
  };
  let applying = false;
  const apply = (ids: number[]) => {
    applying = true;
    try {
      replaceFavourites(ids);
    } finally {
      applying = false;
    }
  };
  const signedIn = () => $auth.get().isAuthenticated;

  /** Signed in: the guest's list (if any) is merged into the account's, then the account's is shown. */
  let syncing = 0;
  const syncAccount = async () => {
    const run = ++syncing;
    try {
      const guest = readGuest();
      const ids = guest.length > 0 ? await mergeGuestFavourites(guest) : await loadAccountFavourites();
      if (guest.length > 0) storage.removeItem(FAVOURITES_KEY);
      // a newer sync (or a sign-out) meanwhile wins
      if (run === syncing && signedIn()) apply(ids);
    } catch (err) {
      // the browser's list stays and is merged at the next start or sign-in; a session that ended (401)
      // is signed out by the user check, which shows the guest's list
      if (!(err instanceof ApiError && err.status === 401)) console.error(FAVOURITES_SYNC_ERROR, err);
    }
  };

  if (signedIn()) void syncAccount();
  else apply(readGuest());

  const offList = $favourites.listen((ids) => {
    if (applying || signedIn()) return;
    storage.setItem(FAVOURITES_KEY, JSON.stringify(ids));
  });

  const offEvents = onAuthEvent((event) => {
    if (event === 'logged-in') void syncAccount();
    else {
      syncing++;
      apply(readGuest());
    }
  });

  // other tabs: a guest's hearts; a sign-in or sign-out there (the shell's persistence has restored
  // 'auth' already: it listens first); the browser's list emptied by a merge there
  const onStorage = (e: StorageEvent) => {
    if (e.storageArea !== storage && e.storageArea !== null) return;
    if (e.key === 'auth') {
      // this tab's own sign-in goes through the logged-in event; this is another tab's
      if (signedIn() && !wasSignedInBefore(e)) void syncAccount();
      else if (!signedIn()) {
        syncing++;
        apply(readGuest());
      }
    } else if (e.key === FAVOURITES_KEY || e.key === null) {
      if (signedIn()) void syncAccount();
      else apply(readGuest());
    }
  };
  /** Whether the other tab's 'auth' change found this tab already signed in (a token refresh, not a sign-in). */
  const wasSignedInBefore = (e: StorageEvent): boolean => {
    try {
      return Boolean(e.oldValue && (JSON.parse(e.oldValue) as { isAuthenticated?: unknown }).isAuthenticated === true);
    } catch {
      return false;
    }
  };
  target.addEventListener('storage', onStorage as EventListener);

  return () => {
    offList();
    offEvents();
    target.removeEventListener('storage', onStorage as EventListener);
  };
}
