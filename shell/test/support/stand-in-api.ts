// The API as the persistence tests (persistence, persistence-pull) meet it: a cart line, and the shared
// client set to a fetch that answers "METHOD path" from a table (404 for anything else) and notes the calls.
import { $auth, createApiClient, setApi, type CartItem } from '@bozor/shared';

/** A cart line of product `id`: 1000 a piece. */
export const item = (id: number, quantity: number): CartItem => ({ product_id: id, name: `P${id}`, img_url: null, quantity, price: 1000, slug: `p${id}` });

/** Points the shared API client at these routes (each given the JSON body sent); returns the calls made, in order. */
export function api(routes: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: string[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url}`;
    calls.push(key);
    const handler = routes[key];
    const [status, body] = handler ? handler(init.body ? JSON.parse(String(init.body)) : undefined) : [404, {}];
    return { ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) } as Response;
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'uz', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch: fetchFn }));
  return calls;
}
