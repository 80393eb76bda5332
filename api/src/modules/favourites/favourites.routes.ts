import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { type AuthContext } from '../auth/index.js';
import { type CatalogContext } from '../catalog/index.js';
import {
  favouriteAnswer,
  favouriteBody,
  favouriteParams,
  favouriteRemovedAnswer,
  favouritesAnswer,
  favouritesMergeBody,
} from './favourites.schema.js';

/** The signed-in shopper, and the catalogue as they see it (their language and price list). */
async function shopper(request: FastifyRequest): Promise<{ auth: AuthContext; ctx: CatalogContext }> {
  const auth = await requireUser(request);
  return { auth, ctx: { lang: request.lang, account: auth.customer.userType } };
}

/** Favourites: GET/POST /api/profile/favourites, DELETE …/:productId, POST …/merge (the signed-in shopper's own). */
export async function favouriteRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { favourites } = app.services;

  app.get(
    '/api/profile/favourites',
    {
      config: { access: 'customer', summary: 'The caller’s favourites as product cards, newest first; hidden products are left out.' },
      schema: { response: { 200: favouritesAnswer } },
    },
    async (request) => {
      const { auth, ctx } = await shopper(request);
      return { data: await favourites.list(auth, ctx) };
    },
  );

  app.post(
    '/api/profile/favourites',
    {
      config: { access: 'customer', summary: 'Adds a product to the favourites. Idempotent: adding it again keeps its place.' },
      schema: { body: favouriteBody, response: { 200: favouriteAnswer } },
    },
    async (request) => {
      const { auth, ctx } = await shopper(request);
      return { data: await favourites.add(auth, request.body.product_id, ctx) };
    },
  );

  app.post(
    '/api/profile/favourites/merge',
    {
      config: {
        access: 'customer',
        summary: 'Adds a guest’s favourites (sent at sign-in, newest first) to the account’s and answers the whole list. Idempotent; gone or hidden products are skipped.',
      },
      schema: { body: favouritesMergeBody, response: { 200: favouritesAnswer } },
    },
    async (request) => {
      const { auth, ctx } = await shopper(request);
      return { data: await favourites.merge(auth, request.body.product_ids, ctx) };
    },
  );

  app.delete(
    '/api/profile/favourites/:productId',
    {
      config: { access: 'customer', summary: 'Removes a product from the favourites; idempotent.' },
      schema: { params: favouriteParams, response: { 200: favouriteRemovedAnswer } },
    },
    async (request) => {
      const { auth } = await shopper(request);
      await favourites.remove(auth, request.params.productId);
      return { deleted: true as const };
    },
  );
}
