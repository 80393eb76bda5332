// The auth store (docs/product.md "Stores", "Sign-in"). Atoms and named actions live here (the contract every remote
// sees); persistence to localStorage 'auth' and the cross-tab mirror are wired once by the shell.
import { atom, computed } from 'nanostores';
import type { AuthState, User } from '../schemas';
import { ApiError } from '../api/client';
import { $api, getApi } from './services';

export const GUEST_AUTH: AuthState = { isAuthenticated: false, token: '', user: null, userType: 'null' };

export const $auth = atom<AuthState>(GUEST_AUTH);

/** The account type the catalogue is asked for: the user's user_type, 'individual' for guests. */
export const $accountType = computed($auth, (a) => (a.isAuthenticated && a.userType !== 'null' ? a.userType : 'individual'));

export type AuthEvent = 'logged-in' | 'logged-out';
type AuthListener = (event: AuthEvent) => void;
const listeners = new Set<AuthListener>();

/** Subscribes to the logged-in / logged-out events; returns the unsubscribe function. */
export function onAuthEvent(listener: AuthListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: AuthEvent) {
  for (const l of [...listeners]) l(event);
}

/** Replaces the whole state, e.g. from localStorage or from another tab; emits nothing. */
export function restoreAuth(state: AuthState) {
  $auth.set(state);
}

/**
 * Completes a sign-in after the OTP was verified: stores the token, loads the user, sets the user
 * type and emits 'logged-in'. A 401 while loading the user logs out instead.
 */
export async function completeSignIn(accessToken: string): Promise<void> {
  $auth.set({ ...$auth.get(), token: accessToken });
  const user = await loadUser();
  if (!user) return;
  emit('logged-in');
}

/** Loads the current user; on 401 forces a logout (docs/product.md "Sign-in"). Returns null when logged out. */
export async function loadUser(): Promise<User | null> {
  try {
    const user = await getApi().getUser();
    $auth.set({
      isAuthenticated: true,
      token: $auth.get().token,
      user,
      userType: user.user_type ?? 'individual',
    });
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      clearAuth();
      return null;
    }
    throw err;
  }
}

/**
 * The API refused the shopper's token on some call (docs/product.md "Sign-in"): the session ended elsewhere
 * (signed out on another device, revoked, expired), so it ends here too, and every page shows its guest state
 * with its way to sign in, instead of an error that "Try again" cannot mend. Only when the refused token is
 * still the one in use: an answer to a request sent before a new sign-in does not end the new session.
 */
function sessionEnded(token: string) {
  if ($auth.get().token === token) clearAuth();
}

// the page's one client (set by the shell) tells of every such 401, whichever remote made the call
let stopListening: (() => void) | undefined;
$api.subscribe((api) => {
  stopListening?.();
  stopListening = api?.onSessionEnded(sessionEnded);
});

/** Local half of logout: flags cleared, token emptied, userType back to 'null', 'logged-out' emitted. */
export function clearAuth() {
  const wasIn = $auth.get().isAuthenticated || $auth.get().token !== '';
  $auth.set(GUEST_AUTH);
  if (wasIn) emit('logged-out');
}

/** Logout: the server call is attempted and a failure only logged; then the local state is cleared. */
export async function logout(): Promise<void> {
  try {
    await getApi().logout();
  } catch (err) {
    console.error('logout failed', err);
  }
  clearAuth();
}
