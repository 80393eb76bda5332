// Persistence and sync of the shared auth and cart stores — the one place that writes localStorage
// ('auth', 'cart'), follows other tabs, and mirrors a signed-in user's cart to the backend.
import {
  $accountType,
  $auth,
  $cart,
  GUEST_AUTH,
  RECENTLY_VIEWED_KEY,
  cartLineKey,
  getApi,
  loadUser,
  mergeCarts,
  onAuthEvent,
  replaceCart,
  restoreAuth,
  clearCart,
  showToast,
  type CartItem,
} from '@bozor/shared';
import { cartApi, cartNotes } from '@bozor/shared/api/cart';
import { CART_COOKIE, encodeCartCookie } from '@bozor/shared/cart-cookie';
import { CHECKOUT_STORAGE_KEYS } from '@bozor/shared/checkout-storage';
import { i18n } from '../i18n';
import { checkAuthState, checkCart } from './guards';
import { SIGNED_IN_COOKIE } from '../layout/signedInCookie';

/** docs/product.md "Cart": a failed cart sync is logged to the console with this Russian message ("cart sync error"). */
export const CART_SYNC_ERROR = 'Ошибка синхронизации корзины';

function read<T>(storage: Storage, key: string, check: (value: unknown) => T | null): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? check(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export interface PersistenceOptions {
  storage?: Storage;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Delay before pushing a signed-in cart change (coalesces quick +/+/+ clicks). */
  pushDelayMs?: number;
  /** Where the cart's cookie mirror is written (tests). */
  cookies?: Pick<Document, 'cookie'>;
  /** Whose `visibilitychange` says the shopper is back on this tab (tests). */
  page?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  /** How a line the pull took out or lowered is told (a toast; tests read it). */
  announce?: (message: string) => void;
  /** This tab's storage (sessionStorage), where the checkout keeps the last order's copy; null when unavailable. */
  tabStorage?: Pick<Storage, 'removeItem'> | null;
}

export interface Persistence {
  stop(): void;
  /**
   * A signed-in shopper's cart as the server holds it: another device may have changed it since this
   * browser last saw it. A change made here that has not reached the server yet is pushed instead.
   */
  pullCart(): Promise<void>;
}

/** Set while this browser has a cart change the server has not confirmed (a push waiting or failed). */
export const CART_UNSYNCED_KEY = 'cartUnsynced';
// What the checkout keeps of a signed-in shopper (`CHECKOUT_STORAGE_KEYS`): the form with the receiver's
// name, phone and home address, the attempt's Idempotency-Key, and this tab's copy of the last order. The
// checkout empties them when the account changes, but only once one of its pages has run in this page
// session; the shell, which runs on every page, empties them at sign-out too (docs/product.md "Stores").

/** The tab shown again pulls the cart at most this often. */
const PULL_AGAIN_AFTER_MS = 10_000;

const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * Mirrors the cart into the `bz_cart` cookie (shared/src/cartCookie.ts), from which the shell server
 * renders the cart page. Only carts priced as an individual's (guests and individuals: the server renders
 * with those prices); any other cart, or one that cannot be mirrored, removes the cookie, and its page
 * is rendered in the browser.
 */
function mirrorCart(cookies: Pick<Document, 'cookie'>) {
  mirrorCookie(cookies, CART_COOKIE, $accountType.get() === 'individual' ? encodeCartCookie($cart.get()) : null);
}

/** Writes one of the cookies the shell server renders from (`value`), or removes it (null). */
function mirrorCookie(cookies: Pick<Document, 'cookie'>, name: string, value: string | null) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  cookies.cookie =
    value === null ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${name}=${value}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/**
 * Keeps the `bz_in` cookie (SIGNED_IN_COOKIE) while a signed-in session is stored in this browser, so the
 * shell server draws the header of the next page with "My account" (layout/signedInHint.ts). It carries
 * nothing of the session: no token, no id; it lives as long as the cart's mirror and goes at sign-out.
 */
function mirrorSignedIn(cookies: Pick<Document, 'cookie'>) {
  mirrorCookie(cookies, SIGNED_IN_COOKIE, $auth.get().isAuthenticated ? '1' : null);
}

/**
 * Restores the stores from localStorage, keeps them written there, follows other tabs through the
 * 'storage' event, merges the guest cart on sign-in, pushes signed-in cart changes, and pulls the
 * account's cart again when the shopper comes back to the tab (`pullCart` at start-up is the caller's,
 * once the stored token has been checked).
 */
export function initPersistence({
  storage = localStorage,
  target = window,
  pushDelayMs = 300,
  cookies = document,
  page = document,
  announce = (message) => showToast(message, 'info', 8000),
  tabStorage = sessionStorageOrNull(),
}: PersistenceOptions = {}): Persistence {
  const auth = read(storage, 'auth', checkAuthState);
  if (auth) restoreAuth(auth);
  const cart = read(storage, 'cart', checkCart);
  if (cart) replaceCart(cart);
  mirrorCart(cookies);
  mirrorSignedIn(cookies);

  let fromOtherTab = false;
  let merging = false;
  let pulling = false;
  let localEdits = 0;
  let pushes = 0;
  let lastPull = -Infinity;
  let pushTimer: ReturnType<typeof setTimeout> | undefined;

  const pushCart = () => {
    storage.setItem(CART_UNSYNCED_KEY, '1');
    clearTimeout(pushTimer);
    pushTimer = setTimeout(() => {
      const push = ++pushes;
      getApi()
        .saveCart($cart.get())
        .then(() => {
          if (push === pushes) storage.removeItem(CART_UNSYNCED_KEY);
        })
        .catch((err: unknown) => console.error(CART_SYNC_ERROR, err));
    }, pushDelayMs);
  };

  const pullCart = async () => {
    if (!$auth.get().isAuthenticated || merging) return;
    lastPull = Date.now();
    const edits = localEdits;
    try {
      const server = await getApi().getCart();
      // a change made meanwhile is newer than what was asked; its own push carries it
      if (edits !== localEdits || merging || !$auth.get().isAuthenticated) return;
      const local = $cart.get();
      if (storage.getItem(CART_UNSYNCED_KEY)) {
        // A change here may not have reached the server (a push cut short by leaving the page, or failed),
        // and the server may hold lines another device added: both are kept, this browser's quantities
        // first. The result is pushed.
        const keys = new Set(local.map(cartLineKey));
        const merged = [...local, ...server.filter((line) => !keys.has(cartLineKey(line)))];
        if (merged.length !== local.length) replaceCart(merged);
        else pushCart();
        return;
      }
      if (JSON.stringify(server) === JSON.stringify(local)) return;
      pulling = true;
      try {
        replaceCart(server);
      } finally {
        pulling = false;
      }
      void tellShrunkLines(local, server, announce);
    } catch (err) {
      console.error(CART_SYNC_ERROR, err);
    }
  };

  const onVisible = () => {
    if (page.visibilityState === 'visible' && Date.now() - lastPull >= PULL_AGAIN_AFTER_MS) void pullCart();
  };
  page.addEventListener('visibilitychange', onVisible);

  const offAuth = $auth.listen((state) => {
    mirrorCart(cookies);
    mirrorSignedIn(cookies);
    if (!fromOtherTab) storage.setItem('auth', JSON.stringify(state));
  });
  const offCart = $cart.listen((items) => {
    mirrorCart(cookies);
    if (fromOtherTab) return;
    storage.setItem('cart', JSON.stringify(items));
    if (pulling) return;
    localEdits += 1;
    if ($auth.get().isAuthenticated && !merging) pushCart();
  });

  const onStorage = (e: StorageEvent) => {
    if (e.storageArea !== storage && e.storageArea !== null) return;
    fromOtherTab = true;
    try {
      if (e.key === 'auth') restoreAuth(read(storage, 'auth', checkAuthState) ?? GUEST_AUTH);
      if (e.key === 'cart') replaceCart(read(storage, 'cart', checkCart) ?? []);
    } finally {
      fromOtherTab = false;
    }
  };
  target.addEventListener('storage', onStorage as EventListener);

  const offEvents = onAuthEvent((event) => {
    switch (event) {
      case 'logged-in':
        merging = true;
        void syncCartAfterSignIn(storage).finally(() => {
          merging = false;
        });
        break;
      case 'logged-out':
        clearTimeout(pushTimer);
        storage.removeItem(CART_UNSYNCED_KEY);
        // what this account looked at, and whom and where it had delivered to, are not left for the next
        // person at this browser (a guest has no checkout form: whoever's it was, it goes)
        storage.removeItem(RECENTLY_VIEWED_KEY);
        storage.removeItem(CHECKOUT_STORAGE_KEYS.form);
        storage.removeItem(CHECKOUT_STORAGE_KEYS.attempt);
        tabStorage?.removeItem(CHECKOUT_STORAGE_KEYS.lastOrder);
        clearCart();
        break;
    }
  });

  const stop = () => {
    offAuth();
    offCart();
    offEvents();
    clearTimeout(pushTimer);
    target.removeEventListener('storage', onStorage as EventListener);
    page.removeEventListener('visibilitychange', onVisible);
  };
  return { stop, pullCart };
}

/** sessionStorage, or null where reading it throws (storage blocked) or there is none. */
function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * After sign-in: the backend cart and the guest cart are merged (equal product_id summed) and the
 * result pushed back. A failure is logged with the Russian message and leaves the local cart as it is.
 */
async function syncCartAfterSignIn(storage: Storage): Promise<void> {
  try {
    const api = getApi();
    const merged = mergeCarts(await api.getCart(), $cart.get());
    replaceCart(merged);
    storage.setItem(CART_UNSYNCED_KEY, '1');
    await api.saveCart(merged);
    storage.removeItem(CART_UNSYNCED_KEY);
  } catch (err) {
    console.error(CART_SYNC_ERROR, err);
  }
}

/** Lines this browser held that `server` holds no more, or fewer of. */
function shrunkLines(local: readonly CartItem[], server: readonly CartItem[]): CartItem[] {
  const held = new Map(server.map((l) => [cartLineKey(l), l.quantity]));
  return local.filter((l) => (held.get(cartLineKey(l)) ?? 0) < l.quantity);
}

/**
 * The server answers a signed-in cart without the lines sold out or hidden since, and with quantities
 * capped at stock: the pull must not make them vanish unexplained. A line may also have been taken out on
 * another device, so only what the cart check confirms (no longer sold, not that many left) is told, in
 * the page's language, as the cart page tells it.
 */
async function tellShrunkLines(local: readonly CartItem[], server: readonly CartItem[], announce: (message: string) => void) {
  const shrunk = shrunkLines(local, server);
  if (shrunk.length === 0) return;
  try {
    const notes = cartNotes(shrunk, await cartApi(getApi()).check(shrunk));
    for (const n of notes) {
      if (n.change !== 'removed' && n.change !== 'price_changed') announce(i18n.t(`cartChanged.${n.change}`, { name: n.name, count: n.max }));
    }
  } catch (err) {
    console.error(CART_SYNC_ERROR, err);
  }
}

/** At start-up, a stored token is checked by loading the user (a 401 logs out, docs/product.md "Sign-in"). */
export async function refreshSignedInUser(): Promise<void> {
  if (!$auth.get().token) return;
  try {
    await loadUser();
  } catch (err) {
    console.error('loading the user failed', err);
  }
}
