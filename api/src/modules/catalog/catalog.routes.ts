import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountTypeOf } from '../../http/access.js';
import { type CatalogContext } from './catalog.service.js';
import { blogListQuerySchema, productFilterSchema, productQuerySchema, searchQuerySchema, slugParams } from './catalog.schema.js';

const RESOURCES = '/backend/api/ext/v1/resources';

/** The language, and the price list this request may see (the session's, not X-ACCOUNT-TYPE's: http/access.ts). */
const context = async (request: FastifyRequest): Promise<CatalogContext> => ({ lang: request.lang, account: await accountTypeOf(request) });

function wantsRelateds(query: z.infer<typeof productQuerySchema>): boolean {
  const values = [query['resources[]'], query.resources].flat().filter((v): v is string => typeof v === 'string');
  return values.some((v) => v.split(',').includes('relateds'));
}

/** A missing body counts as an empty filter: "all products". */
const filterBody = z.preprocess((v) => v ?? {}, productFilterSchema);

/** Spec §7 catalogue calls under /backend/api/ext/v1/resources, plus the short forms under /api. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog } = app.services;

  const catalogue = { access: 'catalogue' } as const;
  app.get(`${RESOURCES}/categories`, { config: catalogue }, async (request) => ({ data: await catalog.categoryTree(await context(request)) }));
  app.get(`${RESOURCES}/home`, { config: catalogue }, async (request) => ({ data: await catalog.home(await context(request)) }));
  app.post<{ Body: z.infer<typeof filterBody> }>(`${RESOURCES}/products`, { config: catalogue, schema: { body: filterBody } }, async (request) =>
    catalog.listProducts(request.body, await context(request)),
  );
  app.get<{ Querystring: z.infer<typeof searchQuerySchema> }>(
    `${RESOURCES}/products/search`,
    { config: catalogue, schema: { querystring: searchQuerySchema } },
    async (request) => catalog.search(request.query.q, request.query.limit, await context(request)),
  );
  app.get<{ Params: z.infer<typeof slugParams>; Querystring: z.infer<typeof productQuerySchema> }>(
    `${RESOURCES}/product/:slug`,
    { config: catalogue, schema: { params: slugParams, querystring: productQuerySchema } },
    async (request) => catalog.product(request.params.slug, await context(request), wantsRelateds(request.query)),
  );
  app.get(`${RESOURCES}/brands`, { config: catalogue }, async (request) => ({ data: await catalog.brandList(await context(request)) }));
  app.get<{ Querystring: z.infer<typeof blogListQuerySchema> }>(
    `${RESOURCES}/blogs`,
    { config: catalogue, schema: { querystring: blogListQuerySchema } },
    async (request) => catalog.blogList(request.query.page, request.query.per_page, request.lang),
  );
  app.get<{ Params: z.infer<typeof slugParams> }>(`${RESOURCES}/blogs/:slug`, { config: catalogue, schema: { params: slugParams } }, async (request) => ({
    data: await catalog.blog(request.params.slug, request.lang),
  }));
  app.get<{ Params: z.infer<typeof slugParams> }>(`${RESOURCES}/pages/:slug`, { config: catalogue, schema: { params: slugParams } }, async (request) => ({
    data: await catalog.page(request.params.slug, request.lang),
  }));

  // Short forms (spec §7): the same answers, without the catalogue key.
  app.get('/api/categories', { config: { access: 'public' } }, async (request) => ({ data: await catalog.categoryTree(await context(request)) }));
  app.get<{ Params: z.infer<typeof slugParams>; Querystring: z.infer<typeof productQuerySchema> }>(
    '/api/product/:slug',
    { config: { access: 'public' }, schema: { params: slugParams, querystring: productQuerySchema } },
    async (request) => catalog.product(request.params.slug, await context(request), wantsRelateds(request.query)),
  );

  // Generated pictures are drawn on first request and then served from media storage.
  app.get<{ Params: { '*': string } }>('/media/catalog/*', { config: { access: 'public' } }, async (request, reply) => {
    const picture = await catalog.picture(`catalog/${request.params['*']}`);
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(picture);
  });
}
