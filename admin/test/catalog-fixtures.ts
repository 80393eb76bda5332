// The catalogue screens' answers as the API gives them: a list row, a product (with a picture), a page of rows,
// and the form's lookups — shared by catalog.test.tsx, catalog-stock.test.tsx and catalog-import.test.tsx.
import type { AdminProduct, ProductRow } from '../src/api/catalog';
import { adminProduct, catalogLookups } from './fixtures';

export const lookups = catalogLookups;

export function row(id: number, patch: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    slug: `kettle-${id}`,
    name: `Kettle ${id}`,
    missing_langs: [],
    image_url: '/media/catalog/kettle.webp',
    category: { id: 4, name: 'Kettles' },
    brand: { id: 5, name: 'Polaris' },
    visibility: 'shown',
    archived: false,
    price_individual: 350000,
    price_legal: 330000,
    variants_count: 1,
    skus: [`KT-${id}`],
    total_quantity: 12,
    stock_state: 'in_stock',
    updated_at: '2026-11-23T08:00:00Z',
    ...patch,
  };
}

export const product = (patch: Partial<AdminProduct> = {}) => adminProduct({ images: [{ key: 'p/9/a.webp', url: '/media/p/9/a.webp' }], ...patch });

export const page = (rows: ProductRow[], meta = {}) => ({ body: { data: rows, meta: { page: 1, per_page: 20, total: rows.length, last_page: 1, ...meta } } });
