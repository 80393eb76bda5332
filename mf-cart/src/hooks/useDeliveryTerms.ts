import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $deliverySettings, getApi } from '@bozor/shared';

export interface DeliveryTerms {
  fee: number;
  freeFrom: number;
}

/** The fee and the free-delivery threshold of a /api/settings/delivery answer, when it has both. */
function termsOf(answer: unknown): DeliveryTerms | null {
  const d = ((answer as { data?: unknown } | null)?.data ?? answer) as { delivery_sum?: unknown; free_delivery_threshold?: unknown } | null;
  return d && typeof d.delivery_sum === 'number' && typeof d.free_delivery_threshold === 'number' ? { fee: d.delivery_sum, freeFrom: d.free_delivery_threshold } : null;
}

/**
 * Delivery fee and free-delivery threshold; null until known or on failure. The shell loads the
 * delivery settings into `$deliverySettings` when a page first reads it (this hook): the cart reads them
 * from there and asks the API itself only while they are not there yet (the page's first load, or the
 * cart's standalone page, which has no shell).
 */
export function useDeliveryTerms(): DeliveryTerms | null {
  const held = termsOf(useStore($deliverySettings));
  const [fetched, setFetched] = useState<DeliveryTerms | null>(null);
  const known = held !== null;
  useEffect(() => {
    if (known) return;
    let current = true;
    getApi()
      .getDeliverySettings()
      .then(
        (answer) => current && setFetched(termsOf(answer)),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [known]);
  return held ?? fetched;
}
