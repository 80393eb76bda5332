import { useEffect, useState } from 'react';
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
 * Delivery fee and free-delivery threshold; null until known or on failure. Settings the shell already
 * holds (`$deliverySettings`, loaded by a page that read it before) are used at once; else the cart asks
 * the API itself, once, as its standalone page (no shell) always does. It does not subscribe to the shell's
 * store: the first reader makes the shell fetch the settings and check them with the contract's schemas
 * (their code, ~70 ms of a slow phone's main thread after the page shows), beside this hook's own request.
 * The two figures do not depend on the page's language.
 */
export function useDeliveryTerms(): DeliveryTerms | null {
  // `.value` reads the store without starting its loader (`get()` would start it)
  const [terms, setTerms] = useState<DeliveryTerms | null>(() => termsOf($deliverySettings.value));
  const known = terms !== null;
  useEffect(() => {
    if (known) return;
    let current = true;
    getApi()
      .getDeliverySettings()
      .then(
        (answer) => current && setTerms(termsOf(answer)),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [known]);
  return terms;
}
