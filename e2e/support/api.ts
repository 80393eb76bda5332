// Calls straight to the shop's API for what a test needs set up but does not test through the page
// (another shopper's order, a product with a given stock).
import { expect, type APIRequestContext } from '@playwright/test';
import { codeFor, defaultDataDir } from '../pages/SignInDialog';
import { baseURL } from './shop';

/** Signs `digits9` in through the API (code from the SMS outbox) and returns the bearer token. */
export async function apiSignIn(request: APIRequestContext, digits9: string, base = baseURL(), dataDir = defaultDataDir()): Promise<string> {
  const asked = Date.now();
  const sent = await request.post(`${base}/api/auth/send-otp`, { data: { phone: `+998${digits9}`, user_type: 'individual' } });
  expect(sent.status()).toBe(200);
  const otp = await codeFor(digits9, asked, dataDir);
  const verified = await request.post(`${base}/api/auth/verify-otp`, { data: { phone: `+998${digits9}`, otp } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { access_token: string }).access_token;
}

export interface ProductVariant {
  id: number;
  total_quanity: number;
}
export interface ProductDetail {
  id: number;
  slug: string;
  name: string;
  price: number;
  total_quanity: number;
  variants: ProductVariant[];
}

/**
 * The first product (in the catalogue's default order) whose list entry passes `summary` and whose
 * detail passes `detail`; only the entries that pass `summary` are opened.
 */
export async function findProduct(
  request: APIRequestContext,
  summary: (s: { slug: string; total_quanity: number }) => boolean,
  detail: (p: ProductDetail) => boolean = () => true,
  base = baseURL(),
): Promise<ProductDetail> {
  for (let page = 1; ; page++) {
    const list = (await (await request.post(`${base}/backend/api/ext/v1/resources/products`, { data: { per_page: 100, page } })).json()) as {
      data: { slug: string; total_quanity: number }[];
      meta: { last_page: number };
    };
    for (const entry of list.data.filter(summary)) {
      const { product } = (await (await request.get(`${base}/backend/api/ext/v1/resources/product/${entry.slug}`)).json()) as { product: ProductDetail };
      if (detail(product)) return product;
    }
    if (page >= list.meta.last_page) throw new Error('no product in the catalogue fits');
  }
}

/** Places a cash store-pickup order for one piece of `variantId` with the API and returns its number. */
export async function apiPlaceOrder(request: APIRequestContext, token: string, product: ProductDetail, variantId: number, base = baseURL()): Promise<string> {
  const res = await request.post(`${base}/api/orders/`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
    data: {
      items: [{ product_id: product.id, variant_id: variantId, quantity: 1 }],
      one_click: false,
      delivery: { type: 'pickup', store_id: 1 },
      receiver: { name: 'Aziz', surname: 'Rahimov', phone: '+998901234567' },
      payment: { method: 'cash' },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { order: { number: string } }).order.number;
}

/**
 * Browser-context options that make a spec's requests come from their own client address. The API caps
 * codes at 20 per IP per hour, and every spec's browser is 127.0.0.1. The suite's shop runs with
 * TRUST_PROXY=loopback (global-setup), as a shop behind a proxy on the same machine would: its gateway
 * then believes the X-Forwarded-For a loopback client sends, so a TEST-NET address stands for another
 * shopper's network. Without TRUST_PROXY the gateway ignores it (access.spec.ts).
 */
export function fromClientAddress(lastOctet: number) {
  return { extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${lastOctet}` } };
}
