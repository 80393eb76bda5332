// mf-cart's server build (src/ssr.tsx): the cart page for the shell server to render.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { remoteSsrConfig } from '@bozor/shared/build/remote-config';

export default remoteSsrConfig({ dir: path.dirname(fileURLToPath(import.meta.url)), name: 'cart' });
