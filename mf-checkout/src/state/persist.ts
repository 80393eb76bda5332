// What must survive a reload of the checkout: the form (the shared $checkoutForm store, kept in
// localStorage 'checkoutForm'), the Idempotency-Key of the current attempt and the placed order.
import { $checkoutForm, $oneClickBuyItem, DEFAULT_CHECKOUT_FORM, type CheckoutForm } from '@bozor/shared';
// a subpath, bundled into this remote (the singleton keeps only the types since contract 2.0.0)
import { cartItemSchema, checkoutFormSchema } from '@bozor/shared/schemas';
import * as z from 'zod/mini';

const FORM_KEY = 'checkoutForm';
const ATTEMPT_KEY = 'checkoutAttempt';
const ORDER_KEY = 'lastOrder';
const ONE_CLICK_KEY = 'oneClickBuyItem';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let wired = false;
/** Restores the saved form once and keeps saving it on every change. Safe to call many times. */
export function persistCheckoutForm() {
  if (wired) return;
  wired = true;
  const s = storage();
  if (!s) return;
  try {
    const saved = z.partial(checkoutFormSchema).safeParse(JSON.parse(s.getItem(FORM_KEY) ?? 'null'));
    if (saved.success && saved.data) $checkoutForm.set({ ...DEFAULT_CHECKOUT_FORM, ...saved.data } as CheckoutForm);
  } catch {
    s.removeItem(FORM_KEY);
  }
  $checkoutForm.listen((form) => s.setItem(FORM_KEY, JSON.stringify(form)));
  persistOneClick();
}

/** "Buy in 1 click" survives a reload of the checkout in this tab (sessionStorage, not the cart). */
function persistOneClick() {
  try {
    const saved = cartItemSchema.safeParse(JSON.parse(sessionStorage.getItem(ONE_CLICK_KEY) ?? 'null'));
    if (saved.success && !$oneClickBuyItem.get()) $oneClickBuyItem.set(saved.data);
    $oneClickBuyItem.subscribe((item) => {
      if (item) sessionStorage.setItem(ONE_CLICK_KEY, JSON.stringify(item));
      else sessionStorage.removeItem(ONE_CLICK_KEY);
    });
  } catch {
    /* storage unavailable: the item lives for this page only */
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
