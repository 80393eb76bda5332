import { useEffect, useState } from 'react';
import { $cart, replaceCart } from '@bozor/shared';
import { checkCart, toCartItem, type CartChange } from '../api/cartCheck';

export interface CartCheckState {
  /** True until the server answered (the page shows skeletons, not stale prices). */
  checking: boolean;
  /** What the server changed, for the notice; empty when nothing did. */
  changes: (CartChange & { name: string })[];
  /** Stock per product id, for the steppers' caps. */
  stock: ReadonlyMap<string, number>;
  failed: boolean;
}

/**
 * Opening the cart checks every line against stock and price (awaited), writes the checked lines back
 * through the store's replaceCart, and reports what changed.
 */
export function useCartCheck(): CartCheckState {
  const [state, setState] = useState<CartCheckState>({ checking: $cart.get().length > 0, changes: [], stock: new Map(), failed: false });
  useEffect(() => {
    const lines = $cart.get();
    if (lines.length === 0) return;
    let current = true;
    checkCart(lines).then(
      (answer) => {
        if (!current) return;
        const names = new Map(lines.map((l) => [String(l.product_id), l.name]));
        for (const l of answer.data) names.set(String(l.product_id), l.name);
        replaceCart(answer.data.map(toCartItem));
        setState({
          checking: false,
          failed: false,
          changes: answer.changes.map((c) => ({ ...c, name: names.get(String(c.product_id)) ?? '' })),
          stock: new Map(answer.data.map((l) => [String(l.product_id), l.total_quanity])),
        });
      },
      () => current && setState((s) => ({ ...s, checking: false, failed: true })),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
