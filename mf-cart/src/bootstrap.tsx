// Standalone host page (`pnpm dev` in this package): the cart remote without the shell, with its
// mini-cart in the top bar.
import { mountStandalone } from '@bozor/shared/standalone';
import CartRoutes from './routes';
import MiniCart from './components/MiniCart';

mountStandalone({ render: (basePath) => <CartRoutes basePath={basePath} />, nav: (basePath) => <MiniCart basePath={basePath} /> });
