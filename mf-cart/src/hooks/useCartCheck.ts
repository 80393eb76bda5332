import { useEffect, useState } from 'react';
import { $cart, cartLineKey, replaceCart, getApi, type CartItem } from '@bozor/shared';
import { cartApi, cartNotes, toCartItem, type CartCheckAnswer, type CartNote, type CheckedLine } from '@bozor/shared/api/cart';
import { spendCartSeed } from '../serverData';

export interface CartCheckState {
  /** True until the server answered (the page shows skeletons, not stale prices). */
  checking: boolean;
  /** What the server changed, for the notice; empty when nothing did. */
  changes: CartNote[];
  /** The most each line may hold (product + variant, see cartLineKey), for the steppers' caps. */
  stock: ReadonlyMap<string, number>;
  /** Lines whose cap is the per-order limit (ORDER_LINE_MAX_QTY), not the stock. */
  perOrder: ReadonlySet<string>;
  failed: boolean;
}

/** The page's state after the server's answer for `lines`, with what changed named as the store names it. */
function checkedState(lines: readonly CartItem[], answer: CartCheckAnswer): CartCheckState {
  const most = (l: CheckedLine) => l.max_quantity ?? l.total_quanity;
  const limited = answer.data.filter((l) => most(l) < l.total_quanity);
  return {
    checking: false,
    failed: false,
    changes: cartNotes(lines, answer),
    stock: new Map(answer.data.map((l) => [cartLineKey(toCartItem(l)), most(l)])),
    perOrder: new Set(limited.map((l) => cartLineKey(toCartItem(l)))),
  };
}

/**
 * Opening the cart checks every line against stock and price (awaited), writes the checked lines back
 * through the store's replaceCart, and reports what changed. With `seed` (the server's check of this very
 * cart, given with the page: src/serverData.ts) nothing is asked: the page starts from that answer and the
 * store takes its lines once the page is up.
 */
export function useCartCheck(seed?: CartCheckAnswer): CartCheckState {
  const [state, setState] = useState<CartCheckState>(() =>
    seed ? checkedState($cart.get(), seed) : { checking: $cart.get().length > 0, changes: [], stock: new Map(), perOrder: new Set(), failed: false },
  );
  useEffect(() => {
    const lines = $cart.get();
    if (seed) {
      replaceCart(seed.data.map(toCartItem));
      spendCartSeed();
      return;
    }
    if (lines.length === 0) return;
    let current = true;
    cartApi(getApi())
      .check(lines)
      .then(
        (answer) => {
          if (!current) return;
          replaceCart(answer.data.map(toCartItem));
          setState(checkedState(lines, answer));
        },
        () => current && setState((s) => ({ ...s, checking: false, failed: true })),
      );
    return () => {
      current = false;
    };
  }, [seed]);
  return state;
}
