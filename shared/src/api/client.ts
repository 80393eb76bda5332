// Typed client for every call of spec §7. It sends X-LANG and X-ACCOUNT-TYPE on every request and the
// bearer token when there is one. The catalogue key is never here: the gateway adds it (DESIGN.md).
import type { Lang } from '../schemas';
import {
  categoriesResponseSchema,
  productResponseSchema,
  loginResponseSchema,
  cartSchema,
  type CartItem,
  type LoginResponse,
  type User,
  userSchema,
} from '../schemas';
import type { z } from 'zod';

/** An answer other than 2xx, with the server's error code when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Origin + prefix; '' means the page's own origin (the gateway). */
  baseUrl?: string;
  getLang: () => Lang;
  getToken: () => string;
  /** user_type of the signed-in user; 'individual' for guests. */
  getAccountType: () => string;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | undefined>;

const CATALOG = '/backend/api/ext/v1';

/** Creates the API client; one per page, built by the shell and handed to remotes through the store. */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(method: string, path: string, body?: unknown, schema?: z.ZodType<T>): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-LANG': options.getLang(),
      'X-ACCOUNT-TYPE': options.getAccountType(),
    };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await doFetch(baseUrl + path, { method, headers, body: payload });
    const text = await res.text();
    const data: unknown = text ? safeJson(text) : undefined;
    if (!res.ok) {
      const err = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? res.statusText);
    }
    return schema ? schema.parse(data) : (data as T);
  }

  const qs = (query: Query) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
    const s = params.toString();
    return s ? `?${s}` : '';
  };

  return {
    // own backend — auth
    sendOtp: (phone: string, user_type: string) => request<unknown>('POST', '/api/auth/send-otp', { phone, user_type }),
    verifyOtp: (phone: string, otp: string): Promise<LoginResponse> =>
      request('POST', '/api/auth/verify-otp', { phone, otp }, loginResponseSchema),
    getUser: async (): Promise<User> => {
      const data = await request<unknown>('GET', '/api/auth/user');
      const wrapped = (data as { user?: unknown } | null)?.user ?? data;
      return userSchema.parse(wrapped);
    },
    logout: () => request<unknown>('POST', '/api/auth/logout'),
    // profile
    updateProfile: (profile: Record<string, unknown>) => request<unknown>('PUT', '/api/profile', profile),
    deleteProfile: () => request<unknown>('DELETE', '/api/profile'),
    uploadPhoto: (photo: Blob) => {
      const form = new FormData();
      form.append('photo', photo);
      return request<unknown>('POST', '/api/profile/upload-photo', form);
    },
    getCart: (): Promise<CartItem[]> => request('GET', '/api/profile/cart', undefined, cartSchema),
    saveCart: (cart_data: CartItem[]) => request<unknown>('POST', '/api/profile/cart', { cart_data }),
    // content
    getStores: () => request<unknown>('GET', '/api/store/stores'),
    getSlides: () => request<unknown>('GET', '/api/content/slides'),
    getDeliverySettings: () => request<unknown>('GET', '/api/settings/delivery'),
    // orders and payments
    createOrder: (order: Record<string, unknown>) => request<unknown>('POST', '/api/orders/', order),
    getOrder: (tid: string) => request<unknown>('GET', `/api/orders/${encodeURIComponent(tid)}`),
    createCard: (body: Record<string, unknown>) => request<unknown>('POST', '/api/payments/card/create', body),
    confirmCard: (body: Record<string, unknown>) => request<unknown>('POST', '/api/payments/card/confirm', body),
    getCards: () => request<unknown>('GET', '/api/payments/cards'),
    // catalogue
    getCategories: () => request('GET', `${CATALOG}/resources/categories`, undefined, categoriesResponseSchema),
    getHome: () => request<unknown>('GET', `${CATALOG}/resources/home`),
    getProducts: (filter: Record<string, unknown>) => request<unknown>('POST', `${CATALOG}/resources/products`, filter),
    getProduct: (slug: string) =>
      request('GET', `${CATALOG}/resources/product/${encodeURIComponent(slug)}?resources[]=relateds`, undefined, productResponseSchema),
    searchProducts: (q: string) => request<unknown>('GET', `${CATALOG}/resources/products/search${qs({ q })}`),
    getCustomerOrders: (customerId: string, query: Query = {}) =>
      request<unknown>('GET', `${CATALOG}/customers/${encodeURIComponent(customerId)}/orders${qs(query)}`),
    getCustomerOrderDetails: (customerId: string, orderId: string) =>
      request<unknown>(
        'GET',
        `${CATALOG}/customers/${encodeURIComponent(customerId)}/orders/${encodeURIComponent(orderId)}/details?resources[]=statuses`,
      ),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
