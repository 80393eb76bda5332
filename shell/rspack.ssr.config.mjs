// The shell's server build (src/ssr.tsx → dist-server/ssr/shell.cjs): the app's tree for shell/server to
// render pages with, bundled with its own react, react-dom/server, router, stores and i18n, which it
// also hands to the remotes' server bundles.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildConfig } from '@bozor/shared/build/remote-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default serverBuildConfig({ dir, name: 'shell', entry: './src/ssr.tsx', outDir: path.join(dir, 'dist-server', 'ssr') });
