// The staff member's session: the bearer token (localStorage `bozor-admin-token`, so a reload keeps
// the staff member signed in) and who they are. Written only through the actions below.
import { atom } from 'nanostores';
import type { Staff } from '../api/types';

export const TOKEN_KEY = 'bozor-admin-token';

function readToken(): string {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The session token; '' when signed out. */
export const $token = atom<string>(readToken());
/** The signed-in staff member, once `GET /api/admin/me` (or the sign-in) has said who it is. */
export const $staff = atom<Staff | null>(null);

/** Keeps the token and the staff member after a successful sign-in. */
export function startSession(token: string, staff: Staff) {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // private mode: the session lasts as long as the tab
  }
  $staff.set(staff);
  $token.set(token);
}

/** Forgets the session (sign-out, a 401 anywhere, another tab signing out). */
export function endSession() {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing kept
  }
  $staff.set(null);
  $token.set('');
}

export function setStaff(staff: Staff) {
  $staff.set(staff);
}

/** Signing out (or in as someone else) in one tab does the same in the others. */
export function followOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== TOKEN_KEY) return;
    const token = e.newValue ?? '';
    if (token === $token.get()) return;
    $staff.set(null);
    $token.set(token);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
