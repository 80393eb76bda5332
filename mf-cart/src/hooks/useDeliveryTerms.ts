import { useEffect, useState } from 'react';
import { getApi } from '@bozor/shared';

export interface DeliveryTerms {
  fee: number;
  freeFrom: number;
}

/** Delivery fee and free-delivery threshold from /api/settings/delivery; null until known or on failure. */
export function useDeliveryTerms(): DeliveryTerms | null {
  const [terms, setTerms] = useState<DeliveryTerms | null>(null);
  useEffect(() => {
    let current = true;
    getApi()
      .getDeliverySettings()
      .then(
        (answer) => {
          const d = ((answer as { data?: unknown })?.data ?? answer) as { delivery_sum?: number; free_delivery_threshold?: number };
          if (current && typeof d.delivery_sum === 'number' && typeof d.free_delivery_threshold === 'number')
            setTerms({ fee: d.delivery_sum, freeFrom: d.free_delivery_threshold });
        },
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, []);
  return terms;
}
