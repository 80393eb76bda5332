// Brands, blogs, information pages and the stores (docs/api.md "Content"). Imported by subpath
// (`@bozor/shared/api/content`): bundled into the remote that uses it, stateless, type-only imports.
import type { ApiCalls } from './client';

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
  landmark?: string | null;
  phone: string;
  hours: string;
  location?: { lat: number; lng: number };
}

/**
 * The blog list's query: the call below and the server's render of the list (mf-catalog src/ssr.tsx, through
 * `apiUrl`) must ask the same to give the page its answer.
 */
export const BLOGS_QUERY = { per_page: 50 };

/** The content calls over the page's one client (`contentApi(getApi())`). */
export function contentApi(api: ApiCalls) {
  return {
    brands: async (): Promise<Brand[]> => (await api.get('/backend/api/ext/v1/resources/brands')).data,
    blogs: async (): Promise<BlogSummary[]> => (await api.get('/backend/api/ext/v1/resources/blogs', { query: BLOGS_QUERY })).data,
    blog: async (slug: string): Promise<BlogArticle> => (await api.get('/backend/api/ext/v1/resources/blogs/{slug}', { path: { slug } })).data,
    page: async (slug: string): Promise<InfoPage> => (await api.get('/backend/api/ext/v1/resources/pages/{slug}', { path: { slug } })).data,
    markets: async (): Promise<Market[]> => (await api.get('/api/store/stores')).data,
  };
}
