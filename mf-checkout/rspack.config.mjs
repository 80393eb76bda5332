// mf-checkout: checkout, checkout/payment, checkout/confirmed. Everything it exposes is listed here.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { remoteConfig } from '@bozor/shared/build/remote-config';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'checkout',
  port: 3103,
  exposes: {
    './Routes': './src/routes.tsx',
  },
});
