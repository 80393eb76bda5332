// The catalogue's back-office calls (products, pictures, stock, low stock, CSV import and export) and
// their answers, as the API's contract says (docs/api.md, "Catalogue (back office)"): every type here is
// the contract's (`pnpm contract` → shared/src/api/openapi.ts), so a changed field breaks this app's type
// check instead of a screen.
import type { Answer, ApiClient, Body, Query } from '@bozor/shared';
import { filesForm, listQuery, type AddressValues } from './outgoing';

export type AdminProduct = Answer<'/api/admin/products/{id}', 'get'>['product'];
export type AdminVariant = AdminProduct['variants'][number];
export type VariantOption = AdminVariant['options'][number];
export type Visibility = AdminProduct['visibility'];
export type ProductsPage = Answer<'/api/admin/products', 'get'>;
export type ProductRow = ProductsPage['data'][number];
export type StockState = ProductRow['stock_state'];
export type CatalogLookups = Answer<'/api/admin/catalog/lookups', 'get'>;
export type StoreRef = CatalogLookups['stores'][number];
/** What the product form sends to create a product (and, any part of it, to change one). */
export type ProductBody = Body<'/api/admin/products', 'post'>;
export type ProductPatch = Body<'/api/admin/products/{id}', 'patch'>;
export type StockMovement = Answer<'/api/admin/variants/{id}/stock-movements', 'get'>['data'][number];
export type MovementReason = StockMovement['reason'];
export type MovementBody = Body<'/api/admin/variants/{id}/stock-movements', 'post'>;
export type StockReason = MovementBody['reason'];
export type LowStockRow = Answer<'/api/admin/stock/low', 'get'>['data'][number];
export type ImportReport = Answer<'/api/admin/catalog/import/dry-run', 'post'>;
export type ImportCounts = ImportReport['counts'];

export const VISIBILITIES = ['shown', 'hidden', 'wholesale', 'retail'] as const satisfies readonly Visibility[];
export const STOCK_STATES = ['none', 'low', 'in_stock'] as const satisfies readonly StockState[];
/** The reasons staff give a stock change by hand (the others are the shop's own: import, order, order_released). */
export const STOCK_REASONS = ['received', 'correction', 'damaged'] as const satisfies readonly StockReason[];

/**
 * How many orders under way hold the variant (the API refuses to remove it, 409 VARIANT_IN_OPEN_ORDERS, while
 * there are any); 0 when the answer does not say (an API from before the field).
 */
export const openOrdersOf = (variant: Partial<Pick<AdminVariant, 'open_orders'>> | undefined): number => variant?.open_orders ?? 0;

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

/** The catalogue's calls, made with the back office's one client (X-LANG, bearer token, a 401 signs out). */
export function catalogCalls(api: Pick<ApiClient, 'get' | 'post' | 'put' | 'patch' | 'delete' | 'download'>) {
  const product = (id: number) => api.get('/api/admin/products/{id}', { path: { id } });
  return {
    catalogLookups: () => api.get('/api/admin/catalog/lookups'),
    products: (values: AddressValues) => api.get('/api/admin/products', { query: listQuery<Query<'/api/admin/products', 'get'>>(values) }),
    product,
    createProduct: (body: ProductBody) => api.post('/api/admin/products', { body }),
    updateProduct: (id: number, body: ProductPatch) => api.patch('/api/admin/products/{id}', { path: { id }, body }),
    archiveProduct: (id: number) => api.delete('/api/admin/products/{id}', { path: { id } }),
    /** Adds pictures, sent in batches the gateway takes (IMAGE_BATCH_BYTES); the product as the last batch left it. */
    addImages: async (id: number, list: readonly File[]) => {
      let answer: Answer<'/api/admin/products/{id}/images', 'post'> | undefined;
      for (const batch of imageBatches(list)) answer = await api.post('/api/admin/products/{id}/images', { path: { id }, body: filesForm('image', batch) });
      return answer ?? product(id);
    },
    setImages: (id: number, keys: string[]) => api.put('/api/admin/products/{id}/images', { path: { id }, body: { keys } }),
    moveStock: (variantId: number, body: MovementBody) => api.post('/api/admin/variants/{id}/stock-movements', { path: { id: variantId }, body }),
    movements: (variantId: number, values: AddressValues) =>
      api.get('/api/admin/variants/{id}/stock-movements', { path: { id: variantId }, query: listQuery<Query<'/api/admin/variants/{id}/stock-movements', 'get'>>(values) }),
    lowStock: (values: AddressValues) => api.get('/api/admin/stock/low', { query: listQuery<Query<'/api/admin/stock/low', 'get'>>(values) }),
    importDryRun: (file: File) => api.post('/api/admin/catalog/import/dry-run', { body: filesForm('file', [file]) }),
    importApply: (file: File, token: string) => api.post('/api/admin/catalog/import/apply', { body: filesForm('file', [file], { token }) }),
    /** The whole catalogue as CSV: the file and its name. */
    exportCatalog: async (): Promise<{ blob: Blob; fileName: string }> => {
      const { blob, headers } = await api.download('/api/admin/catalog/export', { headers: { Accept: 'text/csv' } });
      return { blob, fileName: fileNameOf(headers.get('Content-Disposition'), 'bozor-catalog.csv') };
    },
  };
}
