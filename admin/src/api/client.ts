// The back office's API calls, all through the shop's one operation-keyed client (`createApiClient` of
// @bozor/shared): each names its operation by method and path template, checked against the contract the API
// generates from its routes (`pnpm contract` → shared/src/api/openapi.ts), with its path parameters, query,
// body and answer typed from it. X-LANG and the bearer token go on every request, one `ApiError` carries the
// API's code, message (in the staff member's language), field messages and Retry-After. A 401 on any call
// ends the session, which sends the staff member to sign-in (the route guard keeps the page to come back to).
import { type ApiCalls, createApiClient, type Body, type Lang, type Query, withPuzzle } from '@bozor/shared';
import { catalogCalls } from './catalog';
import { contentCalls } from './contentCalls';
import { listQuery, type AddressValues } from './outgoing';

export interface AdminApiOptions {
  getToken: () => string;
  getLang: () => Lang;
  /** Called on any 401: the token is gone or revoked. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

export function createAdminApi(options: AdminApiOptions) {
  // The shop's client also sends X-ACCOUNT-TYPE; the back-office routes ignore it.
  const client = createApiClient({
    getLang: options.getLang,
    getToken: options.getToken,
    getAccountType: () => 'individual',
    fetch: options.fetch,
    onError: (err) => {
      if (err.status === 401) options.onUnauthorized();
    },
  });
  const api: ApiCalls = client;

  return {
    sendOtp: (phone: string) => withPuzzle((puzzle) => api.post('/api/admin/auth/send-otp', { body: { phone, ...(puzzle ? { puzzle } : {}) } })),
    verifyOtp: (phone: string, otp: string) => api.post('/api/admin/auth/verify-otp', { body: { phone, otp } }),
    me: () => api.get('/api/admin/me'),
    logout: () => api.post('/api/admin/auth/logout'),

    dashboard: () => api.get('/api/admin/dashboard'),

    orders: (values: AddressValues) => api.get('/api/admin/orders', { query: listQuery<Query<'/api/admin/orders', 'get'>>(values) }),
    order: (number: string) => api.get('/api/admin/orders/{number}', { path: { number } }),
    setOrderStatus: (number: string, status: Body<'/api/admin/orders/{number}/status', 'post'>['status'], note?: string) =>
      api.post('/api/admin/orders/{number}/status', { path: { number }, body: note ? { status, note } : { status } }),
    /** An unconfirmed cash order keeps its stock CASH_ORDER_HOLD_H longer (once). */
    extendHold: (number: string) => api.post('/api/admin/orders/{number}/extend-hold', { path: { number } }),
    /** A marked line's marking codes, one per unit (422 names a bad one as `labels.<i>`). */
    setLabels: (number: string, itemId: number, labels: string[]) =>
      api.put('/api/admin/orders/{number}/items/{item_id}/labels', { path: { number, item_id: itemId }, body: { labels } }),
    addOrderNote: (number: string, text: string) => api.post('/api/admin/orders/{number}/notes', { path: { number }, body: { text } }),

    customers: (values: AddressValues) => api.get('/api/admin/customers', { query: listQuery<Query<'/api/admin/customers', 'get'>>(values) }),
    customer: (id: number) => api.get('/api/admin/customers/{id}', { path: { id } }),
    updateCustomer: (id: number, patch: Body<'/api/admin/customers/{id}', 'patch'>) => api.patch('/api/admin/customers/{id}', { path: { id }, body: patch }),

    staff: () => api.get('/api/admin/staff'),
    addStaff: (staff: Body<'/api/admin/staff', 'post'>) => api.post('/api/admin/staff', { body: staff }),
    updateStaff: (id: number, patch: Body<'/api/admin/staff/{id}', 'patch'>) => api.patch('/api/admin/staff/{id}', { path: { id }, body: patch }),
    endSessions: (id: number) => api.post('/api/admin/staff/{id}/end-sessions', { path: { id } }),

    audit: (values: AddressValues) => api.get('/api/admin/audit', { query: listQuery<Query<'/api/admin/audit', 'get'>>(values) }),
    // the catalogue: products, pictures, stock, low stock, CSV import and export (api/catalog.ts)
    ...catalogCalls(client),
    // content and settings: categories, brands, slides, posts, pages, stores, delivery (api/contentCalls.ts)
    ...contentCalls(api),
    /** The shop's stores for the store pickers (the shop's own list, which every role may read). */
    stores: () => api.get('/api/store/stores'),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
