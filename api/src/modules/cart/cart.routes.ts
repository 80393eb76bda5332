import { type FastifyInstance } from 'fastify';
import { accountTypeOf } from '../../http/access.js';
import { requireUser } from '../../http/auth.js';
import { type CartBody, cartBodySchema } from './cart.schema.js';

/** Spec §7: GET/POST /api/profile/cart (token), and POST /api/cart/check for guest carts. */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const { cart } = app.services;

  // The answer is the list of cart items itself (spec §7), as the storefront's cart schema expects.
  app.get('/api/profile/cart', { config: { access: 'customer' } }, async (request) => {
    const auth = await requireUser(request);
    return cart.get(auth, request.lang);
  });

  app.post<{ Body: CartBody }>('/api/profile/cart', { config: { access: 'customer' }, schema: { body: cartBodySchema } }, async (request) => {
    const auth = await requireUser(request);
    return cart.replace(auth, request.body.cart_data, request.lang);
  });

  app.post<{ Body: CartBody }>('/api/cart/check', { config: { access: 'public' }, schema: { body: cartBodySchema } }, async (request) =>
    cart.check(request.body.cart_data, await accountTypeOf(request), request.lang),
  );
}
