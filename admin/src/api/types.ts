// The back-office API's answers as the screens read them — taken from the contract the API generates
// from its own routes (`pnpm contract` → shared/src/api/openapi.ts, kept current by the API's
// contract test), so a changed field breaks this app's type check instead of a screen. Type-only:
// nothing of it reaches the bundle.
import type { paths } from '@bozor/shared/api/openapi';

type Method = 'get' | 'post' | 'patch';
/** The JSON answer of one route with one status. */
type Answer<P extends keyof paths, M extends Method, S extends number = 200> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer B } } };
}
  ? B
  : never;
/** The JSON body a route takes. */
type Body<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export const ROLES = ['owner', 'manager', 'operator', 'store'] as const;
export const ORDER_STATUSES = ['new', 'confirmed', 'assembling', 'shipping', 'ready_for_pickup', 'delivered', 'picked_up', 'completed', 'cancelled'] as const;
/** The statuses that wait for staff (the dashboard's "waiting" block). */
export const WAITING_STATUSES = ['new', 'confirmed', 'assembling', 'shipping', 'ready_for_pickup'] as const;
export const PAYMENT_METHODS = ['card', 'cash', 'payme', 'click'] as const;
/** `phone`: "Buy in 1 click", the delivery agreed with the customer by phone. */
export const DELIVERY_TYPES = ['courier', 'express', 'pickup', 'phone'] as const;
export const PAYMENT_STATUSES = ['pending', 'checking', 'paid', 'failed', 'refund_pending', 'refunded'] as const;
// Every entity and action of the audit log, as keys of the contract's enums: one the API adds and this list
// lacks fails the type check (and its label the i18n test).
const AUDIT_ENTITY_SET: Record<AuditEntry['entity'], true> = {
  order: true,
  customer: true,
  staff: true,
  session: true,
  product: true,
  variant: true,
  catalog: true,
  category: true,
  brand: true,
  slide: true,
  post: true,
  page: true,
  store: true,
  delivery: true,
};
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_SET) as Array<AuditEntry['entity']>;
const AUDIT_ACTION_SET: Record<AuditEntry['action'], true> = {
  'order.status': true,
  'order.hold_extended': true,
  'order.labels_set': true,
  'order.note': true,
  'order.payment': true,
  'order.refund_retry': true,
  'customer.update': true,
  'customer.delete': true,
  'staff.create': true,
  'staff.update': true,
  'staff.end_sessions': true,
  'staff.sign_in': true,
  'staff.sign_out': true,
  'product.create': true,
  'product.update': true,
  'product.archive': true,
  'product.images': true,
  'stock.move': true,
  'catalog.import': true,
  'category.create': true,
  'category.update': true,
  'category.move': true,
  'category.picture': true,
  'category.delete': true,
  'brand.create': true,
  'brand.update': true,
  'brand.logo': true,
  'slide.create': true,
  'slide.update': true,
  'slide.picture': true,
  'slide.order': true,
  'slide.delete': true,
  'post.create': true,
  'post.update': true,
  'post.publish': true,
  'post.unpublish': true,
  'post.cover': true,
  'post.delete': true,
  'page.update': true,
  'page.publish': true,
  'page.unpublish': true,
  'store.update': true,
  'delivery.settings': true,
  'delivery.region_create': true,
  'delivery.region_update': true,
  'delivery.region_delete': true,
  'delivery.region_order': true,
};
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_SET) as Array<AuditEntry['action']>;

export type Staff = Answer<'/api/admin/me', 'get'>['staff'];
export type Role = Staff['role'];
export type Dashboard = Answer<'/api/admin/dashboard', 'get'>;
export type WaitingStatus = keyof Dashboard['waiting'];

export type OrdersPage = Answer<'/api/admin/orders', 'get'>;
export type OrderRow = OrdersPage['data'][number];
export type OrdersMeta = OrdersPage['meta'];
export type OrderDetail = Answer<'/api/admin/orders/{number}', 'get'>['order'];
export type OrderStatus = OrderDetail['status'];
export type OrderItem = OrderDetail['items'][number];
export type FiscalReceipt = NonNullable<OrderDetail['fiscal_receipt']>;
export type OrderNote = Answer<'/api/admin/orders/{number}/notes', 'post', 201>['note'];
export type PaymentMethod = OrderDetail['payment_method'];
export type DeliveryType = OrderDetail['delivery_type'];

export type CustomersPage = Answer<'/api/admin/customers', 'get'>;
export type Customer = CustomersPage['data'][number];
export type CustomerDetail = Answer<'/api/admin/customers/{id}', 'get'>;
export type CustomerOrder = CustomerDetail['orders'][number];
export type CustomerPatch = Body<'/api/admin/customers/{id}', 'patch'>;
export type UserType = Customer['user_type'];

export type StaffList = Answer<'/api/admin/staff', 'get'>;
export type NewStaff = Body<'/api/admin/staff', 'post'>;
export type StaffPatch = Body<'/api/admin/staff/{id}', 'patch'>;

export type AuditPage = Answer<'/api/admin/audit', 'get'>;
export type AuditEntry = AuditPage['data'][number];

export type SendOtpAnswer = Answer<'/api/admin/auth/send-otp', 'post'>;
export type SignInAnswer = Answer<'/api/admin/auth/verify-otp', 'post'>;

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** A store of the shop (`GET /api/store/stores`), for the store pickers. */
export interface StoreOption {
  id: number;
  name: string;
  address?: string;
}

// the lists above must name exactly the contract's values
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>(_: T) => undefined;
check<Same<(typeof ROLES)[number], Role>>(true);
check<Same<(typeof ORDER_STATUSES)[number], OrderStatus>>(true);
check<Same<(typeof WAITING_STATUSES)[number], WaitingStatus>>(true);
check<Same<(typeof PAYMENT_METHODS)[number], PaymentMethod>>(true);
check<Same<(typeof DELIVERY_TYPES)[number], DeliveryType>>(true);
check<Same<(typeof PAYMENT_STATUSES)[number], OrderDetail['payment_status']>>(true);
