// mf-catalog: home, catalogue, categories, products, product page, brands, blogs, markets, search and
// the information pages. Everything it exposes is listed here.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { remoteConfig } from '@bozor/shared/build/remote-config';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'catalog',
  port: 3101,
  exposes: {
    './Routes': './src/routes.tsx',
    './SearchBox': './src/components/SearchBox.tsx',
  },
});
