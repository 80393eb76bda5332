import { useEffect, useState } from 'react';
import { $cart, cartLineKey, replaceCart, getApi } from '@bozor/shared';
import { cartApi, toCartItem, type CartChange } from '@bozor/shared/api/cart';
import { optionText } from '../components/cart/CartLine';

export interface CartCheckState {
  /** True until the server answered (the page shows skeletons, not stale prices). */
  checking: boolean;
  /** What the server changed, for the notice; empty when nothing did. */
  changes: (CartChange & { name: string })[];
  /** Stock per line (product + variant, see cartLineKey), for the steppers' caps. */
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
    cartApi(getApi()).check(lines).then(
      (answer) => {
        if (!current) return;
        // A change names its line with the variant's options ("Pan (24 cm)"): two variants of one
        // product can change differently. Keyed like the store (cartLineKey), product id as a fallback.
        const names = new Map<string, string>();
        for (const l of [...lines, ...answer.data.map(toCartItem)]) {
          const options = optionText(l.attributes);
          const label = options ? `${l.name} (${options})` : l.name;
          names.set(cartLineKey(l), label);
          if (!names.has(String(l.product_id))) names.set(String(l.product_id), l.name);
        }
        const nameOf = (c: CartChange) =>
          names.get(cartLineKey({ product_id: c.product_id, attributes: c.variant_id === null ? undefined : { variant_id: c.variant_id } })) ?? names.get(String(c.product_id)) ?? '';
        replaceCart(answer.data.map(toCartItem));
        setState({
          checking: false,
          failed: false,
          changes: answer.changes.map((c) => ({ ...c, name: nameOf(c) })),
          stock: new Map(answer.data.map((l) => [cartLineKey(toCartItem(l)), l.total_quanity])),
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
