// The checkout's calls are the shared order, payment and delivery modules (`@bozor/shared/api/*`) over
// the page's one client. The only thing added here: a 401 on a call made with a token means the session
// ended (expired, revoked elsewhere), so the shopper is signed out and the page asks to sign in again.
import { $auth, ApiError, clearAuth, getApi, type ApiRequester, type RequestOptions } from '@bozor/shared';
import { cartApi } from '@bozor/shared/api/cart';
import { deliveryApi } from '@bozor/shared/api/delivery';
import { ordersApi } from '@bozor/shared/api/orders';
import { paymentsApi } from '@bozor/shared/api/payments';

const client: ApiRequester = {
  request: async <T>(method: string, path: string, opts?: RequestOptions<T>): Promise<T> => {
    const hadToken = Boolean($auth.get().token);
    try {
      return await getApi().request<T>(method, path, opts);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && hadToken) clearAuth();
      throw e;
    }
  },
};

export const deliveryCalls = deliveryApi(client);
export const orderCalls = ordersApi(client);
export const cardCalls = paymentsApi(client);
export const cartCalls = cartApi(client);

/**
 * The order a refused card payment left cancelled: the API names it beside the refusal's code and message
 * (`"order_number": "BZ-100012"`, docs/api.md "POST /api/orders/"), and the shell's client hands it on as the
 * error's `orderNumber`. Read with care: a shell whose client drops the field (contract 2.4.0 and older)
 * leaves the shopper with the refusal alone, as before. null when no order is named.
 */
export function cancelledOrderOf(error: ApiError): string | null {
  // an older shell's ApiError has no such field: undefined, read as none
  const number: unknown = error.orderNumber;
  return typeof number === 'string' && number !== '' ? number : null;
}
