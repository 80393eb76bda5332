// The set-up the cart page's tests share: an empty cart, the shop's delivery terms (25 000, free from
// 1 000 000), and an API whose cart check answers every line as it was sent, with 10 in stock.
import { clearCart, createApiClient, setApi, setDeliverySettings, type CartItem } from '@bozor/shared';

/** A 200 answer of the API with this JSON body, as `fetch` gives it. */
export const answer = (data: unknown) => Promise.resolve({ ok: true, status: 200, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify(data)) });

/** An empty cart in a shop whose cart check keeps every line (10 in stock each). */
export function shopWithEveryLineInStock(): void {
  clearCart();
  setDeliverySettings({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } });
  globalThis.fetch = jest.fn((_url: string, init?: RequestInit) => {
    const lines = (JSON.parse(String(init?.body)) as { cart_data: CartItem[] }).cart_data;
    return answer({ data: lines.map((l) => ({ ...l, total_quanity: 10 })), changes: [] });
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'en', getToken: () => '', getAccountType: () => 'individual' }));
}
