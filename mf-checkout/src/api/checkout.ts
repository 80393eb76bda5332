// The checkout's calls are the shared order, payment and delivery modules (`@bozor/shared/api/*`) over
// the page's one client, read at each call (the shell sets it). A 401 on a call made with a token signs the
// shopper out in that client itself (shared `onSessionEnded`), as on every page.
import { getApi, type ApiRequester, type RequestOptions } from '@bozor/shared';
import { cartApi } from '@bozor/shared/api/cart';
import { deliveryApi } from '@bozor/shared/api/delivery';
import { ordersApi } from '@bozor/shared/api/orders';
import { paymentsApi } from '@bozor/shared/api/payments';

const client: ApiRequester = {
  // async: a page without a client yet (a test, a very early call) gets a rejected call, not a throw
  request: async <T>(method: string, path: string, opts?: RequestOptions<T>): Promise<T> => getApi().request<T>(method, path, opts),
};

export const deliveryCalls = deliveryApi(client);
export const orderCalls = ordersApi(client);
export const cardCalls = paymentsApi(client);
export const cartCalls = cartApi(client);
