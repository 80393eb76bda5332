// The checkout calls with the shapes of docs/api.md. They go through fetch here, not the shared client,
// because two things the shared client does not carry are needed: the Idempotency-Key header of an
// order, and the field errors of a 422 (shown under the field they name).
import { $auth, $language, ApiError, clearAuth, type CartItem } from '@bozor/shared';

/** An API error with the server's per-field messages ({"delivery.address": "…"}). */
export class CheckoutError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter = 0,
  ) {
    super(status, code, message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-LANG': $language.get(), ...extraHeaders };
  const token = $auth.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new CheckoutError(0, 'NETWORK', '');
  }
  const data = (await res.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string; fields?: Record<string, string> } };
  if (!res.ok) {
    // A session that ended (expired, revoked elsewhere) signs the shopper out; the page asks to sign in again.
    if (res.status === 401 && token) clearAuth();
    const e = data.error;
    throw new CheckoutError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? '', e?.fields ?? {}, Number(res.headers.get('Retry-After')) || 0);
  }
  return data;
}

export interface City { slug: string; name: string }
export interface Region { slug: string; name: string; cities: City[]; days?: string; express_available?: boolean }
export interface DeliverySettingsData {
  delivery_sum: number;
  free_delivery_threshold: number;
  default_region: string;
  regions: Region[];
  express: { regions: string[]; note: string };
  pickup: { fee: number; note: string };
}
export interface ShopStore { id: number; name: string; address: string; landmark?: string; hours?: string; phone?: string }
export interface OrderLine { product_id: number; variant_id?: number; quantity: number }
export type DeliveryType = 'courier' | 'express' | 'pickup';
export interface DeliveryBody {
  type: DeliveryType;
  region?: string;
  city?: string;
  address?: string;
  flat?: string;
  entrance?: string;
  floor?: string;
  intercom?: string;
  comment?: string;
  location?: { lat: number; lng: number } | null;
  store_id?: number;
}
export interface Quote {
  items: { product_id: number; name: string; price: number; quantity: number; total: number; in_stock: boolean }[];
  items_total: number;
  delivery_fee: number;
  fargoDeliveryPrice: number;
  free_delivery_threshold: number;
  total: number;
}
export interface SavedCard { id: number; number: string; expire: string; type?: string; verified: boolean }
export interface PlacedOrder {
  number: string;
  status: string;
  payment_status: string;
  payment_method: 'cash' | 'card';
  delivery: { type: DeliveryType; fee: number; address?: Record<string, string | null> | null; store?: { name?: string; address?: string } | null };
  receiver: { name: string; surname: string; phone: string };
  total: number;
}
export interface OrderBody {
  items: OrderLine[];
  one_click: boolean;
  delivery: DeliveryBody;
  receiver: { name: string; surname: string; phone: string };
  payment: { method: 'cash' | 'card'; card_id?: number };
}

/** Cart lines as the order API reads them: only ids and quantities (prices are the server's). */
export function orderLines(items: CartItem[]): OrderLine[] {
  return items.map((i) => {
    const attrs = i.attributes as { variant_id?: unknown } | undefined;
    const variant = (i as CartItem & { variant_id?: unknown }).variant_id ?? attrs?.variant_id;
    const line: OrderLine = { product_id: Number(i.product_id), quantity: i.quantity };
    if (typeof variant === 'number' || (typeof variant === 'string' && /^\d+$/.test(variant))) line.variant_id = Number(variant);
    return line;
  });
}

export const checkoutApi = {
  deliverySettings: () => call<{ data: DeliverySettingsData }>('GET', '/api/settings/delivery').then((r) => r.data),
  stores: () => call<{ data: ShopStore[] }>('GET', '/api/store/stores').then((r) => r.data),
  quote: (items: OrderLine[], delivery: DeliveryBody) => call<{ data: Quote }>('POST', '/api/delivery/quote', { items, delivery }).then((r) => r.data),
  cards: () => call<{ data: SavedCard[] }>('GET', '/api/payments/cards').then((r) => r.data),
  createCard: (number: string, expire: string) =>
    call<{ card: SavedCard; phone: string; wait: number }>('POST', '/api/payments/card/create', { number, expire }),
  resendCardCode: (card_id: number) => call<{ phone: string; wait: number }>('POST', '/api/payments/card/resend', { card_id }),
  confirmCard: (card_id: number, code: string) => call<{ card: SavedCard }>('POST', '/api/payments/card/confirm', { card_id, code }),
  removeCard: (id: number) => call<{ removed: boolean }>('DELETE', `/api/payments/cards/${id}`),
  placeOrder: (body: OrderBody, idempotencyKey: string) =>
    call<{ order: PlacedOrder }>('POST', '/api/orders/', body, { 'Idempotency-Key': idempotencyKey }).then((r) => r.order),
};
