import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $checkoutForm, $language, ApiError, updateCheckoutForm, type CartItem } from '@bozor/shared';
import type { DeliverySettingsData, Quote } from '@bozor/shared/api/delivery';
import { orderLines, type DeliveryBody } from '@bozor/shared/api/orders';
import { deliveryCalls } from '../api/checkout';
import { $deliverySettings } from '../state/deliverySettings';

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

/**
 * What the summary asks the quote for: the chosen delivery, or — while none can be priced (no method, no
 * store, or a region the shop does not offer now) — courier to the default region, only for the goods'
 * prices (`placeholder`: its fee is not shown). A kept region the shop switched off is never sent: the
 * API refuses it (422 `delivery.region`). `null` while the offered regions are not known yet.
 */
function quoteDelivery(body: DeliveryBody | null, settings: DeliverySettingsData | null | 'failed'): { delivery: DeliveryBody; placeholder: boolean; regionNeeded: boolean } | null {
  const known = settings !== null && settings !== 'failed' ? settings : null;
  const defaultRegion = known ? (known.regions.some((r) => r.slug === known.default_region) ? known.default_region : (known.regions[0]?.slug ?? known.default_region)) : 'tashkent';
  const placeholder = (regionNeeded: boolean) => ({ delivery: { type: 'courier' as const, region: defaultRegion, address: '-' }, placeholder: true, regionNeeded });
  if (!body || (body.type === 'pickup' && !body.store_id)) return placeholder(false);
  if (body.type === 'pickup') return { delivery: body, placeholder: false, regionNeeded: false };
  // courier or express: only a region offered now (express: one where it runs)
  if (!body.region) return placeholder(true);
  if (settings === null) return null;
  const offered = known ? known.regions.filter((r) => body.type === 'courier' || r.express_available === true).map((r) => r.slug) : null;
  if (offered && !offered.includes(body.region ?? '')) return placeholder(true);
  return { delivery: { ...body, address: body.address || '-' }, placeholder: false, regionNeeded: false };
}

/**
 * The server's summary for the items and the chosen delivery, asked again (debounced) when either changes.
 * `regionNeeded`: courier or express without a region the shop offers now — the quote prices the goods only.
 */
export function useQuote(items: CartItem[]): { quote: Quote | null; loading: boolean; error: string; regionNeeded: boolean } {
  // the form is read through deliveryBody(): a change of it renders again
  useStore($checkoutForm);
  const lang = useStore($language);
  const settings = useStore($deliverySettings);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const lines = JSON.stringify(orderLines(items));
  const asked = quoteDelivery(deliveryBody(), settings);
  const d = asked?.delivery;
  // Only the parts that change the price: not the flat number or the comment.
  const priceKey = JSON.stringify([d?.type, d?.region, d?.city, d?.store_id, asked?.placeholder, lines, lang]);
  useEffect(() => {
    if (!asked) {
      // the offered regions are on their way (the step's settings): asked then
      setLoading(true);
      return;
    }
    let live = true;
    const { delivery, placeholder } = asked;
    setLoading(true);
    const id = setTimeout(() => {
      deliveryCalls.quote(JSON.parse(lines) as ReturnType<typeof orderLines>, delivery).then(
        (q) => {
          if (!live) return;
          setQuote(placeholder ? { ...q, delivery_fee: 0, total: q.items_total } : q);
          setError('');
          setLoading(false);
          if (!placeholder && delivery.type === 'courier') updateCheckoutForm({ fargoDeliveryPrice: q.fargoDeliveryPrice });
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
  return { quote, loading, error, regionNeeded: asked?.regionNeeded ?? false };
}
