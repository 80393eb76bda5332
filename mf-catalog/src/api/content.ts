// Brands, blogs and information pages. The shared client has no methods for these yet, and the shared
// package is a Module Federation singleton served by the shell's build (a new method would be missing
// in a shell built earlier), so these GETs are made here with the same headers the client sends.
import { $accountType, $auth, $language, ApiError } from '@bozor/shared';

const CATALOG = '/backend/api/ext/v1/resources';

async function get<T>(path: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-LANG': $language.get(), 'X-ACCOUNT-TYPE': $accountType.get() };
  const token = $auth.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { headers });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? res.statusText);
  }
  return data as T;
}

export interface Brand {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  products_count: number;
}
export interface BlogSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  cover_url: string | null;
  published_at: string;
}
export interface BlogArticle extends BlogSummary {
  body: string;
}
export interface InfoPage {
  slug: string;
  title: string;
  body: string;
}
export interface Market {
  id: number;
  slug: string;
  name: string;
  address: string;
  landmark?: string;
  phone: string;
  hours: string;
  location?: { lat: number; lng: number };
}

export const fetchBrands = async () => (await get<{ data: Brand[] }>(`${CATALOG}/brands`)).data;
export const fetchBlogs = async () => (await get<{ data: BlogSummary[] }>(`${CATALOG}/blogs?per_page=50`)).data;
export const fetchBlog = async (slug: string) => (await get<{ data: BlogArticle }>(`${CATALOG}/blogs/${encodeURIComponent(slug)}`)).data;
export const fetchInfoPage = async (slug: string) => (await get<{ data: InfoPage }>(`${CATALOG}/pages/${encodeURIComponent(slug)}`)).data;
export const fetchMarkets = async () => (await get<{ data: Market[] }>('/api/store/stores')).data;
