// The back office: a plain single-page app under /admin/ (no Module Federation — it shares no page with
// the shop, so there is nothing to negotiate at run time). Each screen is its own chunk (React.lazy in
// src/routes.tsx), so sign-in and the dashboard load only what they show.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { tsRule } from '@bozor/shared/build/remote-config';

const dir = path.dirname(fileURLToPath(import.meta.url));
const apiUrl = process.env.API_URL || 'http://127.0.0.1:3001';

export default (_env, argv) => {
  const dev = argv.mode === 'development';
  return {
    context: dir,
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'eval-cheap-module-source-map' : false,
    entry: { main: './src/index.tsx' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/admin/',
      uniqueName: 'bozor_admin',
      filename: dev ? 'assets/[name].js' : 'assets/[name].[contenthash:8].js',
      chunkFilename: dev ? 'assets/[name].js' : 'assets/[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: { rules: [tsRule] },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './public/index.html', inject: 'body', scriptLoading: 'defer' }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public/favicon.svg' }] }),
    ],
    performance: { hints: false },
    devServer: {
      port: Number(process.env.ADMIN_PORT || 3105),
      hot: true,
      historyApiFallback: { index: '/admin/index.html' },
      open: false,
      devMiddleware: { publicPath: '/admin/' },
      proxy: [{ context: ['/api', '/media'], target: apiUrl }],
    },
  };
};
