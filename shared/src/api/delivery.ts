// Delivery settings, stores and the server's quote (docs/api.md "Delivery"). Imported by subpath
// (`@bozor/shared/api/delivery`): bundled into the remote that uses it, stateless, type-only imports.
import type { ApiCalls } from './client';
import type { DeliveryBody, OrderLineInput, PaymentMethod } from './orders';

export interface City {
  slug: string;
  name: string;
}
export interface Region {
  slug: string;
  name: string;
  cities: City[];
  days?: string;
  express_available?: boolean;
}
export interface DeliverySettingsData {
  delivery_sum: number;
  free_delivery_threshold: number;
  default_region: string;
  regions: Region[];
  express: { regions: string[]; note: string };
  pickup: { fee: number; note: string };
  /** The ways to pay the API takes now (cash always; card, payme, click as configured). Absent from older APIs. */
  payment_methods?: PaymentMethod[];
}
export interface ShopStore {
  id: number;
  name: string;
  address: string;
  landmark?: string | null;
  hours?: string;
  phone?: string;
}
export interface Quote {
  items: { product_id: number; name: string; price: number; quantity: number; total: number; in_stock: boolean }[];
  items_total: number;
  delivery_fee: number;
  fargoDeliveryPrice: number;
  free_delivery_threshold: number;
  total: number;
}

/** Which pickup stores have the whole cart (`all`), part of it or none: counts of lines, never pieces. */
export interface CartStoreAvailability {
  store_id: number;
  status: 'all' | 'part' | 'none';
  available_items: number;
  /** When the whole order could be picked up there (YYYY-MM-DD, Tashkent); null unless `all`. */
  pickup: string | null;
}
export interface CartAvailability {
  today: string;
  items_count: number;
  /** Stores with everything first. */
  stores: CartStoreAvailability[];
}

/** The delivery calls over the page's one client (`deliveryApi(getApi())`). */
export function deliveryApi(api: ApiCalls) {
  return {
    settings: async (): Promise<DeliverySettingsData> => (await api.get('/api/settings/delivery')).data,
    stores: async (): Promise<ShopStore[]> => (await api.get('/api/store/stores')).data,
    /** Per pickup store, how much of these lines it holds (the checkout's store list). */
    cartAvailability: async (items: OrderLineInput[]): Promise<CartAvailability> => (await api.post('/api/cart/availability', { body: { items } })).data,
    /** Prices, fee and total as the server computes them for these lines and this delivery. */
    quote: async (items: OrderLineInput[], delivery: DeliveryBody): Promise<Quote> => (await api.post('/api/delivery/quote', { body: { items, delivery } })).data,
  };
}
