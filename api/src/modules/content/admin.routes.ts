import { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from '../../http/contract.js';
import { requireStaff } from '../../http/staff-auth.js';
import {
  brandAnswer,
  brandCreate,
  brandPatch,
  brandsList,
  categoriesList,
  categoryAnswer,
  categoryCreate,
  categoryMove,
  categoryPatch,
  deletedAnswer,
  deliveryAnswer,
  deliverySettingsPatch,
  idParams,
  pageAnswer,
  pagePatch,
  pagesList,
  postAnswer,
  postCreate,
  postPatch,
  postsList,
  regionCreate,
  regionOrder,
  regionPatch,
  slideAnswer,
  slideCreate,
  slideOrder,
  slidePatch,
  slidesList,
  slugParams,
  storeAnswer,
  storePatch,
  storesList,
} from './admin.schema.js';
import { readPicture } from './picture.js';

/** Who runs the catalogue's content and the shop's settings. */
export const CONTENT_ROLES = ['owner', 'manager'] as const;

const PICTURE = 'multipart/form-data, one JPEG, PNG or WebP in the field `picture` (5 MB, 40 Mpx at most; SVG and HTML are refused); stored re-encoded as WebP.';

/** The back office's content and settings (docs/back-office.md "Content and settings"): owner and manager. */
export async function adminContentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { adminContent: content } = app.services;
  const staff = (summary?: string) => ({ access: 'staff', roles: CONTENT_ROLES, ...(summary ? { summary } : {}) }) as const;

  // ---- categories
  app.get('/api/admin/categories', { config: staff('Every category with its three languages, parents before children, siblings in order.'), schema: { response: { 200: categoriesList } } }, async () =>
    content.listCategories(),
  );
  app.post('/api/admin/categories', { config: staff('Adds a category (last among its siblings).'), schema: { body: categoryCreate, response: { 201: categoryAnswer } } }, async (request, reply) =>
    reply.status(201).send(await content.createCategory(await requireStaff(request), request.body)),
  );
  app.patch('/api/admin/categories/:id', { config: staff('Renames a category (three languages), its slug or description.'), schema: { params: idParams, body: categoryPatch, response: { 200: categoryAnswer } } }, async (request) =>
    content.updateCategory(await requireStaff(request), request.params.id, request.body),
  );
  app.post(
    '/api/admin/categories/:id/move',
    {
      config: staff('Moves a category under another (or to the top) at a position among its siblings; 422 `parent_id` for a move into itself or its own subcategory. Answers the whole tree.'),
      schema: { params: idParams, body: categoryMove, response: { 200: categoriesList } },
    },
    async (request) => content.moveCategory(await requireStaff(request), request.params.id, request.body),
  );
  app.put('/api/admin/categories/:id/picture', { config: staff(`The category's picture: ${PICTURE}`), schema: { params: idParams, response: { 200: categoryAnswer } } }, async (request) => {
    const ctx = await requireStaff(request);
    return content.categoryPicture(ctx, request.params.id, await readPicture(request));
  });
  app.delete(
    '/api/admin/categories/:id',
    { config: staff('Deletes an empty category; 409 CATEGORY_HAS_PRODUCTS or CATEGORY_HAS_CHILDREN otherwise.'), schema: { params: idParams, response: { 200: deletedAnswer } } },
    async (request) => {
      await content.deleteCategory(await requireStaff(request), request.params.id, request.lang);
      return { deleted: true as const };
    },
  );

  // ---- brands
  app.get('/api/admin/brands', { config: staff('Every brand with its number of products.'), schema: { response: { 200: brandsList } } }, async () => content.listBrands());
  app.post('/api/admin/brands', { config: staff('Adds a brand.'), schema: { body: brandCreate, response: { 201: brandAnswer } } }, async (request, reply) =>
    reply.status(201).send(await content.createBrand(await requireStaff(request), request.body)),
  );
  app.patch('/api/admin/brands/:id', { config: staff('Renames a brand or changes its slug.'), schema: { params: idParams, body: brandPatch, response: { 200: brandAnswer } } }, async (request) =>
    content.updateBrand(await requireStaff(request), request.params.id, request.body),
  );
  app.put('/api/admin/brands/:id/logo', { config: staff(`The brand's logo: ${PICTURE}`), schema: { params: idParams, response: { 200: brandAnswer } } }, async (request) => {
    const ctx = await requireStaff(request);
    return content.brandLogo(ctx, request.params.id, await readPicture(request));
  });

  // ---- slides
  app.get('/api/admin/slides', { config: staff('Every home banner in its order, with what the shop does with it now (`state`).'), schema: { response: { 200: slidesList } } }, async () =>
    content.listSlides(),
  );
  app.post('/api/admin/slides', { config: staff('Adds a banner (last); the shop shows it once it has a picture.'), schema: { body: slideCreate, response: { 201: slideAnswer } } }, async (request, reply) =>
    reply.status(201).send(await content.createSlide(await requireStaff(request), request.body)),
  );
  app.put('/api/admin/slides/order', { config: staff('Sets the banners’ order: every id once, first to last.'), schema: { body: slideOrder, response: { 200: slidesList } } }, async (request) =>
    content.orderSlides(await requireStaff(request), request.body.ids),
  );
  app.patch(
    '/api/admin/slides/:id',
    { config: staff('Changes a banner: texts, link, on/off, shown from/to.'), schema: { params: idParams, body: slidePatch, response: { 200: slideAnswer } } },
    async (request) => content.updateSlide(await requireStaff(request), request.params.id, request.body),
  );
  app.put('/api/admin/slides/:id/picture', { config: staff(`The banner's picture: ${PICTURE}`), schema: { params: idParams, response: { 200: slideAnswer } } }, async (request) => {
    const ctx = await requireStaff(request);
    return content.slidePicture(ctx, request.params.id, await readPicture(request));
  });
  app.delete('/api/admin/slides/:id', { config: staff('Deletes a banner.'), schema: { params: idParams, response: { 200: deletedAnswer } } }, async (request) => {
    await content.deleteSlide(await requireStaff(request), request.params.id);
    return { deleted: true as const };
  });

  // ---- blog posts
  app.get('/api/admin/posts', { config: staff('Blog posts, drafts first, then newest published.'), schema: { response: { 200: postsList } } }, async () => content.listPosts());
  app.post(
    '/api/admin/posts',
    { config: staff('Adds a blog post as a draft; `body` is sanitised HTML (docs/back-office.md lists the tags kept).'), schema: { body: postCreate, response: { 201: postAnswer } } },
    async (request, reply) => reply.status(201).send(await content.createPost(await requireStaff(request), request.body)),
  );
  app.get('/api/admin/posts/:id', { config: staff(), schema: { params: idParams, response: { 200: postAnswer } } }, async (request) => content.post(request.params.id));
  app.patch('/api/admin/posts/:id', { config: staff('Edits a post; `body` is sanitised again.'), schema: { params: idParams, body: postPatch, response: { 200: postAnswer } } }, async (request) =>
    content.updatePost(await requireStaff(request), request.params.id, request.body),
  );
  app.post('/api/admin/posts/:id/publish', { config: staff('Publishes a post now (the shop lists it first).'), schema: { params: idParams, response: { 200: postAnswer } } }, async (request) =>
    content.publishPost(await requireStaff(request), request.params.id, true),
  );
  app.post('/api/admin/posts/:id/unpublish', { config: staff('Takes a post back to a draft (404 in the shop).'), schema: { params: idParams, response: { 200: postAnswer } } }, async (request) =>
    content.publishPost(await requireStaff(request), request.params.id, false),
  );
  app.put('/api/admin/posts/:id/cover', { config: staff(`The post's cover: ${PICTURE}`), schema: { params: idParams, response: { 200: postAnswer } } }, async (request) => {
    const ctx = await requireStaff(request);
    return content.postCover(ctx, request.params.id, await readPicture(request));
  });
  app.delete('/api/admin/posts/:id', { config: staff('Deletes a post.'), schema: { params: idParams, response: { 200: deletedAnswer } } }, async (request) => {
    await content.deletePost(await requireStaff(request), request.params.id);
    return { deleted: true as const };
  });

  // ---- information pages
  app.get('/api/admin/pages', { config: staff('The information pages of the shop’s footer (about, contacts, delivery, how-to-buy, return, public-offer): a fixed set, each with its route in the shop.'), schema: { response: { 200: pagesList } } }, async () => content.listPages());
  app.get('/api/admin/pages/:slug', { config: staff(), schema: { params: slugParams, response: { 200: pageAnswer } } }, async (request) => content.page(request.params.slug));
  app.patch('/api/admin/pages/:slug', { config: staff('Edits a page; `body` is sanitised again.'), schema: { params: slugParams, body: pagePatch, response: { 200: pageAnswer } } }, async (request) =>
    content.updatePage(await requireStaff(request), request.params.slug, request.body),
  );
  app.post('/api/admin/pages/:slug/publish', { config: staff('Shows the page in the shop.'), schema: { params: slugParams, response: { 200: pageAnswer } } }, async (request) =>
    content.updatePage(await requireStaff(request), request.params.slug, { published: true }),
  );
  app.post('/api/admin/pages/:slug/unpublish', { config: staff('Hides the page (404 in the shop).'), schema: { params: slugParams, response: { 200: pageAnswer } } }, async (request) =>
    content.updatePage(await requireStaff(request), request.params.slug, { published: false }),
  );

  // ---- stores
  app.get('/api/admin/stores', { config: staff('The stores with their texts in three languages.'), schema: { response: { 200: storesList } } }, async () => content.listStores());
  app.patch(
    '/api/admin/stores/:id',
    { config: staff('Changes a store: name, address, landmark, hours (three languages), phone, map pin (inside Uzbekistan).'), schema: { params: idParams, body: storePatch, response: { 200: storeAnswer } } },
    async (request) => content.updateStore(await requireStaff(request), request.params.id, request.body),
  );

  // ---- delivery
  app.get('/api/admin/delivery', { config: staff('Delivery settings and every region with its cities and tariff.'), schema: { response: { 200: deliveryAnswer } } }, async () => content.delivery());
  app.patch(
    '/api/admin/delivery',
    { config: staff('Changes the announced courier fee, the free-delivery threshold, the express and pickup notes.'), schema: { body: deliverySettingsPatch, response: { 200: deliveryAnswer } } },
    async (request) => content.updateDeliverySettings(await requireStaff(request), request.body),
  );
  app.post('/api/admin/delivery/regions', { config: staff('Adds a delivery region (last).'), schema: { body: regionCreate, response: { 201: deliveryAnswer } } }, async (request, reply) =>
    reply.status(201).send(await content.createRegion(await requireStaff(request), request.body)),
  );
  app.put('/api/admin/delivery/regions/order', { config: staff('Sets the regions’ order: every slug once.'), schema: { body: regionOrder, response: { 200: deliveryAnswer } } }, async (request) =>
    content.orderRegions(await requireStaff(request), request.body.slugs),
  );
  app.patch(
    '/api/admin/delivery/regions/:slug',
    {
      config: staff('Changes a region: names, cities, tariff (base fee for the base weight, per further kg), days, express, and whether the shop delivers there (`active`; 409 REGION_IS_DEFAULT for the default region).'),
      schema: { params: slugParams, body: regionPatch, response: { 200: deliveryAnswer } },
    },
    async (request) => content.updateRegion(await requireStaff(request), request.params.slug, request.body, request.lang),
  );
  app.delete(
    '/api/admin/delivery/regions/:slug',
    {
      config: staff('Deletes a region no order went to; 409 REGION_HAS_ORDERS or REGION_IS_DEFAULT otherwise.'),
      schema: { params: slugParams, response: { 200: deliveryAnswer } },
    },
    async (request) => content.deleteRegion(await requireStaff(request), request.params.slug, request.lang),
  );
}
