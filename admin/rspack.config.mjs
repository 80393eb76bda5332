// The back office: a plain single-page app under /admin/ (no Module Federation — it shares no page with
// the shop, so there is nothing to negotiate at run time). Each screen is its own chunk (React.lazy in
// src/routes.tsx), so sign-in and the dashboard load only what they show.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { browserConfig, devApiProxy } from '@bozor/shared/build/base-config';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => {
  const dev = argv.mode === 'development';
  return browserConfig({
    dir,
    dev,
    entry: './src/index.tsx',
    outDir: path.join(dir, 'dist'),
    publicPath: '/admin/',
    uniqueName: 'bozor_admin',
    scriptDir: 'assets/',
    devScriptDir: 'assets/',
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './public/index.html', inject: 'body', scriptLoading: 'defer' }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public/favicon.svg' }] }),
    ],
    devServer: {
      port: Number(process.env.ADMIN_PORT || 3105),
      hot: true,
      historyApiFallback: { index: '/admin/index.html' },
      open: false,
      devMiddleware: { publicPath: '/admin/' },
      proxy: devApiProxy(['/api', '/media']),
    },
  });
};
