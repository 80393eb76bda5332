// Brands, blogs, information pages and the stores (docs/api.md "Content"). Imported by subpath
// (`@bozor/shared/api/content`): bundled into the remote that uses it, stateless, type-only imports.
import type { Answer, ApiRequester } from './client';

const CATALOG = '/backend/api/ext/v1/resources';

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
 * Where each content call asks (GET): the calls below, and the server's render of the same pages
 * (mf-catalog src/ssr.tsx), which must ask the same to give the page its answer.
 */
export const contentPaths = {
  brands: `${CATALOG}/brands`,
  blogs: `${CATALOG}/blogs?per_page=50`,
  blog: (slug: string) => `${CATALOG}/blogs/${encodeURIComponent(slug)}`,
  page: (slug: string) => `${CATALOG}/pages/${encodeURIComponent(slug)}`,
  markets: '/api/store/stores',
};

/** The content calls over the page's one client (`contentApi(getApi())`). */
export function contentApi(api: ApiRequester) {
  // Each answer's `data` as the contract types it (`Answer`): an interface here that drifts from the API no longer compiles.
  const data = async <T>(path: string): Promise<T> => (await api.request<{ data: T }>('GET', path)).data;
  return {
    brands: (): Promise<Brand[]> => data<Answer<'/backend/api/ext/v1/resources/brands', 'get'>['data']>(contentPaths.brands),
    blogs: (): Promise<BlogSummary[]> => data<Answer<'/backend/api/ext/v1/resources/blogs', 'get'>['data']>(contentPaths.blogs),
    blog: (slug: string): Promise<BlogArticle> => data<Answer<'/backend/api/ext/v1/resources/blogs/{slug}', 'get'>['data']>(contentPaths.blog(slug)),
    page: (slug: string): Promise<InfoPage> => data<Answer<'/backend/api/ext/v1/resources/pages/{slug}', 'get'>['data']>(contentPaths.page(slug)),
    markets: (): Promise<Market[]> => data<Answer<'/api/store/stores', 'get'>['data']>(contentPaths.markets),
  };
}
