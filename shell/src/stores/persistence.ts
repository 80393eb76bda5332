// Persistence and sync of the shared auth and cart stores — the one place that writes localStorage
// ('auth', 'cart'), follows other tabs, and mirrors a signed-in user's cart to the backend.
import {
  $accountType,
  $auth,
  $cart,
  GUEST_AUTH,
  getApi,
  loadUser,
  mergeCarts,
  onAuthEvent,
  replaceCart,
  restoreAuth,
  clearCart,
} from '@bozor/shared';
import { CART_COOKIE, encodeCartCookie } from '@bozor/shared/cart-cookie';
import { checkAuthState, checkCart } from './guards';

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
}

const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * Mirrors the cart into the `bz_cart` cookie (shared/src/cartCookie.ts), from which the shell server
 * renders the cart page. Only carts priced as an individual's (guests and individuals: the server renders
 * with those prices); any other cart, or one that cannot be mirrored, removes the cookie, and its page
 * is rendered in the browser.
 */
function mirrorCart(cookies: Pick<Document, 'cookie'>) {
  const value = $accountType.get() === 'individual' ? encodeCartCookie($cart.get()) : null;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  cookies.cookie =
    value === null ? `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${CART_COOKIE}=${value}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/**
 * Restores the stores from localStorage, keeps them written there, follows other tabs through the
 * 'storage' event, merges the guest cart on sign-in and pushes signed-in cart changes. Returns a stop
 * function (tests).
 */
export function initPersistence({ storage = localStorage, target = window, pushDelayMs = 300, cookies = document }: PersistenceOptions = {}) {
  const auth = read(storage, 'auth', checkAuthState);
  if (auth) restoreAuth(auth);
  const cart = read(storage, 'cart', checkCart);
  if (cart) replaceCart(cart);
  mirrorCart(cookies);

  let fromOtherTab = false;
  let merging = false;
  let pushTimer: ReturnType<typeof setTimeout> | undefined;

  const pushCart = () => {
    clearTimeout(pushTimer);
    pushTimer = setTimeout(() => {
      getApi()
        .saveCart($cart.get())
        .catch((err: unknown) => console.error(CART_SYNC_ERROR, err));
    }, pushDelayMs);
  };

  const offAuth = $auth.listen((state) => {
    mirrorCart(cookies);
    if (!fromOtherTab) storage.setItem('auth', JSON.stringify(state));
  });
  const offCart = $cart.listen((items) => {
    mirrorCart(cookies);
    if (fromOtherTab) return;
    storage.setItem('cart', JSON.stringify(items));
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
        void syncCartAfterSignIn().finally(() => {
          merging = false;
        });
        break;
      case 'logged-out':
        clearTimeout(pushTimer);
        clearCart();
        break;
    }
  });

  return () => {
    offAuth();
    offCart();
    offEvents();
    clearTimeout(pushTimer);
    target.removeEventListener('storage', onStorage as EventListener);
  };
}

/**
 * After sign-in: the backend cart and the guest cart are merged (equal product_id summed) and the
 * result pushed back. A failure is logged with the Russian message and leaves the local cart as it is.
 */
async function syncCartAfterSignIn(): Promise<void> {
  try {
    const api = getApi();
    const merged = mergeCarts(await api.getCart(), $cart.get());
    replaceCart(merged);
    await api.saveCart(merged);
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
