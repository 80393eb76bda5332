// The catalogue's back-office calls (products, pictures, stock, low stock, CSV import and export) and
// their answers, as the API's contract says (docs/api.md, "Catalogue (back office)").
import { ApiError, type Lang } from '@bozor/shared';
import { queryString, type Query } from './client';
import type { paths } from '@bozor/shared/api/openapi';
import type { PageMeta } from './types';

export const LANG_KEYS = ['uz', 'ru', 'en'] as const satisfies readonly Lang[];
export type Localized = Record<Lang, string>;
export const VISIBILITIES = ['shown', 'hidden', 'wholesale', 'retail'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const STOCK_STATES = ['none', 'low', 'in_stock'] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const STOCK_REASONS = ['received', 'correction', 'damaged'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export type MovementReason = StockReason | 'import' | 'order' | 'order_released';

export interface StoreRef {
  id: number;
  code: string;
  name: string;
}

export interface VariantOption {
  code: string;
  name: Localized;
  value: string;
  label: Localized;
}

export interface AdminVariant {
  id: number;
  sku: string;
  options: VariantOption[];
  price_individual: number;
  price_legal: number;
  old_price_individual: number | null;
  old_price_legal: number | null;
  low_stock_threshold: number | null;
  stock: { store: StoreRef; quantity: number; low: boolean }[];
  total_quantity: number;
  /**
   * Orders still under way that hold this variant: the API refuses to remove it (409 VARIANT_IN_OPEN_ORDERS)
   * while there are any. An older API leaves it out: read it with `openOrdersOf`.
   */
  open_orders: number;
}

/** How many orders under way hold the variant; 0 when the answer does not say (an API from before the field). */
export const openOrdersOf = (variant: Pick<AdminVariant, 'open_orders'> | undefined): number => variant?.open_orders ?? 0;

export interface AdminProduct {
  id: number;
  slug: string;
  name: Localized;
  description: Localized;
  missing_langs: Lang[];
  category: { id: number; name: string };
  brand: { id: number; name: string };
  attributes: { code: string; name: Localized; value: Localized }[];
  mxik: string;
  package_code: string;
  vat_percent: number;
  weight_grams: number;
  marked: boolean;
  visibility: Visibility;
  archived: boolean;
  images: { key: string; url: string }[];
  variants: AdminVariant[];
  shop_url: string;
  created_at: string;
  updated_at: string;
}

export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  missing_langs: Lang[];
  image_url: string | null;
  category: { id: number; name: string };
  brand: { id: number; name: string };
  visibility: Visibility;
  archived: boolean;
  price_individual: number;
  price_legal: number;
  variants_count: number;
  skus: string[];
  total_quantity: number;
  stock_state: StockState;
  updated_at: string;
}

export interface CatalogLookups {
  categories: { id: number; parent_id: number | null; name: string; path: string }[];
  brands: { id: number; name: string }[];
  stores: StoreRef[];
  low_stock_threshold: number;
}

type Partial3 = { uz: string; ru?: string; en?: string };

/** The body of POST /api/admin/products (and, any part of it, PATCH). */
export interface ProductBody {
  name: Partial3;
  description?: Partial<Localized>;
  slug?: string;
  category_id: number;
  brand_id: number;
  attributes?: { code: string; name: Partial3; value: Partial3 }[];
  mxik: string;
  package_code: string;
  vat_percent: number;
  weight_grams: number;
  marked?: boolean;
  visibility?: Visibility;
  archived?: boolean;
  variants: {
    id?: number;
    sku: string;
    options?: { code: string; name: Partial3; value: string; label: Partial3 }[];
    price_individual: number;
    price_legal: number;
    old_price_individual?: number | null;
    old_price_legal?: number | null;
    low_stock_threshold?: number | null;
    stock?: { store_id: number; quantity: number }[];
  }[];
}

export interface StockMovement {
  id: string;
  at: string;
  store: StoreRef;
  reason: MovementReason;
  delta: number;
  quantity_after: number | null;
  note: string | null;
  staff: { id: number; name: string } | null;
  order: { id: number; number: string } | null;
}

export interface MovementBody {
  store_id: number;
  reason: StockReason;
  quantity: number;
  expected_quantity?: number;
  note?: string;
}

export interface LowStockRow {
  variant_id: number;
  product_id: number;
  product_name: string;
  sku: string;
  options: string;
  image_url: string | null;
  store: StoreRef;
  quantity: number;
  threshold: number;
}

export interface ImportCounts {
  rows: number;
  changed_rows: number;
  unchanged_rows: number;
  bad_rows: number;
  changes: number;
}

export interface ImportReport {
  file_name: string;
  token: string;
  counts: ImportCounts;
  changes: { row: number; sku: string; field: string; before: number | string | null; after: number | string | null }[];
  errors: { row: number; sku: string | null; column: string | null; message: string }[];
}

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export interface RawOptions {
  getToken: () => string;
  getLang: () => Lang;
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** A file's name from a Content-Disposition header (`attachment; filename="x.csv"`), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}

/**
 * The most one upload of product pictures carries: the gateway takes 64 MiB on that route
 * (gateway/default.conf.template, shell/server/proxy.ts), and a picture is at most 10 MiB, so a batch of
 * this size always fits with room for the form's framing.
 */
export const IMAGE_BATCH_BYTES = 48 * 1024 * 1024;

/** Pictures in their order, cut into batches of at most IMAGE_BATCH_BYTES (a larger file goes alone: the API says why). */
export function imageBatches(list: readonly File[]): File[][] {
  const batches: File[][] = [];
  let size = 0;
  for (const file of list) {
    const last = batches.at(-1);
    if (last && size + file.size <= IMAGE_BATCH_BYTES) {
      last.push(file);
      size += file.size;
    } else {
      batches.push([file]);
      size = file.size;
    }
  }
  return batches;
}

/** The catalogue's calls, made with the back office's one `call` (X-LANG, bearer token, a 401 signs out). */
export function catalogCalls(call: Call, raw: RawOptions) {
  const files = (field: string, list: readonly File[], extra: Record<string, string> = {}) => {
    const form = new FormData();
    // the token before the file: the API reads the fields in order
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    for (const f of list) form.append(field, f, f.name);
    return form;
  };
  return {
    catalogLookups: () => call<CatalogLookups>('GET', '/api/admin/catalog/lookups'),
    products: (query: Query) => call<Paged<ProductRow>>('GET', `/api/admin/products${queryString(query)}`),
    product: (id: number) => call<{ product: AdminProduct }>('GET', `/api/admin/products/${id}`),
    createProduct: (body: ProductBody) => call<{ product: AdminProduct }>('POST', '/api/admin/products', body),
    updateProduct: (id: number, body: Partial<ProductBody>) => call<{ product: AdminProduct }>('PATCH', `/api/admin/products/${id}`, body),
    archiveProduct: (id: number) => call<{ product: AdminProduct }>('DELETE', `/api/admin/products/${id}`),
    /** Adds pictures, sent in batches the gateway takes (IMAGE_BATCH_BYTES); the product as the last batch left it. */
    addImages: async (id: number, list: readonly File[]) => {
      let answer: { product: AdminProduct } | undefined;
      for (const batch of imageBatches(list)) answer = await call<{ product: AdminProduct }>('POST', `/api/admin/products/${id}/images`, files('image', batch));
      return answer ?? call<{ product: AdminProduct }>('GET', `/api/admin/products/${id}`);
    },
    setImages: (id: number, keys: string[]) => call<{ product: AdminProduct }>('PUT', `/api/admin/products/${id}/images`, { keys }),
    moveStock: (variantId: number, body: MovementBody) =>
      call<{ movement: StockMovement; variant: AdminVariant }>('POST', `/api/admin/variants/${variantId}/stock-movements`, body),
    movements: (variantId: number, query: Query) => call<Paged<StockMovement>>('GET', `/api/admin/variants/${variantId}/stock-movements${queryString(query)}`),
    lowStock: (query: Query) => call<Paged<LowStockRow>>('GET', `/api/admin/stock/low${queryString(query)}`),
    importDryRun: (file: File) => call<ImportReport>('POST', '/api/admin/catalog/import/dry-run', files('file', [file])),
    importApply: (file: File, token: string) => call<{ file_name: string; counts: ImportCounts }>('POST', '/api/admin/catalog/import/apply', files('file', [file], { token })),
    /** The whole catalogue as CSV: the file and its name (the JSON helper cannot read a CSV answer). */
    exportCatalog: async (): Promise<{ blob: Blob; fileName: string }> => {
      const doFetch = raw.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
      let res: Response;
      try {
        res = await doFetch('/api/admin/catalog/export', { headers: { Authorization: `Bearer ${raw.getToken()}`, 'X-LANG': raw.getLang(), Accept: 'text/csv' } });
      } catch {
        throw new ApiError(0, 'NETWORK', '');
      }
      if (!res.ok) {
        if (res.status === 401) raw.onUnauthorized();
        let message = res.statusText;
        let code = `HTTP_${res.status}`;
        try {
          const body = JSON.parse(await res.text()) as { error?: { code?: string; message?: string } };
          message = body.error?.message ?? message;
          code = body.error?.code ?? code;
        } catch {
          // not JSON: the status says it
        }
        throw new ApiError(res.status, code, message);
      }
      return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('Content-Disposition'), 'bozor-catalog.csv') };
    },
  };
}

// ---- the types above must be the contract's (`pnpm contract` → shared/src/api/openapi.ts): a changed
// field breaks this app's type check instead of a screen
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <X extends true>(_: X) => undefined;
type Json<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer B } } } } ? B : never;
type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
check<Same<AdminProduct, Json<'/api/admin/products/{id}', 'get'>['product']>>(true);
check<Same<Paged<ProductRow>, Json<'/api/admin/products', 'get'>>>(true);
check<Same<CatalogLookups, Json<'/api/admin/catalog/lookups', 'get'>>>(true);
check<Same<Paged<StockMovement>, Json<'/api/admin/variants/{id}/stock-movements', 'get'>>>(true);
check<Same<{ movement: StockMovement; variant: AdminVariant }, Json<'/api/admin/variants/{id}/stock-movements', 'post', 201>>>(true);
check<Same<MovementBody, BodyOf<'/api/admin/variants/{id}/stock-movements', 'post'>>>(true);
check<Same<Paged<LowStockRow>, Json<'/api/admin/stock/low', 'get'>>>(true);
check<Same<ImportReport, Json<'/api/admin/catalog/import/dry-run', 'post'>>>(true);
check<Same<{ file_name: string; counts: ImportCounts }, Json<'/api/admin/catalog/import/apply', 'post'>>>(true);
check<Same<{ product: AdminProduct }, Json<'/api/admin/products', 'post', 201>>>(true);
// what the form sends is what the API takes
check<ProductBody extends BodyOf<'/api/admin/products', 'post'> ? true : false>(true);
check<Partial<ProductBody> extends BodyOf<'/api/admin/products/{id}', 'patch'> ? true : false>(true);
