// Standalone host page (`pnpm dev` in this package): the catalog remote without the shell.
import { mountStandalone } from '@bozor/shared/standalone';
import CatalogRoutes from './routes';

mountStandalone({ render: (basePath) => <CatalogRoutes basePath={basePath} /> });
