// The back-office API's answers as the screens read them — taken from the contract the API generates
// from its own routes (`pnpm contract` → shared/src/api/openapi.ts, kept current by the API's
// contract test) through the shop's one `Answer` type, so a changed field breaks this app's type check
// instead of a screen. The catalogue's are in api/catalog.ts.
import type { Answer, Lang } from '@bozor/shared';

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
export type OrderNote = Answer<'/api/admin/orders/{number}/notes', 'post'>['note'];
export type PaymentMethod = OrderDetail['payment_method'];
export type DeliveryType = OrderDetail['delivery_type'];

export type CustomersPage = Answer<'/api/admin/customers', 'get'>;
export type Customer = CustomersPage['data'][number];
export type CustomerDetail = Answer<'/api/admin/customers/{id}', 'get'>;
export type CustomerOrder = CustomerDetail['orders'][number];
export type UserType = Customer['user_type'];

export type StaffList = Answer<'/api/admin/staff', 'get'>;

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
export type StoreOption = Answer<'/api/store/stores', 'get'>['data'][number];

/** A text in each of the shop's languages. */
export type Localized = Record<Lang, string>;

// content and settings
export type AdminCategory = Answer<'/api/admin/categories', 'get'>['data'][number];
export type AdminBrand = Answer<'/api/admin/brands', 'get'>['data'][number];
export type AdminSlide = Answer<'/api/admin/slides', 'get'>['data'][number];
export type SlideState = AdminSlide['state'];
export type PostRow = Answer<'/api/admin/posts', 'get'>['data'][number];
export type AdminPost = Answer<'/api/admin/posts/{id}', 'get'>['post'];
export type PageRow = Answer<'/api/admin/pages', 'get'>['data'][number];
export type AdminPage = Answer<'/api/admin/pages/{slug}', 'get'>['page'];
export type AdminStore = Answer<'/api/admin/stores', 'get'>['data'][number];
export type AdminDelivery = Answer<'/api/admin/delivery', 'get'>['delivery'];
export type AdminRegion = AdminDelivery['regions'][number];

// the lists above must name exactly the contract's values
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>(_: T) => undefined;
check<Same<(typeof ROLES)[number], Role>>(true);
check<Same<(typeof ORDER_STATUSES)[number], OrderStatus>>(true);
check<Same<(typeof WAITING_STATUSES)[number], WaitingStatus>>(true);
check<Same<(typeof PAYMENT_METHODS)[number], PaymentMethod>>(true);
check<Same<(typeof DELIVERY_TYPES)[number], DeliveryType>>(true);
check<Same<(typeof PAYMENT_STATUSES)[number], OrderDetail['payment_status']>>(true);
