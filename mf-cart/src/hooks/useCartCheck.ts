import { useEffect, useState } from 'react';
import { $cart, cartLineKey, replaceCart, getApi, type CartItem } from '@bozor/shared';
import { cartApi, toCartItem, type CartChange, type CartCheckAnswer, type CheckedLine } from '@bozor/shared/api/cart';
import { optionText } from '../components/cart/CartLine';
import { spendCartSeed } from '../serverData';

export interface CartCheckState {
  /** True until the server answered (the page shows skeletons, not stale prices). */
  checking: boolean;
  /**
   * What the server changed, for the notice; empty when nothing did. A line lowered to the per-order limit
   * rather than to the stock reads `quantity_limit`, with that limit as `max`.
   */
  changes: (Omit<CartChange, 'change'> & { change: CartChange['change'] | 'quantity_limit'; max?: number; name: string })[];
  /** The most each line may hold (product + variant, see cartLineKey), for the steppers' caps. */
  stock: ReadonlyMap<string, number>;
  /** Lines whose cap is the per-order limit (ORDER_LINE_MAX_QTY), not the stock. */
  perOrder: ReadonlySet<string>;
  failed: boolean;
}

/** The page's state after the server's answer for `lines`, with what changed named as the store names it. */
function checkedState(lines: readonly CartItem[], answer: CartCheckAnswer): CartCheckState {
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
  const most = (l: CheckedLine) => l.max_quantity ?? l.total_quanity;
  const limited = answer.data.filter((l) => most(l) < l.total_quanity);
  const limitOf = (c: CartChange) => limited.find((l) => l.product_id === c.product_id && (c.variant_id === null || l.variant_id === c.variant_id));
  return {
    checking: false,
    failed: false,
    changes: answer.changes.map((c) => {
      const limit = c.change === 'quantity_capped' ? limitOf(c) : undefined;
      return limit ? { ...c, change: 'quantity_limit' as const, max: most(limit), name: nameOf(c) } : { ...c, name: nameOf(c) };
    }),
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
