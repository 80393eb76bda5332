// The back office's API calls. Built on the shop's one request helper (`createApiClient().request` of
// @bozor/shared): X-LANG and the bearer token on every request, one `ApiError` with the API's code,
// message (in the staff member's language), field messages and Retry-After. A 401 on any call ends
// the session, which sends the staff member to sign-in (the route guard keeps the page to come back to).
import { ApiError, createApiClient, type Lang, withPuzzle } from '@bozor/shared';
import type {
  AuditPage,
  CustomerDetail,
  CustomerPatch,
  CustomersPage,
  Dashboard,
  NewStaff,
  OrderDetail,
  OrderNote,
  OrdersPage,
  OrderStatus,
  SendOtpAnswer,
  SignInAnswer,
  Staff,
  StaffList,
  StaffPatch,
  StoreOption,
} from './types';
import { catalogCalls } from './catalog';

export interface AdminApiOptions {
  getToken: () => string;
  getLang: () => Lang;
  /** Called on any 401: the token is gone or revoked. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** Query parameters; empty values are left out of the URL. */
export type Query = Record<string, string | number | undefined | null>;

/** `?a=1&b=x` from the non-empty values, or ''. */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  const s = params.toString();
  return s ? `?${s}` : '';
}

const enc = encodeURIComponent;

export function createAdminApi(options: AdminApiOptions) {
  // The shop's client also sends X-ACCOUNT-TYPE; the back-office routes ignore it.
  const { request } = createApiClient({ getLang: options.getLang, getToken: options.getToken, getAccountType: () => 'individual', fetch: options.fetch });

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    try {
      return await request<T>(method, path, { body });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) options.onUnauthorized();
      throw err;
    }
  }

  return {
    sendOtp: (phone: string) => withPuzzle((puzzle) => call<SendOtpAnswer>('POST', '/api/admin/auth/send-otp', { phone, ...(puzzle ? { puzzle } : {}) })),
    verifyOtp: (phone: string, otp: string) => call<SignInAnswer>('POST', '/api/admin/auth/verify-otp', { phone, otp }),
    me: () => call<{ staff: Staff }>('GET', '/api/admin/me'),
    logout: () => call<void>('POST', '/api/admin/auth/logout'),

    dashboard: () => call<Dashboard>('GET', '/api/admin/dashboard'),

    orders: (query: Query) => call<OrdersPage>('GET', `/api/admin/orders${queryString(query)}`),
    order: (number: string) => call<{ order: OrderDetail }>('GET', `/api/admin/orders/${enc(number)}`),
    setOrderStatus: (number: string, status: OrderStatus, note?: string) =>
      call<{ order: OrderDetail }>('POST', `/api/admin/orders/${enc(number)}/status`, note ? { status, note } : { status }),
    /** An unconfirmed cash order keeps its stock CASH_ORDER_HOLD_H longer (once). */
    extendHold: (number: string) => call<{ order: OrderDetail }>('POST', `/api/admin/orders/${enc(number)}/extend-hold`),
    /** A marked line's marking codes, one per unit (422 names a bad one as `labels.<i>`). */
    setLabels: (number: string, itemId: number, labels: string[]) =>
      call<{ order: OrderDetail }>('PUT', `/api/admin/orders/${enc(number)}/items/${itemId}/labels`, { labels }),
    addOrderNote: (number: string, text: string) => call<{ note: OrderNote }>('POST', `/api/admin/orders/${enc(number)}/notes`, { text }),

    customers: (query: Query) => call<CustomersPage>('GET', `/api/admin/customers${queryString(query)}`),
    customer: (id: number) => call<CustomerDetail>('GET', `/api/admin/customers/${id}`),
    updateCustomer: (id: number, patch: CustomerPatch) => call<CustomerDetail>('PATCH', `/api/admin/customers/${id}`, patch),

    staff: () => call<StaffList>('GET', '/api/admin/staff'),
    addStaff: (staff: NewStaff) => call<{ staff: Staff }>('POST', '/api/admin/staff', staff),
    updateStaff: (id: number, patch: StaffPatch) => call<{ staff: Staff }>('PATCH', `/api/admin/staff/${id}`, patch),
    endSessions: (id: number) => call<void>('POST', `/api/admin/staff/${id}/end-sessions`),

    audit: (query: Query) => call<AuditPage>('GET', `/api/admin/audit${queryString(query)}`),
    // the catalogue: products, pictures, stock, low stock, CSV import and export (api/catalog.ts)
    ...catalogCalls(call, options),
    stores: () => call<{ data: StoreOption[] }>('GET', '/api/store/stores'),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
