// The shell's server build (src/ssr.tsx → dist-server/ssr/shell.cjs): the app's tree for shell/server to
// render pages with, bundled with its own react, react-dom/server, router, stores and i18n, which it
// also hands to the remotes' server bundles.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { tsRule } from '@bozor/shared/build/remote-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default {
  context: dir,
  mode: 'production',
  target: 'node20',
  devtool: false,
  entry: { shell: './src/ssr.tsx' },
  output: { path: path.join(dir, 'dist-server', 'ssr'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
  module: { rules: [tsRule] },
  plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
  optimization: { minimize: false, splitChunks: false },
  performance: { hints: false },
};
