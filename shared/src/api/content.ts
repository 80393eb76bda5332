// Brands, blogs, information pages and the stores (docs/api.md "Content"). Imported by subpath
// (`@bozor/shared/api/content`): bundled into the remote that uses it, stateless, type-only imports.
import type { Answer, ApiCalls } from './client';

// The answers as the contract types them: names for what the pages hand each other.
export type Brand = Answer<'/backend/api/ext/v1/resources/brands', 'get'>['data'][number];
export type BlogSummary = Answer<'/backend/api/ext/v1/resources/blogs', 'get'>['data'][number];
export type BlogArticle = Answer<'/backend/api/ext/v1/resources/blogs/{slug}', 'get'>['data'];
export type InfoPage = Answer<'/backend/api/ext/v1/resources/pages/{slug}', 'get'>['data'];
/** A store as the markets page reads it, looser than the contract's: one without a map pin or a landmark is listed without them. */
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
