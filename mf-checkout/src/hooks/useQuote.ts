import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $checkoutForm, $language, ApiError, updateCheckoutForm, type CartItem } from '@bozor/shared';
import type { Quote } from '@bozor/shared/api/delivery';
import { orderLines, type DeliveryBody } from '@bozor/shared/api/orders';
import { deliveryCalls } from '../api/checkout';

/** The order's delivery as the API reads it, from the shared checkout form. */
export function deliveryBody(): DeliveryBody | null {
  const f = $checkoutForm.get();
  switch (f.deliveryType) {
    case 'pickup':
      return f.currentStore ? { type: 'pickup', store_id: Number(f.currentStore) } : null;
    case 'courier':
    case 'express':
      return {
        type: f.deliveryType,
        region: f.region,
        city: f.deliveryType === 'courier' ? f.city : undefined,
        address: f.address,
        flat: f.flat,
        entrance: f.entrance,
        floor: f.floor,
        intercom: f.intercom,
        comment: f.address_comment,
        location: f.location ? { lat: f.location[0], lng: f.location[1] } : null,
      };
    default:
      return null;
  }
}

/** The server's summary for the items and the chosen delivery, asked again (debounced) when either changes. */
export function useQuote(items: CartItem[]): { quote: Quote | null; loading: boolean; error: string } {
  const form = useStore($checkoutForm);
  const lang = useStore($language);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const lines = JSON.stringify(orderLines(items));
  const body = deliveryBody() ?? ({ type: 'pickup' as const, store_id: undefined } as DeliveryBody);
  // Only the parts that change the price: not the flat number or the comment.
  const priceKey = JSON.stringify([body.type, body.region, body.city, body.store_id, lines, lang]);
  useEffect(() => {
    let live = true;
    const delivery: DeliveryBody =
      body.type === 'pickup' && !body.store_id ? { type: 'courier', region: form.region || 'tashkent', address: '-' } : { ...body, address: body.address || '-' };
    setLoading(true);
    const id = setTimeout(() => {
      deliveryCalls.quote(JSON.parse(lines) as ReturnType<typeof orderLines>, delivery).then(
        (q) => {
          if (!live) return;
          setQuote(delivery.type === body.type ? q : { ...q, delivery_fee: 0, total: q.items_total });
          setError('');
          setLoading(false);
          if (delivery.type === 'courier') updateCheckoutForm({ fargoDeliveryPrice: q.fargoDeliveryPrice });
        },
        (e: unknown) => {
          if (!live) return;
          setError(e instanceof ApiError ? e.message : 'error');
          setLoading(false);
        },
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(id);
    };
    // priceKey names everything the price depends on; the objects behind it are new on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [priceKey]);
  return { quote, loading, error };
}
