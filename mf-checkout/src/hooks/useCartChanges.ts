// The cart as the checkout finds it is checked against stock each time a step opens (POST /api/cart/check,
// as the cart page does), and again when placing the order finds a line short: a line sold out since it was
// added is removed, one over the stock or the per-order limit lowered, and the summary says so on both
// steps, with a way back to the cart (docs/product.md "Cart"). Without it a sold-out line just vanished from
// the summary when the account's cart was pulled; checking only once let a line sold out while the shopper
// filled the delivery step reach the order, which then failed.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { $cart, $oneClickBuyItem, replaceCart, type CartItem } from '@bozor/shared';
import { cartNotes, toCartItem, type CartCheckAnswer, type CartNote as SharedNote } from '@bozor/shared/api/cart';
import { cartCalls } from '../api/checkout';

/** A line the check took out of the cart or lowered, named as the cart names it ("Pan (24 cm)"). */
export type CartNote = SharedNote & { change: 'unavailable' | 'removed' | 'quantity_capped' | 'quantity_limit' };

const $notes = atom<CartNote[]>([]);
/** The cart (JSON) a check is out for: a second ask for the same lines meanwhile waits for that answer. */
let asking: string | null = null;
/** Bumped when the checkout is left: a late answer then changes nothing. */
let visit = 0;

/** The removed and lowered lines of a check of `lines` (a new price is not news here: the summary shows today's). */
function notesOf(lines: readonly CartItem[], answer: CartCheckAnswer): CartNote[] {
  return cartNotes(lines, answer).filter((n): n is CartNote => n.change !== 'price_changed');
}

/** Forgets what the check found (the checkout is left; tests). */
export function forgetCartChanges() {
  visit += 1;
  asking = null;
  $notes.set([]);
}

/**
 * Checks the cart now; the answer's lines replace the cart only when something was removed or lowered and
 * the cart has not changed meanwhile. What was found is added to the summary's notes.
 */
function checkCart(): Promise<void> {
  const lines = $cart.get();
  const sent = JSON.stringify(lines);
  if (lines.length === 0 || sent === asking) return Promise.resolve();
  asking = sent;
  const asked = visit;
  return cartCalls.check(lines).then(
    (answer) => {
      if (asked !== visit) return;
      if (asking === sent) asking = null;
      // an answer without the lines (an older API) tells nothing
      if (!Array.isArray(answer?.data) || !Array.isArray(answer.changes)) return;
      const found = notesOf(lines, answer);
      if (found.length === 0) return;
      if (JSON.stringify($cart.get()) === sent) replaceCart(answer.data.map(toCartItem));
      const known = new Set($notes.get().map((n) => `${n.key}:${n.change}`));
      $notes.set([...$notes.get(), ...found.filter((n) => !known.has(`${n.key}:${n.change}`))]);
    },
    // Not checked (offline, an error): the order itself is checked when it is placed.
    () => {
      if (asked === visit && asking === sent) asking = null;
    },
  );
}

/**
 * Checks the cart again at once: placing the order found a line short (409 `OUT_OF_STOCK`), so the cart and
 * the summary are put right and the change said. Nothing for "Buy in 1 click" (the cart is not bought).
 */
export function recheckCart(): Promise<void> {
  return $oneClickBuyItem.get() ? Promise.resolve() : checkCart();
}

/**
 * What the checks of the cart changed, for the summary (none for "Buy in 1 click": the cart is not bought).
 * Checked when a step opens (or a 1-click checkout turns to the cart): the payment step asks again for the
 * lines the delivery step checked, as stock may have run out while the shopper filled in the address.
 */
export function useCartChanges(): CartNote[] {
  const notes = useStore($notes);
  const oneClick = useStore($oneClickBuyItem);
  useEffect(() => {
    // "Check out my cart instead" on a 1-click checkout: the cart is checked then
    if (!oneClick) void checkCart();
  }, [oneClick]);
  return oneClick ? [] : notes;
}
