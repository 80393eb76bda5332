// Account calls the shared client does not have yet (the orders list) or answers it leaves untyped,
// with the shapes of docs/api.md. Everything goes through the shell's one client.
import { $auth, $language, ApiError, getApi, type User } from '@bozor/shared';

export interface OrderLine {
  product_id: number | string;
  name: string;
  img_url?: string | null;
  price: number;
  quantity: number;
  total: number;
}

export interface OrderStatus {
  status: string;
  label?: string;
  payment_status?: string;
  at: string;
}

export interface AccountOrder {
  id: number;
  number: string;
  status: string;
  status_label?: string;
  payment_status: string;
  payment_method: 'cash' | 'card';
  delivery: { type: 'courier' | 'express' | 'pickup'; fee: number; address?: Record<string, string | null> | null; store?: { name?: string; address?: string } | null };
  receiver: { name: string; surname: string; phone: string };
  items: OrderLine[];
  items_total: number;
  delivery_fee: number;
  total: number;
  created_at: string;
  statuses?: OrderStatus[];
}

export interface OrdersPage {
  data: AccountOrder[];
  meta: { total: number; page: number; per_page: number; last_page: number };
}

export interface ProfileInput {
  name: string | null;
  surname: string | null;
  email: string | null;
  birth_date: string | null;
  gender: 'male' | 'female' | null;
}

/** The caller's orders, newest first. */
export async function fetchOrders(page: number): Promise<OrdersPage> {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${$auth.get().token}`, 'X-LANG': $language.get() };
  const res = await fetch(`/api/orders?page=${page}&per_page=10`, { headers });
  const data = (await res.json().catch(() => ({}))) as OrdersPage & { error?: { code: string; message: string } };
  if (!res.ok) throw new ApiError(res.status, data.error?.code ?? `HTTP_${res.status}`, data.error?.message ?? res.statusText);
  return data;
}

/** One order with its status history. */
export async function fetchOrder(number: string): Promise<AccountOrder> {
  const data = (await getApi().getOrder(number)) as { order: AccountOrder };
  return data.order;
}

export async function saveProfile(profile: ProfileInput): Promise<User> {
  const data = (await getApi().updateProfile({ ...profile })) as { user: User };
  return data.user;
}

export async function sendPhoto(photo: Blob): Promise<User> {
  const data = (await getApi().uploadPhoto(photo)) as { user: User };
  return data.user;
}

