import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountTypeOf } from '../../http/access.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { type CatalogContext } from './catalog.service.js';
import { openMedia, sendMedia } from '../media/index.js';
import { MEDIA_CACHE_CONTROL } from '../../providers/media/media.js';
import {
  blogAnswer,
  blogListAnswer,
  blogListQuerySchema,
  brandsAnswer,
  cardsAnswer,
  cardsQuerySchema,
  categoriesAnswer,
  homeAnswer,
  pageAnswer,
  productAnswer,
  productFilterSchema,
  productListAnswer,
  productQuerySchema,
  searchAnswer,
  searchQuerySchema,
  slugParams,
} from './catalog.schema.js';

const RESOURCES = '/backend/api/ext/v1/resources';

/** The language, and the price list this request may see (the session's, not X-ACCOUNT-TYPE's: http/access.ts). */
const context = async (request: FastifyRequest): Promise<CatalogContext> => ({ lang: request.lang, account: await accountTypeOf(request) });

function wantsRelateds(query: z.infer<typeof productQuerySchema>): boolean {
  const values = [query['resources[]'], query.resources].flat().filter((v): v is string => typeof v === 'string');
  return values.some((v) => v.split(',').includes('relateds'));
}

/** A missing body counts as an empty filter: "all products". */
const filterBody = z.preprocess((v) => v ?? {}, productFilterSchema);

const CATEGORIES = 'The category tree with product counts (a parent counts its children’s products).';
const PRODUCT = 'The product page; `relateds` only with `resources[]=relateds`. Hidden products (and wholesale-only ones for an individual) are 404.';

/** The catalogue calls (docs/product.md "API calls of the storefront") under /backend/api/ext/v1/resources, plus the short forms under /api. */
export async function catalogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;

  const catalogue = (summary: string) => ({ access: 'catalogue', summary }) as const;
  app.get(`${RESOURCES}/categories`, { config: catalogue(CATEGORIES), schema: { response: { 200: categoriesAnswer } } }, async (request) => ({
    data: await catalog.categoryTree(await context(request)),
  }));
  app.get(
    `${RESOURCES}/home`,
    { config: catalogue('Everything the home page needs: slides, categories, three product sections, brands, the latest posts.'), schema: { response: { 200: homeAnswer } } },
    async (request) => ({ data: await catalog.home(await context(request)) }),
  );
  app.post(
    `${RESOURCES}/products`,
    {
      config: catalogue('Filtered, sorted product cards with facets (each facet counts with the other filters). A missing body means all products.'),
      schema: { body: filterBody, response: { 200: productListAnswer } },
    },
    async (request) => catalog.listProducts(request.body, await context(request)),
  );
  app.get(
    `${RESOURCES}/products/search`,
    { config: catalogue('The search box: matching products, categories and brands.'), schema: { querystring: searchQuerySchema, response: { 200: searchAnswer } } },
    async (request) => catalog.search(request.query.q, request.query.limit, await context(request)),
  );
  app.get(
    `${RESOURCES}/product/:slug`,
    { config: catalogue(PRODUCT), schema: { params: slugParams, querystring: productQuerySchema, response: { 200: productAnswer } } },
    async (request) => catalog.product(request.params.slug, await context(request), wantsRelateds(request.query)),
  );
  app.get(`${RESOURCES}/brands`, { config: catalogue('Every brand with its count of visible products.'), schema: { response: { 200: brandsAnswer } } }, async (request) => ({
    data: await catalog.brandList(await context(request)),
  }));
  app.get(
    `${RESOURCES}/blogs`,
    { config: catalogue('Blog posts, newest first.'), schema: { querystring: blogListQuerySchema, response: { 200: blogListAnswer } } },
    async (request) => catalog.blogList(request.query.page, request.query.per_page, request.lang),
  );
  app.get(
    `${RESOURCES}/blogs/:slug`,
    { config: catalogue('One blog post; `body` is sanitised HTML.'), schema: { params: slugParams, response: { 200: blogAnswer } } },
    async (request) => ({ data: await catalog.blog(request.params.slug, request.lang) }),
  );
  app.get(
    `${RESOURCES}/pages/:slug`,
    { config: catalogue('An information page (about, contacts, delivery, how-to-buy, return, public-offer).'), schema: { params: slugParams, response: { 200: pageAnswer } } },
    async (request) => ({ data: await catalog.page(request.params.slug, request.lang) }),
  );

  // Short forms (docs/product.md "API calls of the storefront"): the same answers, without the catalogue key.
  app.get('/api/categories', { config: { access: 'public', summary: CATEGORIES }, schema: { response: { 200: categoriesAnswer } } }, async (request) => ({
    data: await catalog.categoryTree(await context(request)),
  }));
  app.get(
    '/api/product/:slug',
    { config: { access: 'public', summary: PRODUCT }, schema: { params: slugParams, querystring: productQuerySchema, response: { 200: productAnswer } } },
    async (request) => catalog.product(request.params.slug, await context(request), wantsRelateds(request.query)),
  );

  app.get(
    '/api/products/cards',
    {
      config: {
        access: 'public',
        summary: 'Product cards by id (`ids=3,1,2`, at most 100), in the order asked, priced like the listing; unknown and hidden products are left out.',
      },
      schema: { querystring: cardsQuerySchema, response: { 200: cardsAnswer } },
    },
    async (request) => ({ data: await catalog.cards(request.query.ids, await context(request)) }),
  );

  // Generated pictures are drawn on first request and then served from media storage.
  app.get<{ Params: { '*': string } }>('/media/catalog/*', { config: { access: 'public', summary: 'A catalogue picture (image/webp), drawn on its first request.' } }, async (request, reply) => {
    const key = `catalog/${request.params['*']}`;
    const stored = await openMedia(request, app.providers.media, key);
    if (stored) return sendMedia(request, reply, stored);
    const picture = await catalog.picture(key);
    return reply.type('image/webp').header('cache-control', MEDIA_CACHE_CONTROL).send(picture);
  });
}
