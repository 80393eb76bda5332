// What must survive a reload of the checkout: the form (the shared $checkoutForm store, kept in
// localStorage 'checkoutForm' with the account it belongs to), the Idempotency-Key of the current attempt
// and the placed order.
import { $auth, $checkoutForm, $oneClickBuyItem, DEFAULT_CHECKOUT_FORM, formatPhone, normalizePhone, resetCheckoutForm, updateCheckoutForm, type AuthState, type CheckoutForm } from '@bozor/shared';
// a subpath, bundled into this remote (the singleton keeps only the types since contract 2.0.0)
import { cartItemSchema, checkoutFormSchema } from '@bozor/shared/schemas';
import * as z from 'zod/mini';
import { CHECKOUT_STORAGE_KEYS } from '@bozor/shared/checkout-storage';

// The shell removes the first three at sign-out as well, on pages where this module has not run: one
// spelling of them for both (and the one-click dialog, which writes the last order).
const { form: FORM_KEY, attempt: ATTEMPT_KEY, lastOrder: ORDER_KEY } = CHECKOUT_STORAGE_KEYS;
const ONE_CLICK_KEY = 'oneClickBuyItem';

/** The saved form and whose it is (`owner`); an entry without an owner (older builds) is nobody's. */
const savedFormSchema = z.object({ owner: z.string(), form: z.partial(checkoutFormSchema) });

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The account a checkout form belongs to: the signed-in user's id, else their phone; null for a guest
 * (who cannot check out, so has no form worth keeping).
 */
export function formOwner(auth: AuthState): string | null {
  const user = auth.isAuthenticated ? auth.user : null;
  if (user?.id !== undefined && user.id !== '') return `id:${user.id}`;
  if (user?.phone) return `phone:${normalizePhone(user.phone)}`;
  return null;
}

let stop: (() => void) | null = null;
/**
 * Restores the saved form once and keeps saving it on every change. Safe to call many times. The form
 * holds the receiver's name, phone and address: it is restored only for the account that filled it, and
 * a sign-out (or another account signing in, here or in another tab) empties it, along with the attempt
 * and the kept copy of the last order (docs/product.md "Checkout").
 */
export function persistCheckoutForm() {
  if (stop) return;
  stop = () => undefined;
  const s = storage();
  if (!s) return;
  let owner = formOwner($auth.get());
  try {
    const saved = savedFormSchema.safeParse(JSON.parse(s.getItem(FORM_KEY) ?? 'null'));
    if (saved.success && owner !== null && saved.data.owner === owner) $checkoutForm.set({ ...DEFAULT_CHECKOUT_FORM, ...saved.data.form } as CheckoutForm);
    else forgetForm(s);
  } catch {
    forgetForm(s);
  }
  const offForm = $checkoutForm.listen((form) => {
    if (owner === null) s.removeItem(FORM_KEY);
    else s.setItem(FORM_KEY, JSON.stringify({ owner, form }));
  });
  // The whole state rather than onAuthEvent('logged-out'): a sign-out in another tab only restores the
  // state here, and a switch to another account must empty the form as well.
  const offAuth = $auth.listen((auth) => {
    const next = formOwner(auth);
    if (next === owner) return;
    owner = next;
    forgetForm(s);
    forgetLastOrder();
    resetCheckoutForm();
  });
  const offOneClick = persistOneClick();
  stop = () => {
    offForm();
    offAuth();
    offOneClick();
  };
}

/** Stops keeping the form, so the next persistCheckoutForm() restores it again (tests). */
export function stopPersistingCheckoutForm() {
  stop?.();
  stop = null;
}

/** Someone else's (or nobody's) form: dropped with its attempt, whose key was made for their order. */
function forgetForm(s: Storage) {
  s.removeItem(FORM_KEY);
  s.removeItem(ATTEMPT_KEY);
}

function forgetLastOrder() {
  try {
    sessionStorage.removeItem(ORDER_KEY);
  } catch {
    /* nothing was kept */
  }
}

/** "Buy in 1 click" survives a reload of the checkout in this tab (sessionStorage, not the cart). */
function persistOneClick(): () => void {
  try {
    const saved = cartItemSchema.safeParse(JSON.parse(sessionStorage.getItem(ONE_CLICK_KEY) ?? 'null'));
    if (saved.success && !$oneClickBuyItem.get()) $oneClickBuyItem.set(saved.data);
    return $oneClickBuyItem.subscribe((item) => {
      if (item) sessionStorage.setItem(ONE_CLICK_KEY, JSON.stringify(item));
      else sessionStorage.removeItem(ONE_CLICK_KEY);
    });
  } catch {
    /* storage unavailable: the item lives for this page only */
    return () => undefined;
  }
}

/**
 * The Idempotency-Key of this checkout attempt: the same for the same order body (a retry after a
 * network error or a reload answers the same order), a new one when the body changes.
 */
export function idempotencyKeyFor(body: unknown): string {
  const s = storage();
  const json = JSON.stringify(body);
  try {
    const saved = JSON.parse(s?.getItem(ATTEMPT_KEY) ?? 'null') as { key: string; body: string } | null;
    if (saved && saved.body === json) return saved.key;
  } catch {
    /* a broken entry is replaced below */
  }
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const key = `co-${random}`;
  s?.setItem(ATTEMPT_KEY, JSON.stringify({ key, body: json }));
  return key;
}

/** The receiver phone a checkout starts with: the signed-in account's own ('' for a guest). */
export function accountPhone(auth: AuthState = $auth.get()): string {
  const phone = auth.isAuthenticated ? auth.user?.phone : undefined;
  return phone ? formatPhone(phone) : '';
}

/**
 * True when a kept receiver phone holds no number: empty, or only what the mask writes by itself
 * ("+998 "), as a cleared field leaves it. Such a phone gives way to the account's own.
 */
export function phoneIsBlank(phone: string): boolean {
  const digits = normalizePhone(phone);
  return digits === '' || digits === '998';
}

/**
 * The form after an order is placed: emptied for the next checkout, with the receiver phone the
 * account's own again (docs/product.md "Checkout": the phone starts as the account's own), so the kept
 * form never carries a cleared phone into the next order.
 */
export function resetCheckoutFormAfterOrder() {
  resetCheckoutForm();
  const phone = accountPhone();
  if (phone) updateCheckoutForm({ phone });
}

/** After an answer that settles the attempt (order placed, card refused, out of stock) the next try is a new attempt. */
export function endAttempt() {
  storage()?.removeItem(ATTEMPT_KEY);
}

export function saveLastOrder(order: unknown) {
  try {
    sessionStorage.setItem(ORDER_KEY, JSON.stringify(order));
  } catch {
    /* the confirmation then shows only what it has */
  }
}

export function readLastOrder<T>(): T | null {
  try {
    return JSON.parse(sessionStorage.getItem(ORDER_KEY) ?? 'null') as T | null;
  } catch {
    return null;
  }
}
