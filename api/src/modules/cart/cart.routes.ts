import { type FastifyInstance } from 'fastify';
import { accountTypeOf } from '../../http/access.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { requireUser } from '../../http/auth.js';
import { cartAnswer, cartBodySchema, cartCheckAnswer } from './cart.schema.js';

/** docs/product.md "API calls of the storefront": GET/POST /api/profile/cart (token), and POST /api/cart/check for guest carts. */
export async function cartRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { cart } = app.services;

  // The answer is the list of cart items itself (docs/product.md "API calls of the storefront"), as the storefront's cart schema expects.
  app.get(
    '/api/profile/cart',
    { config: { access: 'customer', summary: 'The stored cart, priced and checked against stock now (the list itself).' }, schema: { response: { 200: cartAnswer } } },
    async (request) => {
      const auth = await requireUser(request);
      return cart.get(auth, request.lang);
    },
  );

  app.post(
    '/api/profile/cart',
    {
      config: { access: 'customer', summary: 'Replaces the stored cart with the normalised lines and answers them (the list itself).' },
      schema: { body: cartBodySchema, response: { 200: cartAnswer } },
    },
    async (request) => {
      const auth = await requireUser(request);
      return cart.replace(auth, request.body.cart_data, request.lang);
    },
  );

  app.post(
    '/api/cart/check',
    {
      config: { access: 'public', summary: "A guest cart checked by the same rules, nothing stored; `changes` says what the server changed." },
      schema: { body: cartBodySchema, response: { 200: cartCheckAnswer } },
    },
    async (request) => cart.check(request.body.cart_data, await accountTypeOf(request), request.lang),
  );
}
