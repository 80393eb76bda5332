// The back office's content and settings calls (docs/api.md: categories, brands, slides, posts, pages,
// stores, delivery), part of the one admin client (client.ts). Pictures go up as multipart (`picture`),
// through the same form as the products' pictures (filesForm).
import type { ApiCalls, Body } from '@bozor/shared';
import { filesForm } from './outgoing';

/** The one picture of a category, brand, slide or post, in the field the routes read (`picture`). */
const picture = (file: File) => filesForm('picture', [file]);

export function contentCalls(api: ApiCalls) {
  return {
    categories: () => api.get('/api/admin/categories'),
    addCategory: (body: Body<'/api/admin/categories', 'post'>) => api.post('/api/admin/categories', { body }),
    updateCategory: (id: number, body: Body<'/api/admin/categories/{id}', 'patch'>) => api.patch('/api/admin/categories/{id}', { path: { id }, body }),
    moveCategory: (id: number, parent_id: number | null, position: number) => api.post('/api/admin/categories/{id}/move', { path: { id }, body: { parent_id, position } }),
    categoryPicture: (id: number, file: File) => api.put('/api/admin/categories/{id}/picture', { path: { id }, body: picture(file) }),
    deleteCategory: (id: number) => api.delete('/api/admin/categories/{id}', { path: { id } }),

    brands: () => api.get('/api/admin/brands'),
    addBrand: (body: Body<'/api/admin/brands', 'post'>) => api.post('/api/admin/brands', { body }),
    updateBrand: (id: number, body: Body<'/api/admin/brands/{id}', 'patch'>) => api.patch('/api/admin/brands/{id}', { path: { id }, body }),
    brandLogo: (id: number, file: File) => api.put('/api/admin/brands/{id}/logo', { path: { id }, body: picture(file) }),

    slides: () => api.get('/api/admin/slides'),
    addSlide: (body: Body<'/api/admin/slides', 'post'>) => api.post('/api/admin/slides', { body }),
    updateSlide: (id: number, body: Body<'/api/admin/slides/{id}', 'patch'>) => api.patch('/api/admin/slides/{id}', { path: { id }, body }),
    slidePicture: (id: number, file: File) => api.put('/api/admin/slides/{id}/picture', { path: { id }, body: picture(file) }),
    orderSlides: (ids: number[]) => api.put('/api/admin/slides/order', { body: { ids } }),
    deleteSlide: (id: number) => api.delete('/api/admin/slides/{id}', { path: { id } }),

    posts: () => api.get('/api/admin/posts'),
    post: (id: number) => api.get('/api/admin/posts/{id}', { path: { id } }),
    addPost: (body: Body<'/api/admin/posts', 'post'>) => api.post('/api/admin/posts', { body }),
    updatePost: (id: number, body: Body<'/api/admin/posts/{id}', 'patch'>) => api.patch('/api/admin/posts/{id}', { path: { id }, body }),
    publishPost: (id: number, publish: boolean) =>
      publish ? api.post('/api/admin/posts/{id}/publish', { path: { id } }) : api.post('/api/admin/posts/{id}/unpublish', { path: { id } }),
    postCover: (id: number, file: File) => api.put('/api/admin/posts/{id}/cover', { path: { id }, body: picture(file) }),
    deletePost: (id: number) => api.delete('/api/admin/posts/{id}', { path: { id } }),

    pages: () => api.get('/api/admin/pages'),
    page: (slug: string) => api.get('/api/admin/pages/{slug}', { path: { slug } }),
    updatePage: (slug: string, body: Body<'/api/admin/pages/{slug}', 'patch'>) => api.patch('/api/admin/pages/{slug}', { path: { slug }, body }),
    publishPage: (slug: string, publish: boolean) =>
      publish ? api.post('/api/admin/pages/{slug}/publish', { path: { slug } }) : api.post('/api/admin/pages/{slug}/unpublish', { path: { slug } }),

    /** The stores with everything staff edit (the pickers read the shop's own list: `stores`). */
    adminStores: () => api.get('/api/admin/stores'),
    updateStore: (id: number, body: Body<'/api/admin/stores/{id}', 'patch'>) => api.patch('/api/admin/stores/{id}', { path: { id }, body }),

    delivery: () => api.get('/api/admin/delivery'),
    updateDelivery: (body: Body<'/api/admin/delivery', 'patch'>) => api.patch('/api/admin/delivery', { body }),
    addRegion: (body: Body<'/api/admin/delivery/regions', 'post'>) => api.post('/api/admin/delivery/regions', { body }),
    updateRegion: (slug: string, body: Body<'/api/admin/delivery/regions/{slug}', 'patch'>) => api.patch('/api/admin/delivery/regions/{slug}', { path: { slug }, body }),
    deleteRegion: (slug: string) => api.delete('/api/admin/delivery/regions/{slug}', { path: { slug } }),
    orderRegions: (slugs: string[]) => api.put('/api/admin/delivery/regions/order', { body: { slugs } }),
  };
}
