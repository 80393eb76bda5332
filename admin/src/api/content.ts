// The back office's content and settings calls (docs/api.md: categories, brands, slides, posts, pages,
// stores, delivery) and their answers, typed from the contract the API generates. A 401 ends the session
// as on every other call; pictures go up as multipart (`picture`).
import { ApiError, createApiClient, $language, type Lang } from '@bozor/shared';
import type { paths } from '@bozor/shared/api/openapi';
import { $token, endSession } from '../auth/session';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON answer (200 or 201) of one route. */
type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R } ? (R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : never) : never;

export type Localized = Record<Lang, string>;
export const LANGS = ['uz', 'ru', 'en'] as const satisfies readonly Lang[];

export type AdminCategory = Ok<'/api/admin/categories', 'get'>['data'][number];
export type AdminBrand = Ok<'/api/admin/brands', 'get'>['data'][number];
export type AdminSlide = Ok<'/api/admin/slides', 'get'>['data'][number];
export type SlideState = AdminSlide['state'];
export type PostRow = Ok<'/api/admin/posts', 'get'>['data'][number];
export type AdminPost = Ok<'/api/admin/posts/{id}', 'get'>['post'];
export type PageRow = Ok<'/api/admin/pages', 'get'>['data'][number];
export type AdminPage = Ok<'/api/admin/pages/{slug}', 'get'>['page'];
export type AdminStore = Ok<'/api/admin/stores', 'get'>['data'][number];
export type AdminDelivery = Ok<'/api/admin/delivery', 'get'>['delivery'];
export type AdminRegion = AdminDelivery['regions'][number];

export interface SlideBody {
  title: Localized;
  subtitle: Localized | null;
  link: string;
  active: boolean;
  starts_at: string | null;
  ends_at: string | null;
}
export interface ArticleBody {
  title: Localized;
  body: Localized;
}
export interface PostBody extends ArticleBody {
  slug: string;
  excerpt: Localized;
}
export interface StoreBody {
  name: Localized;
  address: Localized;
  landmark: Localized | null;
  hours: Localized;
  phone: string;
  lat: number;
  lng: number;
}
export interface RegionBody {
  name: Localized;
  cities: { slug: string; name: Localized }[];
  base_fee: number;
  base_weight_g: number;
  per_kg_fee: number;
  days: string;
  express_available: boolean;
  /** False: the shop does not deliver there now (not for the default region). */
  active: boolean;
}
export interface DeliveryBody {
  delivery_sum: number;
  free_delivery_threshold: number;
  express_note: Localized;
  pickup_note: Localized;
}

export function createContentApi(options: { getToken: () => string; getLang: () => Lang; onUnauthorized: () => void; fetch?: typeof fetch }) {
  const { request } = createApiClient({ getLang: options.getLang, getToken: options.getToken, getAccountType: () => 'individual', fetch: options.fetch });
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    try {
      return await request<T>(method, path, { body });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) options.onUnauthorized();
      throw err;
    }
  }
  const upload = <T>(path: string, file: File) => {
    const form = new FormData();
    form.append('picture', file);
    return call<T>('PUT', path, form);
  };
  const enc = encodeURIComponent;

  return {
    categories: () => call<{ data: AdminCategory[] }>('GET', '/api/admin/categories'),
    addCategory: (body: { slug: string; parent_id: number | null; name: Localized }) => call<{ category: AdminCategory }>('POST', '/api/admin/categories', body),
    updateCategory: (id: number, body: { slug?: string; name?: Localized; description?: Localized | null }) => call<{ category: AdminCategory }>('PATCH', `/api/admin/categories/${id}`, body),
    moveCategory: (id: number, parent_id: number | null, position: number) => call<{ data: AdminCategory[] }>('POST', `/api/admin/categories/${id}/move`, { parent_id, position }),
    categoryPicture: (id: number, file: File) => upload<{ category: AdminCategory }>(`/api/admin/categories/${id}/picture`, file),
    deleteCategory: (id: number) => call<{ deleted: true }>('DELETE', `/api/admin/categories/${id}`),

    brands: () => call<{ data: AdminBrand[] }>('GET', '/api/admin/brands'),
    addBrand: (body: { slug: string; name: string }) => call<{ brand: AdminBrand }>('POST', '/api/admin/brands', body),
    updateBrand: (id: number, body: { slug?: string; name?: string }) => call<{ brand: AdminBrand }>('PATCH', `/api/admin/brands/${id}`, body),
    brandLogo: (id: number, file: File) => upload<{ brand: AdminBrand }>(`/api/admin/brands/${id}/logo`, file),

    slides: () => call<{ data: AdminSlide[] }>('GET', '/api/admin/slides'),
    addSlide: (body: SlideBody) => call<{ slide: AdminSlide }>('POST', '/api/admin/slides', body),
    updateSlide: (id: number, body: Partial<SlideBody>) => call<{ slide: AdminSlide }>('PATCH', `/api/admin/slides/${id}`, body),
    slidePicture: (id: number, file: File) => upload<{ slide: AdminSlide }>(`/api/admin/slides/${id}/picture`, file),
    orderSlides: (ids: number[]) => call<{ data: AdminSlide[] }>('PUT', '/api/admin/slides/order', { ids }),
    deleteSlide: (id: number) => call<{ deleted: true }>('DELETE', `/api/admin/slides/${id}`),

    posts: () => call<{ data: PostRow[] }>('GET', '/api/admin/posts'),
    post: (id: number) => call<{ post: AdminPost }>('GET', `/api/admin/posts/${id}`),
    addPost: (body: PostBody) => call<{ post: AdminPost }>('POST', '/api/admin/posts', body),
    updatePost: (id: number, body: Partial<PostBody>) => call<{ post: AdminPost }>('PATCH', `/api/admin/posts/${id}`, body),
    publishPost: (id: number, publish: boolean) => call<{ post: AdminPost }>('POST', `/api/admin/posts/${id}/${publish ? 'publish' : 'unpublish'}`),
    postCover: (id: number, file: File) => upload<{ post: AdminPost }>(`/api/admin/posts/${id}/cover`, file),
    deletePost: (id: number) => call<{ deleted: true }>('DELETE', `/api/admin/posts/${id}`),

    pages: () => call<{ data: PageRow[] }>('GET', '/api/admin/pages'),
    page: (slug: string) => call<{ page: AdminPage }>('GET', `/api/admin/pages/${enc(slug)}`),
    updatePage: (slug: string, body: Partial<ArticleBody>) => call<{ page: AdminPage }>('PATCH', `/api/admin/pages/${enc(slug)}`, body),
    publishPage: (slug: string, publish: boolean) => call<{ page: AdminPage }>('POST', `/api/admin/pages/${enc(slug)}/${publish ? 'publish' : 'unpublish'}`),

    stores: () => call<{ data: AdminStore[] }>('GET', '/api/admin/stores'),
    updateStore: (id: number, body: Partial<StoreBody>) => call<{ store: AdminStore }>('PATCH', `/api/admin/stores/${id}`, body),

    delivery: () => call<{ delivery: AdminDelivery }>('GET', '/api/admin/delivery'),
    updateDelivery: (body: Partial<DeliveryBody>) => call<{ delivery: AdminDelivery }>('PATCH', '/api/admin/delivery', body),
    addRegion: (body: RegionBody & { slug: string }) => call<{ delivery: AdminDelivery }>('POST', '/api/admin/delivery/regions', body),
    updateRegion: (slug: string, body: Partial<RegionBody>) => call<{ delivery: AdminDelivery }>('PATCH', `/api/admin/delivery/regions/${enc(slug)}`, body),
    deleteRegion: (slug: string) => call<{ delivery: AdminDelivery }>('DELETE', `/api/admin/delivery/regions/${enc(slug)}`),
    orderRegions: (slugs: string[]) => call<{ delivery: AdminDelivery }>('PUT', '/api/admin/delivery/regions/order', { slugs }),
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

/** The page's content client: the session's token, the chosen language, a 401 ends the session. */
export const contentApi = createContentApi({ getToken: () => $token.get(), getLang: () => $language.get(), onUnauthorized: endSession });
