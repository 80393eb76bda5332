// Which pickup stores have what is being bought (POST /api/cart/availability), for the checkout's store
// list: asked for when pickup is chosen and again when the items or the language change. Counts of lines
// only — the API never says how many pieces a store holds.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, type CartItem } from '@bozor/shared';
import { orderLines } from '@bozor/shared/api/orders';
import type { CartAvailability } from '@bozor/shared/api/delivery';
import { deliveryCalls } from '../api/checkout';

export type StoreAvailabilityState = { data: CartAvailability | null; loading: boolean; error: boolean };

export function useStoreAvailability(items: CartItem[], enabled: boolean): StoreAvailabilityState {
  const lang = useStore($language);
  const lines = JSON.stringify(orderLines(items));
  const [state, setState] = useState<StoreAvailabilityState>({ data: null, loading: false, error: false });
  useEffect(() => {
    if (!enabled || lines === '[]') return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: false }));
    deliveryCalls.cartAvailability(JSON.parse(lines) as ReturnType<typeof orderLines>).then(
      (data) => live && setState({ data, loading: false, error: false }),
      // Without it the list is the plain list of stores, as before: choosing one still works.
      () => live && setState({ data: null, loading: false, error: true }),
    );
    return () => {
      live = false;
    };
  }, [enabled, lines, lang]);
  return state;
}
