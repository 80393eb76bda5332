// mf-cart: cart page, the cart badge and the header's mini-cart. Everything it exposes is listed here.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { remoteConfig } from '@bozor/shared/build/remote-config';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'cart',
  port: 3102,
  exposes: {
    './Routes': './src/routes.tsx',
    './CartBadge': './src/components/CartBadge.tsx',
    './MiniCart': './src/components/MiniCart.tsx',
  },
});
