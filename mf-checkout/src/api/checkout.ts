// The checkout's calls are the shared order, payment and delivery modules (`@bozor/shared/api/*`) over
// the page's one client, read at each call (the shell sets it). A 401 on a call made with a token signs the
// shopper out in that client itself (shared `onSessionEnded`), as on every page.
import { getApi, type ApiCalls, type HttpMethod } from '@bozor/shared';
import { cartApi } from '@bozor/shared/api/cart';
import { deliveryApi } from '@bozor/shared/api/delivery';
import { ordersApi } from '@bozor/shared/api/orders';
import { paymentsApi } from '@bozor/shared/api/payments';

/**
 * `method` of the client the page has when the call is made. async: a page without a client yet (a test, a
 * very early call) gets a rejected call, not a throw. The cast forwards the arguments as they came: TypeScript
 * cannot spread a generic call's conditional argument list into the same signature.
 */
const late = <M extends HttpMethod>(method: M): ApiCalls[M] =>
  (async (...args: unknown[]) => (getApi()[method] as (...forwarded: unknown[]) => Promise<unknown>)(...args)) as ApiCalls[M];

const client: ApiCalls = { get: late('get'), post: late('post'), put: late('put'), patch: late('patch'), delete: late('delete') };

export const deliveryCalls = deliveryApi(client);
export const orderCalls = ordersApi(client);
export const cardCalls = paymentsApi(client);
export const cartCalls = cartApi(client);
