// Standalone host page (`pnpm dev` in this package): the checkout remote without the shell.
import { mountStandalone } from '@bozor/shared/standalone';
import CheckoutRoutes from './routes';

mountStandalone({ render: (basePath) => <CheckoutRoutes basePath={basePath} /> });
