// Answers shaped as the contract says (docs/openapi.json), for the screens' tests.
import type { Customer, OrderDetail, OrderRow, OrdersPage } from '../src/api/types';
import type { AdminProduct, AdminVariant, CatalogLookups } from '../src/api/catalog';

/** A customer as the customers' list answers it: an individual, Aziz Rahimov, with three orders. */
export function customer(patch: Partial<Customer> = {}): Customer {
  return {
    id: 5,
    phone: '+998901112233',
    name: 'Aziz',
    surname: 'Rahimov',
    user_type: 'individual',
    company_name: null,
    inn: null,
    blocked: false,
    orders_count: 3,
    orders_total: 2500000,
    created_at: '2026-10-01T10:00:00Z',
    ...patch,
  };
}

export function orderRow(id: number, patch: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    number: `BZ-${100000 + id}`,
    status: 'new',
    status_label: 'New',
    payment_status: 'pending',
    payment_status_label: 'Not paid',
    payment_method: 'cash',
    delivery_type: 'courier',
    one_click: false,
    store_id: null,
    store_name: null,
    customer: { id: 3, name: 'Aziz', phone: '+998901112233' },
    receiver_name: 'Aziz Rahimov',
    receiver_phone: '+998901112233',
    total: 1662000,
    items_count: 2,
    created_at: '2026-11-23T08:30:00Z',
    ...patch,
  };
}

export function ordersPage(rows: OrderRow[], patch: Partial<OrdersPage['meta']> = {}): OrdersPage {
  return {
    data: rows,
    meta: {
      page: 1,
      per_page: 20,
      total: rows.length,
      last_page: 1,
      latest_id: Math.max(0, ...rows.map((r) => r.id)),
      counts: { new: 5, confirmed: 2, assembling: 1, shipping: 0, ready_for_pickup: 3, delivered: 0, picked_up: 0, completed: 10, cancelled: 1 },
      ...patch,
    },
  };
}

export function orderDetail(patch: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 42,
    number: 'BZ-100042',
    status: 'new',
    status_label: 'New',
    payment_status: 'pending',
    payment_status_label: 'Not paid',
    payment_method: 'cash',
    receipt_id: null,
    stock_held_until: null,
    payment_expires_at: null,
    hold_extended: false,
    delivery_type: 'courier',
    one_click: false,
    delivery_price: 25000,
    items_total: 1637000,
    total: 1662000,
    lang: 'uz',
    created_at: '2026-11-23T08:30:00Z',
    customer: { id: 3, name: 'Aziz', phone: '+998901112233' },
    receiver: { name: 'Aziz Rahimov', phone: '+998901112233' },
    address: { region_name: 'Tashkent city', city_name: 'Chilanzar', address: 'Bunyodkor 42', flat: '15', entrance: null, floor: null, intercom: null, comment: 'Call first', lat: 41.2926, lng: 69.2226 },
    store: null,
    labels_missing: 0,
    labels_editable: true,
    fiscal_receipt: null,
    refund_task: null,
    items: [
      { id: 501, product_id: 1, variant_id: 11, name: 'Tefal kettle', sku: 'TF-KO-1', mxik: '08516001001000000', options: [], picture: '/media/k.webp', quantity: 1, price: 450000, total: 450000, marked: false, labels: [] },
      { id: 502, product_id: 2, variant_id: 21, name: 'Artel fan', sku: 'AR-FN-2', mxik: '08414001001000000', options: [{ name: 'Colour', value: 'White' }], picture: null, quantity: 2, price: 593500, total: 1187000, marked: false, labels: [] },
    ],
    timeline: [{ status: 'new', status_label: 'New', payment_status: 'pending', payment_status_label: 'Not paid', at: '2026-11-23T08:30:00Z', staff: null, note: null }],
    notes: [],
    allowed_next: ['confirmed', 'cancelled'],
    ...patch,
  };
}

/** The product form's lookups: Kitchen › Kettles, one brand, two stores, low stock below 3. */
export const catalogLookups: CatalogLookups = {
  categories: [
    { id: 3, parent_id: null, name: 'Kitchen', path: 'Kitchen' },
    { id: 4, parent_id: 3, name: 'Kettles', path: 'Kitchen / Kettles' },
  ],
  brands: [{ id: 5, name: 'Polaris' }],
  stores: [
    { id: 1, code: 'chilonzor', name: 'Bozor Chilanzar' },
    { id: 2, code: 'yunusobod', name: 'Bozor Yunusabad' },
  ],
  low_stock_threshold: 3,
};

/** A variant with `quantities` in the two stores (low under the threshold), held by `openOrders` orders under way. */
export function adminVariant(id: number, sku: string, quantities: [number, number], openOrders = 0): AdminVariant {
  return {
    id,
    sku,
    options: [],
    price_individual: 350000,
    price_legal: 330000,
    old_price_individual: null,
    old_price_legal: null,
    low_stock_threshold: null,
    stock: quantities.map((quantity, i) => ({ store: catalogLookups.stores[i]!, quantity, low: quantity < catalogLookups.low_stock_threshold })),
    total_quantity: quantities[0] + quantities[1],
    open_orders: openOrders,
  };
}

/** A Polaris kettle as the product page loads it, with one variant (5 + 1 in stock). */
export function adminProduct(patch: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 9,
    slug: 'kettle',
    name: { uz: 'Choynak', ru: 'Чайник', en: 'Kettle' },
    description: { uz: 'Tavsif', ru: 'Описание', en: 'Description' },
    missing_langs: [],
    category: { id: 4, name: 'Kettles' },
    brand: { id: 5, name: 'Polaris' },
    attributes: [],
    mxik: '08516010001000000',
    package_code: '1501471',
    vat_percent: 12,
    weight_grams: 1200,
    marked: false,
    visibility: 'shown',
    archived: false,
    images: [],
    variants: [adminVariant(41, 'KT-1', [5, 1])],
    shop_url: '/uz/products/kettle',
    created_at: '2026-11-23T08:00:00Z',
    updated_at: '2026-11-23T08:00:00Z',
    ...patch,
  };
}
