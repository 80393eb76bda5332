import crypto from 'node:crypto';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AccountType } from '../../db/schema/catalog.js';
import { AppError } from '../../errors.js';
import { type CatalogContext } from './catalog.service.js';
import { blogListQuerySchema, productFilterSchema, productQuerySchema, searchQuerySchema, slugParams } from './catalog.schema.js';

const RESOURCES = '/backend/api/ext/v1/resources';

/** X-ACCOUNT-TYPE (spec §6): `legal` picks the legal price list; anything else is `individual`. */
export function parseAccountType(header: string | string[] | undefined): AccountType {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return value === 'legal' ? 'legal' : 'individual';
}

const context = (request: FastifyRequest): CatalogContext => ({ lang: request.lang, account: parseAccountType(request.headers['x-account-type']) });

function wantsRelateds(query: z.infer<typeof productQuerySchema>): boolean {
  const values = [query['resources[]'], query.resources].flat().filter((v): v is string => typeof v === 'string');
  return values.some((v) => v.split(',').includes('relateds'));
}

/** A missing body counts as an empty filter: "all products". */
const filterBody = z.preprocess((v) => v ?? {}, productFilterSchema);

/** Spec §7 catalogue calls under /backend/api/ext/v1/resources, plus the short forms under /api. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog } = app.services;

  await app.register(async (ext) => {
    const key = app.config.catalogApiKey;
    if (key) {
      const expected = crypto.createHash('sha256').update(key).digest();
      ext.addHook('onRequest', async (request) => {
        const given = request.headers['x-api-key'];
        const digest = crypto.createHash('sha256').update(typeof given === 'string' ? given : '').digest();
        if (!crypto.timingSafeEqual(digest, expected)) throw new AppError('INVALID_API_KEY', 401);
      });
    }

    ext.get(`${RESOURCES}/categories`, async (request) => ({ data: await catalog.categoryTree(context(request)) }));
    ext.get(`${RESOURCES}/home`, async (request) => ({ data: await catalog.home(context(request)) }));
    ext.post<{ Body: z.infer<typeof filterBody> }>(`${RESOURCES}/products`, { schema: { body: filterBody } }, async (request) =>
      catalog.listProducts(request.body, context(request)),
    );
    ext.get<{ Querystring: z.infer<typeof searchQuerySchema> }>(`${RESOURCES}/products/search`, { schema: { querystring: searchQuerySchema } }, async (request) =>
      catalog.search(request.query.q, request.query.limit, context(request)),
    );
    ext.get<{ Params: z.infer<typeof slugParams>; Querystring: z.infer<typeof productQuerySchema> }>(
      `${RESOURCES}/product/:slug`,
      { schema: { params: slugParams, querystring: productQuerySchema } },
      async (request) => catalog.product(request.params.slug, context(request), wantsRelateds(request.query)),
    );
    ext.get(`${RESOURCES}/brands`, async (request) => ({ data: await catalog.brandList(context(request)) }));
    ext.get<{ Querystring: z.infer<typeof blogListQuerySchema> }>(`${RESOURCES}/blogs`, { schema: { querystring: blogListQuerySchema } }, async (request) =>
      catalog.blogList(request.query.page, request.query.per_page, request.lang),
    );
    ext.get<{ Params: z.infer<typeof slugParams> }>(`${RESOURCES}/blogs/:slug`, { schema: { params: slugParams } }, async (request) => ({
      data: await catalog.blog(request.params.slug, request.lang),
    }));
    ext.get<{ Params: z.infer<typeof slugParams> }>(`${RESOURCES}/pages/:slug`, { schema: { params: slugParams } }, async (request) => ({
      data: await catalog.page(request.params.slug, request.lang),
    }));
  });

  // Short forms (spec §7): the same answers, without the catalogue key.
  app.get('/api/categories', async (request) => ({ data: await catalog.categoryTree(context(request)) }));
  app.get<{ Params: z.infer<typeof slugParams>; Querystring: z.infer<typeof productQuerySchema> }>(
    '/api/product/:slug',
    { schema: { params: slugParams, querystring: productQuerySchema } },
    async (request) => catalog.product(request.params.slug, context(request), wantsRelateds(request.query)),
  );

  // Generated pictures are drawn on first request and then served from media storage.
  app.get<{ Params: { '*': string } }>('/media/catalog/*', async (request, reply) => {
    const picture = await catalog.picture(`catalog/${request.params['*']}`);
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(picture);
  });
}
