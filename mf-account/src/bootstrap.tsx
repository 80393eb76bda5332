// Standalone host page (`pnpm dev` in this package): the account remote without the shell.
import { mountStandalone } from '@bozor/shared/standalone';
import AccountRoutes from './routes';

mountStandalone({ render: (basePath) => <AccountRoutes basePath={basePath} /> });
