import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, $language, $oneClickBuyItem, type CartItem } from '@bozor/shared';
import type { DeliverySettingsData, ShopStore } from '@bozor/shared/api/delivery';
import { deliveryCalls } from '../api/checkout';
import { rememberPaymentMethods } from './usePaymentMethods';
import { rememberDeliverySettings } from '../state/deliverySettings';

/** What is being bought: the one-click item when there is one ("Buy in 1 click"), else the cart. */
export function useCheckoutItems(): { items: CartItem[]; oneClick: boolean } {
  const cart = useStore($cart);
  const oneClick = useStore($oneClickBuyItem);
  return oneClick ? { items: [oneClick], oneClick: true } : { items: cart, oneClick: false };
}

export interface DeliveryData {
  settings: DeliverySettingsData | null;
  stores: ShopStore[];
  loading: boolean;
  error: boolean;
  reload: () => void;
}

/** Delivery settings (regions and cities in the page language) and the three stores. */
export function useDeliveryData(): DeliveryData {
  const lang = useStore($language);
  const [settings, setSettings] = useState<DeliverySettingsData | null>(null);
  const [stores, setStores] = useState<ShopStore[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(false);
    Promise.all([deliveryCalls.settings(), deliveryCalls.stores()]).then(
      ([s, st]) => {
        rememberPaymentMethods(s);
        rememberDeliverySettings(s);
        if (!live) return;
        setSettings(s);
        setStores(st);
        setLoading(false);
      },
      () => {
        rememberDeliverySettings(null);
        if (!live) return;
        setError(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [lang, tick]);
  return { settings, stores, loading, error, reload: () => setTick((n) => n + 1) };
}
